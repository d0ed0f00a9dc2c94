import type { WriteScope } from '../../admin-kit/write';
import type { ErrorCode } from '../../errors/index';
import type { MerchantScope } from '../../identity/merchant-scopes';
import type { WebhookEventType } from '../webhooks/events';
import { emitFromWrite } from '../webhooks/service';
import { cancelEffect } from './admin-cancel';
import { fulfilmentOf } from './admin-fulfillments';
import type { Deliver } from './admin-operation-schemas';
import { type OrderEffect, writeOrder } from './admin-order-write';
import type { AdminOrderRow } from './admin-queries';
import { type RefundInput, refundEffect } from './admin-refunds';
import type { AdminOrder, MarkPaid, RefundRequest } from './admin-schemas';
import { assertTransition, type OrderVerb } from './admin-transition-table';
import { deliveredEmail } from './service/notices';

/** The codes each transition can raise; routes document them from here. */
export const RAISES = {
  deliver: ['ORDER_NOT_FOUND', 'ORDER_TRANSITION_INVALID', 'ORDER_ALREADY_FULFILLED'],
  complete: ['ORDER_NOT_FOUND', 'ORDER_TRANSITION_INVALID'],
  cancel: [
    'ORDER_NOT_FOUND',
    'ORDER_TRANSITION_INVALID',
    'REFUND_REFUSED_BY_PROVIDER',
    'SERVICE_UNAVAILABLE',
  ],
  mark_paid: ['ORDER_NOT_FOUND', 'ORDER_TRANSITION_INVALID', 'ORDER_ALREADY_PAID'],
  request_refund: [
    'ORDER_NOT_FOUND',
    'ORDER_TRANSITION_INVALID',
    'REFUND_ALREADY_REQUESTED',
    'REFUND_WINDOW_CLOSED',
  ],
  refund: [
    'ORDER_NOT_FOUND',
    'ORDER_TRANSITION_INVALID',
    'ORDER_NOT_PAID',
    'REFUND_EXCEEDS_PAID',
    'REFUND_RESTOCK_INVALID',
    'REFUND_REFUSED_BY_PROVIDER',
    'SERVICE_UNAVAILABLE',
  ],
} as const satisfies Record<OrderVerb, readonly ErrorCode[]>;

/**
 * The scope each verb's route needs. A refund moves money, so it needs `orders:refund`,
 * which `orders:write` does not include; cancelling needs `orders:write`, and also
 * `orders:refund` when the order has money left to refund (checked in the transaction,
 * before anything is written: see cancelEffect).
 */
export const VERB_SCOPES = {
  deliver: 'orders:write',
  complete: 'orders:write',
  cancel: 'orders:write',
  mark_paid: 'orders:write',
  request_refund: 'orders:write',
  refund: 'orders:refund',
} as const satisfies Record<OrderVerb, MerchantScope>;

/** The input a verb takes (deliver's optional tracking, mark_paid, request_refund, refund). */
export type VerbInput = Partial<MarkPaid & RefundRequest & Deliver> & RefundInput;

/** Where an order stood before and after a transition: what an order event carries. */
export type OrderChange = {
  verb: OrderVerb;
  from: Pick<AdminOrder, 'status' | 'payment_status' | 'refund_status'>;
  to: Pick<AdminOrder, 'status' | 'payment_status' | 'refund_status'>;
};

export type OrderTransition = { order: AdminOrder; change: OrderChange };

const now = () => new Date();

/** What each verb writes besides the order row: stock, coupon use, downloads, emails. */
async function effectOf(
  w: WriteScope,
  verb: OrderVerb,
  row: AdminOrderRow,
  input: VerbInput,
): Promise<OrderEffect> {
  const { shop } = w;
  switch (verb) {
    case 'deliver': {
      const tracked = input.carrier || input.tracking_number || input.tracking_url;
      // Tracking ships what is left (refused when nothing is): never dropped.
      const shipping = tracked ? [await fulfilmentOf(w, row, input)] : [];
      return {
        values: { status: 'delivered', deliveredAt: now() },
        emails: [...shipping, deliveredEmail(shop, row)],
      };
    }
    case 'complete':
      return { values: { status: 'completed', completedAt: now() }, emails: [] };
    case 'cancel':
      return cancelEffect(w, row);
    case 'mark_paid':
      return {
        values: {
          paymentStatus: 'fully-paid',
          paidTotalMinor: row.cartTotalMinor,
          paidAt: now(),
          paymentMethod: input.method ?? 'cash_on_delivery',
        },
        emails: [],
      };
    case 'request_refund':
      return {
        values: {
          refundState: 'requested',
          refundRequestedAt: now(),
          refundReason: input.reason ?? '',
        },
        emails: [],
      };
    case 'refund':
      return refundEffect(w, row, input);
  }
}

const stateOf = (o: AdminOrder) => ({
  status: o.status,
  payment_status: o.payment_status,
  refund_status: o.refund_status,
});

/**
 * The webhook events a transition raises: `order.status_changed` whenever the status
 * moves, `order.paid` when the merchant marks it paid, `order.cancelled` on a cancel, and
 * `order.refunded` whenever money went back (a refund, or a cancel of a paid order).
 */
function eventsOf(change: OrderChange, refunded: boolean): WebhookEventType[] {
  const events: WebhookEventType[] = [];
  if (change.from.status !== change.to.status) events.push('order.status_changed');
  if (change.verb === 'mark_paid') events.push('order.paid');
  if (change.verb === 'cancel') events.push('order.cancelled');
  if (refunded) events.push('order.refunded');
  return events;
}

/**
 * Records the transition's events in its transaction; delivered once it has committed. The
 * events of a refund or a cancel also carry `refund`: the one this change recorded (the
 * order's refunds that `before` did not have; null for a cancel that gave no money back), so
 * a receiver never guesses which of several it is.
 */
async function emitOrderEvents(w: WriteScope, transition: OrderTransition, before: AdminOrder) {
  const { order, change } = transition;
  const known = new Set(before.refunds.map((r) => r.id));
  const refund = order.refunds.find((r) => !known.has(r.id)) ?? null;
  const carriesRefund = change.verb === 'refund' || change.verb === 'cancel';
  const data = {
    id: order.id,
    order_number: order.order_number,
    ...change,
    ...(carriesRefund ? { refund } : {}),
    order,
  };
  for (const type of eventsOf(change, refund !== null)) await emitFromWrite(w, type, data);
}

/**
 * Runs one verb of the state machine on an order, in the write's transaction: locks the
 * order, checks If-Match and the transition table, writes the effects, the order, the
 * buyer's email (outbox, delivered after the commit) and the audit record. The returned
 * `change` is what its webhook events (order.status_changed, order.paid, order.cancelled,
 * order.refunded)
 * carry; they are recorded in the same transaction.
 */
export async function changeOrder(
  w: WriteScope,
  id: string,
  verb: OrderVerb,
  input: VerbInput = {},
): Promise<OrderTransition> {
  const { before, order } = await writeOrder(w, id, async (current) => {
    assertTransition(verb, current, w.shop);
    return effectOf(w, verb, current, input);
  });
  const transition = { order, change: { verb, from: stateOf(before), to: stateOf(order) } };
  await emitOrderEvents(w, transition, before);
  return transition;
}
