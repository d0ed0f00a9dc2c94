/** Amounts are plain numbers in the shop's currency. */
export function formatPrice(amount: number | null | undefined, currency = 'EUR'): string {
  if (amount === null || amount === undefined) return '';
  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
}
