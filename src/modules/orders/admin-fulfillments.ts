import type { WriteScope } from '../../admin-kit/write';
import { ApiError, type ErrorCode } from '../../errors/index';
import type { QueuedEmail } from '../mail/outbox';
import { insertFulfillment } from './admin-operation-queries';
import type { Deliver, FulfillmentCreate } from './admin-operation-schemas';
import { writeOrder } from './admin-order-write';
import type { AdminOrderRow } from './admin-queries';
import { fulfilledByLine } from './service/fulfillment';
import { shippedEmail } from './service/notices';

/** The codes each fulfilment verb can raise; routes document them from here. */
export const RAISES = {
  fulfil: [
    'ORDER_NOT_FOUND',
    'ORDER_TRANSITION_INVALID',
    'ORDER_ALREADY_FULFILLED',
    'FULFILLMENT_QUANTITY_INVALID',
  ],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** The statuses in which an order can still ship. */
const SHIPPABLE = ['pending', 'delivered', 'completed'];

/**
 * What a fulfilment ships: the lines asked (each at most what is left of it), or, with
 * none asked, everything not shipped yet. Over-fulfilling a line is refused.
 */
function linesToShip(row: AdminOrderRow, asked: FulfillmentCreate['lines']) {
  const shipped = fulfilledByLine(row.fulfillments);
  const left = new Map(row.lines.map((l) => [l.id, l.quantity - (shipped.get(l.id) ?? 0)]));
  if (asked === undefined) {
    const all = [...left]
      .filter(([, q]) => q > 0)
      .map(([lineId, quantity]) => ({ lineId, quantity }));
    if (all.length === 0) throw new ApiError('ORDER_ALREADY_FULFILLED');
    return all;
  }
  const wanted = new Map<string, number>();
  for (const l of asked) wanted.set(l.line_id, (wanted.get(l.line_id) ?? 0) + l.quantity);
  const details = [...wanted]
    .filter(([lineId, quantity]) => quantity > (left.get(lineId) ?? 0))
    .map(([lineId]) => ({
      field: 'lines',
      message: left.has(lineId)
        ? `Line ${lineId} has ${left.get(lineId)} left to fulfil.`
        : `Line ${lineId} is not on the order.`,
    }));
  if (details.length > 0) throw new ApiError('FULFILLMENT_QUANTITY_INVALID', { details });
  return [...wanted].map(([lineId, quantity]) => ({ lineId, quantity }));
}

/**
 * Records a fulfilment of the locked order `row` (the lines asked, or all that is left) and
 * returns the buyer's shipping email, which carries the tracking link.
 */
export async function fulfilmentOf(
  w: WriteScope,
  row: AdminOrderRow,
  input: Deliver & { lines?: FulfillmentCreate['lines'] },
): Promise<QueuedEmail> {
  if (!SHIPPABLE.includes(row.status)) {
    throw new ApiError('ORDER_TRANSITION_INVALID', {
      message: `The order is ${row.status}: fulfilling needs it ${SHIPPABLE.join(' or ')}.`,
      details: [{ field: 'status', message: `The order is ${row.status}.` }],
    });
  }
  const lines = linesToShip(row, input.lines);
  const tracking = {
    carrier: input.carrier ?? '',
    trackingNumber: input.tracking_number ?? '',
    trackingUrl: input.tracking_url ?? null,
  };
  await insertFulfillment(w.tx, w.shop.id, row.id, tracking, lines);
  const titles = new Map(row.lines.map((l) => [l.id, l.title]));
  const items = lines.map((l) => `${l.quantity} × ${titles.get(l.lineId) ?? ''}`);
  return shippedEmail(w.shop, row, items, tracking);
}

/** POST /orders/{id}/fulfillments: ships some or all lines, with tracking, and tells the buyer. */
export async function fulfilOrder(w: WriteScope, id: string, input: FulfillmentCreate) {
  const { order } = await writeOrder(w, id, async (row) => ({
    values: {},
    emails: [await fulfilmentOf(w, row, input)],
  }));
  return order;
}
