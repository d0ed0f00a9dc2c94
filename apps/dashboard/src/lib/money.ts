/**
 * Money in the dashboard: the only place amounts cross between what a merchant reads and types
 * (the shop's currency in major units, "28.00") and what the API holds (integer minor units,
 * 2800). Every input and display goes through here, so a price can never be sent 100× off.
 *
 * Parsing works on the digits as text, never through floating point: "0.29" is 29, not 28.999….
 */

/** How many minor-unit digits a currency has (EUR 2, JPY 0, KWD 3), as the platform's Intl knows. */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

export type ParsedAmount = { ok: true; minor: number } | { ok: false; message: string };

/** The largest amount the API accepts, in minor units. */
export const MAX_MINOR = 1_000_000_000;

/**
 * What a merchant typed ("28", "28.5", "28,50", "1 234.00") to minor units of `currency`.
 * Refuses negatives, more decimals than the currency has, and anything not a plain number.
 */
export function parseMajor(input: string, currency: string): ParsedAmount {
  const digits = currencyDigits(currency);
  const text = input.trim().replace(/[\s\u00a0]/g, '');
  if (text === '') return { ok: false, message: 'Enter an amount' };
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!match) {
    return text.startsWith('-')
      ? { ok: false, message: 'The amount cannot be negative' }
      : { ok: false, message: 'Enter an amount like 28.00' };
  }
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) {
    return digits === 0
      ? { ok: false, message: `${currency} has no decimals` }
      : { ok: false, message: `At most ${digits} decimals` };
  }
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor) || minor > MAX_MINOR) {
    return { ok: false, message: 'The amount is too large' };
  }
  return { ok: true, minor };
}

/** Minor units as the text an input shows, in major units: 2800 → "28.00" (no currency sign). */
export function toMajorInput(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '';
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 10 ** digits);
  const fraction = digits === 0 ? '' : `.${String(abs % 10 ** digits).padStart(digits, '0')}`;
  return `${sign}${whole}${fraction}`;
}

/** Minor units for reading: 2800 in EUR → "€28.00" (in the browser's locale). */
export function formatMoney(minor: number | null | undefined, currency: string, locale?: string) {
  if (minor === null || minor === undefined) return '—';
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    minor / 10 ** digits,
  );
}
