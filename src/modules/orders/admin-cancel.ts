import type { WriteScope } from '../../admin-kit/write';
import type { OrderEffect } from './admin-order-write';
import { type AdminOrderRow, closeDownloads } from './admin-queries';
import { leftToRefund, recordRefund, restockAll } from './admin-refunds';
import { cancelledEmail } from './service/notices';

/** The reason recorded with the refund a cancel makes. */
export const CANCEL_REFUND_REASON = 'Order cancelled';

/**
 * What cancelling the locked order `row` writes, as Shopify's `orderCancel` with refund and
 * restock: every line's stock and the coupon use come back (once, whatever ran before), its
 * downloads close, and what is paid and not refunded yet is refunded by the refund's own
 * code (through the provider when it was paid there, asked last so a refusal or an outage
 * rolls everything back). The buyer's email says what came back. Giving money back needs
 * `orders:refund` besides the route's `orders:write`.
 */
export async function cancelEffect(w: WriteScope, row: AdminOrderRow): Promise<OrderEffect> {
  const amount = leftToRefund(row);
  // A cancel that gives money back is a refund: it needs the refund scope, asked before
  // anything below writes.
  if (amount > 0) w.requireScope('orders:refund');
  const restocked = await restockAll(w, row, { coupons: true });
  await closeDownloads(w.tx, w.shop.id, row.id);
  const refunded =
    amount > 0
      ? await recordRefund(w, row, { amount, reason: CANCEL_REFUND_REASON, restocked })
      : {};
  return {
    // A cancel with a full refund stays `cancelled`: the refund marks only the money.
    values: { ...refunded, status: 'cancelled', cancelledAt: new Date() },
    emails: [
      cancelledEmail(w.shop, row, {
        paid: row.paymentStatus === 'fully-paid' && row.paidTotalMinor > 0,
        refundedMinor: amount,
        refundedBeforeMinor: row.refundedTotalMinor,
      }),
    ],
  };
}
