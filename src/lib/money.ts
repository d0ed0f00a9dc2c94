/** Minor units (integer) to the amount the API shows, e.g. 1999 → 19.99 for two digits. */
export const toAmount = (minor: number, digits: number): number => minor / 10 ** digits;

/** An amount the API shows to minor units, rounding half away from zero. */
export const toMinor = (amount: number, digits: number): number =>
  Math.round(amount * 10 ** digits);

/**
 * `percent`% of `minor` (a non-negative integer), rounded half up to a whole minor unit.
 * The percent counts in hundredths; the product is taken in BigInt, so the result is exact
 * for any safe integer amount.
 */
export const percentOf = (minor: number, percent: number): number =>
  Number((BigInt(minor) * BigInt(Math.round(percent * 100)) + 5000n) / 10000n);
