/** What a merchant reads for each payment state of an order (the API's `payment_status`). */
export const PAYMENT_LABELS: Record<string, string> = {
  unpaid: 'Unpaid',
  'fully-paid': 'Paid',
  'partially-refunded': 'Partly refunded',
  refunded: 'Refunded',
};

export const paymentLabel = (status: string) => PAYMENT_LABELS[status] ?? status;
