import type { ShopContext } from '../../../app-env';
import { escapeHtml } from '../../../lib/html';
import { toAmount } from '../../../lib/money';
import type { QueuedEmail } from '../../mail/outbox';
import type { OrderPlan } from '../queries/place';

/**
 * The storefront page that signs the customer in from an order email: its query
 * parameters are exactly the body of POST /auth/access (`id`, `email`, `order`).
 */
export function accessLinkUrl(origin: string, linkId: string, email: string, orderId: string) {
  return `${origin}/auth/access?${new URLSearchParams({ id: linkId, email, order: orderId })}`;
}

export type ConfirmationEmailInput = {
  shopName: string;
  customerName: string;
  orderNumber: string;
  lines: Array<{ title: string; quantity: number; totalMinor: number }>;
  /** Minor units. */
  totals: { products: number; coupons: number; shipping: number; tax: number; total: number };
  awaitingPayment: boolean;
  accessUrl: string;
};

/**
 * The order confirmation: what was ordered, the totals, and a sign-in link to the order.
 * `amount` formats minor units for display.
 */
export function orderConfirmationEmail(
  input: ConfirmationEmailInput,
  amount: (minor: number) => string,
) {
  const e = escapeHtml;
  const rows = input.lines
    .map(
      (l) =>
        `<tr><td>${e(l.title)}</td><td style="text-align:right">${l.quantity}</td><td style="text-align:right">${e(amount(l.totalMinor))}</td></tr>`,
    )
    .join('');
  const status = input.awaitingPayment
    ? 'We will start on it as soon as your payment arrives.'
    : 'We are getting it ready.';
  const sums: Array<[string, number]> = [
    ['Products', input.totals.products],
    ['Discount', input.totals.coupons],
    ['Shipping', input.totals.shipping],
    ['Tax', input.totals.tax],
    ['Total', input.totals.total],
  ];
  return {
    subject: `Your order ${input.orderNumber} at ${input.shopName}`,
    html: `<!doctype html>
<html><body style="font-family:sans-serif;line-height:1.5;color:#222">
<p>Hello ${e(input.customerName)},</p>
<p>Thank you for your order <strong>${e(input.orderNumber)}</strong> at ${e(input.shopName)}. ${status}</p>
<table style="border-collapse:collapse;min-width:320px">${rows}</table>
<table style="border-collapse:collapse;min-width:320px;margin-top:12px">${sums
      .map(([k, v]) => `<tr><td>${k}</td><td style="text-align:right">${e(amount(v))}</td></tr>`)
      .join('')}</table>
<p><a href="${e(input.accessUrl)}" style="display:inline-block;padding:10px 18px;background:#222;color:#fff;text-decoration:none;border-radius:4px">View your order</a></p>
<p style="font-size:12px;color:#777">The button signs you in to your order without a password. Do not forward this email.</p>
</body></html>`,
    text: [
      `Hello ${input.customerName},`,
      '',
      `Thank you for your order ${input.orderNumber} at ${input.shopName}. ${status}`,
      '',
      ...input.lines.map((l) => `${l.quantity} x ${l.title}  ${amount(l.totalMinor)}`),
      '',
      ...sums.map(([k, v]) => `${k}: ${amount(v)}`),
      '',
      `View your order: ${input.accessUrl}`,
    ].join('\n'),
  };
}

/** The confirmation email of a planned order, once its number and sign-in link exist. */
export function confirmationFor(
  shop: ShopContext,
  plan: OrderPlan,
  origin: string,
  awaitingPayment: boolean,
) {
  const display = (minor: number) =>
    `${toAmount(minor, shop.currencyDigits).toFixed(shop.currencyDigits)} ${shop.currency}`;
  const { contact, totals } = plan;
  return (order: { id: string; orderNumber: string; linkId: string }): QueuedEmail => ({
    shopId: shop.id,
    kind: 'order-confirmation',
    to: contact.email,
    ...orderConfirmationEmail(
      {
        shopName: shop.name,
        customerName: contact.name,
        orderNumber: order.orderNumber,
        lines: plan.lines,
        totals: {
          products: totals.productsTotalMinor,
          coupons: totals.couponTotalMinor,
          shipping: totals.shippingTotalMinor,
          tax: totals.taxTotalMinor,
          total: totals.cartTotalMinor,
        },
        awaitingPayment,
        accessUrl: accessLinkUrl(origin, order.linkId, contact.email, order.id),
      },
      display,
    ),
  });
}
