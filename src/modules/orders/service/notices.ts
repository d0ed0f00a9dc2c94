import type { ShopContext } from '../../../app-env';
import { escapeHtml } from '../../../lib/html';
import { toAmount } from '../../../lib/money';
import type { EmailKind, QueuedEmail } from '../../mail/outbox';

/** Minor units as a shopper reads them: `12.50 EUR`. */
export const displayAmount = (shop: ShopContext, minor: number) =>
  `${toAmount(minor, shop.currencyDigits).toFixed(shop.currencyDigits)} ${shop.currency}`;

/** A short email of paragraphs, as HTML and text. */
function simpleEmail(
  shop: ShopContext,
  kind: EmailKind,
  to: string,
  subject: string,
  paragraphs: string[],
): QueuedEmail {
  const html = `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5;color:#222">
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
</body></html>`;
  return { shopId: shop.id, kind, to, subject, html, text: paragraphs.join('\n\n') };
}

type OrderRef = { orderNumber: string; name: string; email: string };

/** Told to the buyer when the merchant marks the order delivered. */
export const deliveredEmail = (shop: ShopContext, order: OrderRef) =>
  simpleEmail(
    shop,
    'order-delivered',
    order.email,
    `Your order ${order.orderNumber} has been delivered`,
    [
      `Hello ${order.name},`,
      `Your order ${order.orderNumber} at ${shop.name} has been delivered. We hope you enjoy it.`,
      `Something not right? You can ask for a refund within ${shop.refundWindowDays} days.`,
    ],
  );

/** Told to the buyer when (part of) the order ships, with how to follow it. */
export const shippedEmail = (
  shop: ShopContext,
  order: OrderRef,
  items: string[],
  tracking: { carrier: string; trackingNumber: string; trackingUrl: string | null },
) =>
  simpleEmail(shop, 'order-shipped', order.email, `Your order ${order.orderNumber} has shipped`, [
    `Hello ${order.name},`,
    `We have sent from your order ${order.orderNumber} at ${shop.name}: ${items.join(', ')}.`,
    ...(tracking.carrier || tracking.trackingNumber
      ? [
          `Carrier: ${tracking.carrier || 'not given'}. Tracking number: ${tracking.trackingNumber || 'not given'}.`,
        ]
      : []),
    ...(tracking.trackingUrl ? [`Follow your parcel: ${tracking.trackingUrl}`] : []),
  ]);

/** What a cancel gave back of the payment: told to the buyer as it happened. */
export type CancelRefund = { paid: boolean; refundedMinor: number; refundedBeforeMinor: number };

/** The sentence of a cancel email about the money: true to what the cancel did. */
function cancelMoneyLine(shop: ShopContext, money: CancelRefund): string {
  if (!money.paid) return 'No payment was taken for it, so nothing is due back to you.';
  if (money.refundedMinor <= 0) return 'Everything you paid for it had already been refunded.';
  const amount = displayAmount(shop, money.refundedMinor);
  const before =
    money.refundedBeforeMinor > 0
      ? ` (on top of the ${displayAmount(shop, money.refundedBeforeMinor)} refunded earlier)`
      : '';
  return `We have refunded ${amount}${before}. It may take a few days to show on your statement.`;
}

/** Told to the buyer when the merchant cancels the order: what happened to the money. */
export const cancelledEmail = (shop: ShopContext, order: OrderRef, money: CancelRefund) =>
  simpleEmail(
    shop,
    'order-cancelled',
    order.email,
    `Your order ${order.orderNumber} was cancelled`,
    [
      `Hello ${order.name},`,
      `Your order ${order.orderNumber} at ${shop.name} was cancelled. Nothing will be sent.`,
      cancelMoneyLine(shop, money),
    ],
  );

/** Told to the buyer when the merchant records a refund. */
export const refundedEmail = (shop: ShopContext, order: OrderRef, amountMinor: number) =>
  simpleEmail(shop, 'order-refunded', order.email, `Your refund for order ${order.orderNumber}`, [
    `Hello ${order.name},`,
    `We have refunded ${displayAmount(shop, amountMinor)} for your order ${order.orderNumber} at ${shop.name}.`,
    'It may take a few days to show on your statement.',
  ]);

/**
 * Told to the merchant (the shop's contact address) when an order is placed, with a link to
 * the order in the dashboard at the configured `dashboardOrigin` (never a request's host).
 */
export const newOrderEmail = (
  shop: ShopContext,
  to: string,
  dashboardOrigin: string,
  order: { id: string; orderNumber: string; name: string; email: string; totalMinor: number },
) =>
  simpleEmail(shop, 'merchant-new-order', to, `New order ${order.orderNumber} at ${shop.name}`, [
    `${order.name} (${order.email}) placed order ${order.orderNumber} for ${displayAmount(shop, order.totalMinor)}.`,
    `Open it in your dashboard: ${dashboardOrigin}/admin/orders/${encodeURIComponent(order.id)}`,
  ]);
