/**
 * One CSV line (RFC 4180). Fields that a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, tab or carriage return) are prefixed with `'` (OWASP CSV injection).
 */
export function csvLine(fields: ReadonlyArray<string | null>): string {
  return `${fields
    .map((field) => {
      let value = field ?? '';
      if (/^[=+\-@\t\r]/.test(value)) value = `'${value}`;
      return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
    })
    .join(',')}\r\n`;
}
