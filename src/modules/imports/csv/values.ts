import { toMinor } from '../../../lib/money';
import type { ColumnKey, Row } from './columns';

/** A problem with one product of a file, at a line and (when one is to blame) a column. */
export type ImportProblem = {
  line: number;
  column: string | null;
  code: string;
  message: string;
  handle?: string;
};

/** Collects a product's problems while its rows are read; any problem fails the product. */
export class Problems {
  readonly list: ImportProblem[] = [];
  constructor(private readonly handle: string) {}
  add(row: Pick<Row, 'line'>, column: string | null, code: string, message: string): void {
    this.list.push({ line: row.line, column, code, message, handle: this.handle });
  }
  at(row: Row, key: ColumnKey, message: string): void {
    this.add(row, row.column(key), 'CSV_VALUE_INVALID', message);
  }
}

const DECIMAL = /^\d+(\.\d+)?$/;

/** An amount in minor units (empty: null), e.g. "19.99" → 1999 for two digits. */
export function amountOf(row: Row, key: ColumnKey, digits: number, problems: Problems) {
  const raw = row.get(key);
  if (raw === '') return null;
  if (!DECIMAL.test(raw)) {
    problems.at(row, key, `"${raw}" is not an amount (write it like 19.99)`);
    return null;
  }
  const minor = toMinor(Number(raw), digits);
  if (minor > 1_000_000_000) {
    problems.at(row, key, `${raw} is more than this catalogue allows`);
    return null;
  }
  return minor;
}

/** A non-negative decimal (grams may carry decimals), or null when empty. */
export function decimalOf(row: Row, key: ColumnKey, problems: Problems): number | null {
  const raw = row.get(key);
  if (raw === '') return null;
  if (!DECIMAL.test(raw)) {
    problems.at(row, key, `"${raw}" is not a number`);
    return null;
  }
  return Number(raw);
}

/** A whole number of units; negative stock (Shopify allows it) counts as none on hand. */
export function quantityOf(row: Row, key: ColumnKey, problems: Problems): number | null {
  const raw = row.get(key).replace(/\.0+$/, '');
  if (raw === '') return null;
  if (!/^-?\d+$/.test(raw)) {
    problems.at(row, key, `"${raw}" is not a whole number`);
    return null;
  }
  return Math.min(Math.max(Number(raw), 0), 1_000_000_000);
}

/** A text cell of at most `max` characters (the API's own limit), as written. */
export function textOf(row: Row, key: ColumnKey, max: number, problems: Problems): string {
  const raw = row.get(key);
  const length = Array.from(raw).length;
  if (length > max) problems.at(row, key, `${length} characters; at most ${max} are kept here`);
  return raw;
}

const TRUE = new Set(['true', 'yes', '1', 'y']);
const FALSE = new Set(['false', 'no', '0', 'n']);

/** TRUE/FALSE as Shopify writes them (also yes/no, 1/0); `fallback` when empty. */
export function booleanOf(row: Row, key: ColumnKey, fallback: boolean, problems: Problems) {
  const raw = row.get(key).toLowerCase();
  if (raw === '') return fallback;
  if (TRUE.has(raw)) return true;
  if (FALSE.has(raw)) return false;
  problems.at(row, key, `"${row.get(key)}" is not TRUE or FALSE`);
  return fallback;
}

/** Grams in one display unit (Shopify's `Variant Weight Unit`). */
export const GRAMS_PER: Record<string, number> = {
  g: 1,
  kg: 1000,
  lb: 453.59237,
  oz: 28.349523125,
};

export const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A Shopify handle as a slug: lower case, runs of anything but letters and digits become
 * one hyphen. Null when nothing is left.
 */
export function slugOfHandle(handle: string): string | null {
  const slug = handle
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 200)
    .replace(/-+$/, '');
  return slug === '' ? null : slug;
}
