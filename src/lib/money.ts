/** Minor units (integer) to the amount the API shows, e.g. 1999 → 19.99 for two digits. */
export const toAmount = (minor: number, digits: number): number => minor / 10 ** digits;

/** An amount the API shows to minor units, rounding half away from zero. */
export const toMinor = (amount: number, digits: number): number =>
  Math.round(amount * 10 ** digits);
