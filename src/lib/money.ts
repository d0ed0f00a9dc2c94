/*
 * Amounts and minor units, and the rounding of a percentage: the pricing package owns them,
 * since a theme shows totals with the same arithmetic the API charges.
 */
export { percentOf, toAmount, toMinor } from '@storefront-api/pricing';
