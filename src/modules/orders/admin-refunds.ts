import type { WriteScope } from '../../admin-kit/write';
import { ApiError } from '../../errors/index';
import { refundThroughProvider } from '../payments/service';
import { insertRefund, restockLines } from './admin-operation-queries';
import type { OrderEffect } from './admin-order-write';
import { type AdminOrderRow, releaseOrder } from './admin-queries';
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
const leftToRefund = (row: AdminOrderRow) => row.paidTotalMinor - row.refundedTotalMinor;

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

/** Gives back the asked quantities, all or nothing; returns what went back. */
async function restock(w: WriteScope, row: AdminOrderRow, asked: RefundInput['restock']) {
  if (asked === true) {
    const ids = await releaseOrder(w.tx, w.shop.id, row.id, { coupons: false });
    const lines = new Map(row.lines.map((l) => [l.id, l.quantity - l.restockedQuantity]));
    return ids.map((lineId) => ({ lineId, quantity: lines.get(lineId) ?? 0 }));
  }
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
 * A refund of the locked order `row` (already checked: paid, neither cancelled nor refunded):
 * records it with what went back to stock, adds it to the refunded total, and makes the
 * order `refunded` only once everything paid has been given back. The caller holds the
 * order's row lock, so concurrent refunds are counted one after the other and can never
 * give back more than was paid.
 */
export async function refundEffect(
  w: WriteScope,
  row: AdminOrderRow,
  input: RefundInput,
): Promise<OrderEffect> {
  const amount = amountOf(row, input.amount);
  const restocked = await restock(w, row, input.restock);
  await insertRefund(w.tx, w.shop.id, row.id, {
    amountMinor: amount,
    reason: input.reason ?? '',
    restock: restocked,
    providerRefundId: await givenBackByProvider(w, row, amount),
  });
  const refundedTotalMinor = row.refundedTotalMinor + amount;
  const full = refundedTotalMinor >= row.paidTotalMinor;
  return {
    values: {
      refundedAt: new Date(),
      refundedTotalMinor,
      ...(full ? { status: 'refunded', refundState: 'refunded' } : {}),
      ...(input.reason ? { refundReason: input.reason } : {}),
    },
    emails: [refundedEmail(w.shop, row, amount)],
  };
}
