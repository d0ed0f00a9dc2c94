/**
 * Forms described by their fields: how a record of the API becomes what the merchant edits
 * (text, amounts in major units) and back (minor units, numbers, nulls), with the errors that
 * keep it from being sent, keyed by the API's field names. Pure, so it is tested in node.
 */
import { parseMajor, toMajorInput } from './money';

type Base = {
  name: string;
  label: string;
  hint?: string;
  required?: boolean;
  /** Shown but not editable (its hint says why). */
  disabled?: boolean;
};
type Option = { value: string; label: string };
/** A column of a row: text, or one of `options`. */
export type Column = { name: string; label: string; options?: readonly Option[] };

export type Field = Base &
  (
    | { kind: 'text' | 'textarea' | 'url' | 'email' }
    /** HTML the storefront shows, written in the rich-text editor. */
    | { kind: 'html' }
    /** A whole number; `optional` ones may be left empty (null). */
    | { kind: 'int' | 'number'; optional?: boolean; min?: number; max?: number }
    /** An amount in minor units, typed in major units of the shop's currency. */
    | { kind: 'money'; optional?: boolean }
    | { kind: 'bool' }
    /** With a `placeholder`, nothing is chosen until the merchant picks (no silent default). */
    | { kind: 'select'; options: readonly Option[]; placeholder?: string }
    | { kind: 'datetime' }
    /** A set of values picked from `options` (scopes, events). */
    | { kind: 'choices'; options: readonly Option[] }
    /** The id of an image of the shop (media), or null. */
    | { kind: 'image' }
    /** Words separated by commas, sent as a list. */
    | { kind: 'list' }
    /** A list of rows of text columns; other properties of a row are kept as they were. */
    | { kind: 'rows'; columns: readonly Column[]; singular: string; newRow?: () => Row }
  );

export type Row = Record<string, unknown>;
export type Draft = Record<string, unknown>;
export type FormErrors = Record<string, string>;

/** `2026-06-01T00:00:00.000Z` as a datetime-local input's value in the browser's zone. */
export const toLocalInput = (iso: unknown) => {
  if (typeof iso !== 'string' || iso === '') return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** What the form shows for `record` (a missing record: every field empty). */
export function draftOf(
  fields: readonly Field[],
  record: Row | undefined,
  currency: string,
): Draft {
  const draft: Draft = {};
  for (const f of fields) {
    const value = record?.[f.name];
    if (f.kind === 'money') draft[f.name] = toMajorInput(value as number | null, currency);
    else if (f.kind === 'bool') draft[f.name] = value === true;
    else if (f.kind === 'datetime') draft[f.name] = toLocalInput(value);
    else if (f.kind === 'choices') draft[f.name] = Array.isArray(value) ? [...value] : [];
    else if (f.kind === 'image') draft[f.name] = typeof value === 'string' ? value : null;
    else if (f.kind === 'list') draft[f.name] = Array.isArray(value) ? value.join(', ') : '';
    else if (f.kind === 'rows') {
      draft[f.name] = Array.isArray(value)
        ? value.map((row: Row) => ({
            ...row,
            ...Object.fromEntries(f.columns.map((c) => [c.name, text(row[c.name])])),
          }))
        : [];
    } else if (f.kind === 'select') {
      draft[f.name] = text(value ?? (f.placeholder ? '' : f.options[0]?.value));
    } else draft[f.name] = text(value);
  }
  return draft;
}

function numberOf(f: Field & { kind: 'int' | 'number' }, raw: string, errors: FormErrors) {
  const value = raw.trim();
  if (value === '') {
    if (f.optional) return null;
    errors[f.name] = 'Enter a number';
    return null;
  }
  const pattern = f.kind === 'int' ? /^-?\d+$/ : /^-?\d+(?:[.,]\d+)?$/;
  if (!pattern.test(value)) {
    errors[f.name] = f.kind === 'int' ? 'Enter a whole number' : 'Enter a number';
    return null;
  }
  const n = Number(value.replace(',', '.'));
  if (f.min !== undefined && n < f.min) errors[f.name] = `At least ${f.min}`;
  else if (f.max !== undefined && n > f.max) errors[f.name] = `At most ${f.max}`;
  return n;
}

/**
 * The request body for `draft`: every field, or with `only`, just the fields changed since
 * `only` (a PATCH that leaves what the merchant did not touch as it is).
 */
export function bodyOf(
  fields: readonly Field[],
  draft: Draft,
  currency: string,
  only?: Draft,
): { body: Row; errors: FormErrors } {
  const errors: FormErrors = {};
  const body: Row = {};
  for (const f of fields) {
    const raw = draft[f.name];
    if (only && JSON.stringify(only[f.name]) === JSON.stringify(raw)) continue;
    const value = typeof raw === 'string' ? raw : '';
    if (f.required && typeof raw === 'string' && value.trim() === '') {
      errors[f.name] = `${f.kind === 'select' ? 'Choose' : 'Enter'} ${f.label.toLowerCase()}`;
      continue;
    }
    if (f.kind === 'money') {
      if (value.trim() === '' && f.optional) body[f.name] = null;
      else {
        const parsed = parseMajor(value, currency);
        if (parsed.ok) body[f.name] = parsed.minor;
        else errors[f.name] = parsed.message;
      }
    } else if (f.kind === 'int' || f.kind === 'number') body[f.name] = numberOf(f, value, errors);
    else if (f.kind === 'datetime') body[f.name] = value ? new Date(value).toISOString() : null;
    else if (f.kind === 'list') {
      body[f.name] = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean);
    } else if (f.kind === 'rows') {
      body[f.name] = (raw as Row[]).map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
        ),
      );
    } else if (typeof raw === 'string') body[f.name] = value.trim();
    else body[f.name] = raw;
  }
  return { body, errors };
}

/** The API's field errors (`details`) by field, a row's (`footer.1.title`) kept whole. */
export const errorsOf = (details: readonly { field: string; message: string }[]): FormErrors =>
  Object.fromEntries(details.map((d) => [d.field, d.message]));
