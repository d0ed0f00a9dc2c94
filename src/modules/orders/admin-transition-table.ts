import type { ShopContext } from '../../app-env';
import { ApiError, type ApiErrorOptions, type ErrorCode } from '../../errors/index';
import type { OrderTableRow } from './admin-queries';
import { refundOf } from './service/read';

export type OrderStatus = OrderTableRow['status'];

/**
 * The order state machine, the one table of what a merchant may do to an order: for each
 * verb, the statuses it may start from and the status it leads to (null: the status stays;
 * the verb changes the payment or the refund request). Anything else is 409
 * ORDER_TRANSITION_INVALID naming the current status. docs/decisions/orders.md reproduces it.
 */
export const ORDER_TRANSITIONS = {
  deliver: { from: ['pending'], to: 'delivered' },
  complete: { from: ['delivered'], to: 'completed' },
  cancel: { from: ['pending'], to: 'cancelled' },
  mark_paid: { from: ['pending', 'delivered', 'completed'], to: null },
  request_refund: { from: ['delivered', 'completed'], to: null },
  // A refund follows the payment, not the delivery: any paid order still open.
  refund: { from: ['pending', 'delivered', 'completed'], to: 'refunded' },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus | null }>;

export type OrderVerb = keyof typeof ORDER_TRANSITIONS;

/** Why a verb may not run on an order: the code and options of the error it is refused with. */
type Refusal = { code: ErrorCode; options?: ApiErrorOptions };

/** The refusal `verb` meets on the order as it is now, or null when it may run. */
function refusalOf(
  verb: OrderVerb,
  row: OrderTableRow,
  shop: ShopContext,
  now: number,
): Refusal | null {
  const rule = ORDER_TRANSITIONS[verb];
  if (!(rule.from as readonly OrderStatus[]).includes(row.status)) {
    return {
      code: 'ORDER_TRANSITION_INVALID',
      options: {
        message: `The order is ${row.status}: ${verb} needs it ${rule.from.join(' or ')}.`,
        details: [{ field: 'status', message: `The order is ${row.status}.` }],
      },
    };
  }
  if (verb === 'mark_paid' && row.paymentStatus === 'fully-paid') {
    return { code: 'ORDER_ALREADY_PAID' };
  }
  if (verb === 'refund' && row.paymentStatus !== 'fully-paid') return { code: 'ORDER_NOT_PAID' };
  if (verb === 'request_refund') {
    if (row.refundState !== 'none') return { code: 'REFUND_ALREADY_REQUESTED' };
    const { refundStatus, refundExpiryDate } = refundOf(
      {
        status: row.status,
        refundState: row.refundState,
        deliveredAt: row.deliveredAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      },
      shop.refundWindowDays,
      now,
    );
    if (refundStatus === 'EXPIRED') {
      return {
        code: 'REFUND_WINDOW_CLOSED',
        options: { message: `The refund window closed at ${refundExpiryDate}.` },
      };
    }
  }
  return null;
}

/** Throws the coded refusal when `verb` may not run on the order as it is now. */
export function assertTransition(
  verb: OrderVerb,
  row: OrderTableRow,
  shop: ShopContext,
  now = Date.now(),
): void {
  const refusal = refusalOf(verb, row, shop, now);
  if (refusal) throw new ApiError(refusal.code, refusal.options);
}

/**
 * The verbs the order's state allows now, in the table's order: those `assertTransition`
 * lets through, so a client offers exactly what the API accepts.
 */
export function availableVerbs(
  row: OrderTableRow,
  shop: ShopContext,
  now = Date.now(),
): OrderVerb[] {
  return (Object.keys(ORDER_TRANSITIONS) as OrderVerb[]).filter(
    (verb) => refusalOf(verb, row, shop, now) === null,
  );
}
