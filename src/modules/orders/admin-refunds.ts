import type { WriteScope } from '../../admin-kit/write';
import { ApiError } from '../../errors/index';
import { refundThroughProvider } from '../payments/service';
import { insertRefund, restockLines } from './admin-operation-queries';
import type { OrderEffect } from './admin-order-write';
import { type AdminOrderRow, type OrderTableRow, releaseOrder } from './admin-queries';
import { refundedEmail } from './service/notices';

/**
 * A refund as either route asks it: `POST /refunds` names the amount and the lines to
 * restock; the older `POST /refund` may leave the amount out (all that is left) and restock
 * everything the order still holds (`true`).
 */
export type RefundInput = {
  amount?: number;
  reason?: string;
  restock?: boolean | Array<{ line_id: string; quantity: number }>;
};

/** What is paid and not refunded yet: the most a refund may give back. */
export const leftToRefund = (row: AdminOrderRow) =>
  row.paymentStatus === 'fully-paid' ? row.paidTotalMinor - row.refundedTotalMinor : 0;

function amountOf(row: AdminOrderRow, asked: number | undefined) {
  const left = leftToRefund(row);
  if (asked === undefined) return left;
  if (asked > left) {
    throw new ApiError('REFUND_EXCEEDS_PAID', {
      details: [{ field: 'amount', message: `At most ${left} (paid and not refunded yet).` }],
    });
  }
  return asked;
}

/** Lines given back to stock: what a refund records it restocked. */
type Restocked = Array<{ lineId: string; quantity: number }>;

/**
 * Gives back to stock all the order's lines still hold (and its coupon use with `coupons`),
 * once whatever ran before; returns what went back.
 */
export async function restockAll(
  w: WriteScope,
  row: AdminOrderRow,
  options: { coupons: boolean },
): Promise<Restocked> {
  const ids = await releaseOrder(w.tx, w.shop.id, row.id, options);
  const lines = new Map(row.lines.map((l) => [l.id, l.quantity - l.restockedQuantity]));
  return ids.map((lineId) => ({ lineId, quantity: lines.get(lineId) ?? 0 }));
}

/** Gives back the asked quantities, all or nothing; returns what went back. */
async function restock(
  w: WriteScope,
  row: AdminOrderRow,
  asked: RefundInput['restock'],
): Promise<Restocked> {
  if (asked === true) return restockAll(w, row, { coupons: false });
  if (!asked || asked.length === 0) return [];
  const wanted = new Map<string, number>();
  for (const l of asked) wanted.set(l.line_id, (wanted.get(l.line_id) ?? 0) + l.quantity);
  const lines = [...wanted].map(([lineId, quantity]) => ({ lineId, quantity }));
  const back = new Set(await restockLines(w.tx, w.shop.id, row.id, lines));
  const refused = lines.filter((l) => !back.has(l.lineId));
  if (refused.length > 0) {
    // The transaction rolls back: no stock moved, no refund recorded.
    throw new ApiError('REFUND_RESTOCK_INVALID', {
      details: refused.map((l) => ({
        field: 'restock',
        message: `Line ${l.lineId} cannot give back ${l.quantity}.`,
      })),
    });
  }
  return lines;
}

/**
 * An order paid through the provider's checkout (not marked paid by hand) is refunded there,
 * last of all the refund's checks, so a refusal or an outage leaves nothing written; the
 * provider's refund id is recorded with it. Null for money taken outside the provider.
 */
async function givenBackByProvider(w: WriteScope, row: AdminOrderRow, amount: number) {
  if (row.paymentMethod || !row.paymentProvider || !row.paymentSessionId) return null;
  return refundThroughProvider(w.services, w.shop, {
    orderId: row.id,
    sessionId: row.paymentSessionId,
    amountMinor: amount,
    refundedBeforeMinor: row.refundedTotalMinor,
  });
}

/**
 * Records a refund of `amount` (already checked against what is left) of the locked order
 * `row`, with what went back to stock, after asking the provider for the money when it was
 * paid there; returns the order columns it changes: the refunded total, and the order
 * `refunded` once everything paid has been given back. The one owner of what a refund writes,
 * for the refund verbs and for cancelling a paid order alike.
 */
export async function recordRefund(
  w: WriteScope,
  row: AdminOrderRow,
  refund: { amount: number; reason: string; restocked: Restocked },
): Promise<Partial<OrderTableRow>> {
  await insertRefund(w.tx, w.shop.id, row.id, {
    amountMinor: refund.amount,
    reason: refund.reason,
    restock: refund.restocked,
    providerRefundId: await givenBackByProvider(w, row, refund.amount),
  });
  const refundedTotalMinor = row.refundedTotalMinor + refund.amount;
  const full = refundedTotalMinor >= row.paidTotalMinor;
  return {
    refundedAt: new Date(),
    refundedTotalMinor,
    ...(full ? { status: 'refunded', refundState: 'refunded' } : {}),
    ...(refund.reason ? { refundReason: refund.reason } : {}),
  };
}

/**
 * A refund of the locked order `row` (already checked: paid, neither cancelled nor refunded):
 * the amount asked (all that is left by default), what goes back to stock, and the buyer's
 * email. The caller holds the order's row lock, so concurrent refunds are counted one after
 * the other and can never give back more than was paid.
 */
export async function refundEffect(
  w: WriteScope,
  row: AdminOrderRow,
  input: RefundInput,
): Promise<OrderEffect> {
  const amount = amountOf(row, input.amount);
  const restocked = await restock(w, row, input.restock);
  const values = await recordRefund(w, row, { amount, reason: input.reason ?? '', restocked });
  return { values, emails: [refundedEmail(w.shop, row, amount)] };
}
