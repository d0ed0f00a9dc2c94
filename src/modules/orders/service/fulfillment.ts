import type { FulfillmentRow } from '../queries/fulfillments';

/** Shopify's fulfilment states: nothing shipped yet, some lines or quantities, everything. */
export type FulfillmentStatus = 'unfulfilled' | 'partial' | 'fulfilled';

/** How much of each line the fulfilments have shipped, by line id. */
export function fulfilledByLine(fulfillments: FulfillmentRow[]): Map<string, number> {
  const shipped = new Map<string, number>();
  for (const f of fulfillments) {
    for (const l of f.lines) shipped.set(l.lineId, (shipped.get(l.lineId) ?? 0) + l.quantity);
  }
  return shipped;
}

/** The order's fulfilment state from its lines and what its fulfilments shipped. */
export function fulfillmentStatusOf(
  lines: Array<{ id: string; quantity: number }>,
  fulfillments: FulfillmentRow[],
): FulfillmentStatus {
  const shipped = fulfilledByLine(fulfillments);
  if (shipped.size === 0) return 'unfulfilled';
  return lines.every((l) => (shipped.get(l.id) ?? 0) >= l.quantity) ? 'fulfilled' : 'partial';
}
