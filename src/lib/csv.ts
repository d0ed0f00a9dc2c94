/**
 * A cell a spreadsheet would run as a formula: it starts with `=`, `+`, `-`, `@`, tab or
 * carriage return (OWASP CSV injection), possibly after quotes that an earlier guard added.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
/** A cell this guard wrote: one quote added in front of a formula start. */
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * The cell as it is written to a file a spreadsheet may open: a formula start is prefixed
 * with `'`, which spreadsheets show as text. A value that already starts with quotes before
 * a formula start gets one more, so `unguardFormula` restores every value exactly.
 */
export const guardFormula = (value: string): string => (FORMULA.test(value) ? `'${value}` : value);

/** The value `guardFormula` was given: one leading `'` removed from a guarded formula start. */
export const unguardFormula = (value: string): string =>
  GUARDED.test(value) ? value.slice(1) : value;

const needsQuotes = /[",\r\n]|^\s|\s$/;

/**
 * One CSV line (RFC 4180: fields quoted when they must be, CRLF end), every cell guarded
 * against formula injection.
 */
export function csvLine(fields: ReadonlyArray<string | null>): string {
  return `${fields
    .map((field) => {
      const value = guardFormula(field ?? '');
      return needsQuotes.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
    })
    .join(',')}\r\n`;
}
