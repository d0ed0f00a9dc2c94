import {
  type CheckoutLine,
  type CheckoutSession,
  type PaymentEvent,
  PaymentProviderError,
} from '../../adapters/payments';
import type { Services, ShopContext } from '../../app-env';
import { ApiError, type ErrorCode } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { type ProviderRow, selectWebhookProvider } from './queries';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  receiveWebhook: ['WEBHOOK_SIGNATURE_INVALID'],
  openCheckout: ['SERVICE_UNAVAILABLE'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** What a hosted checkout needs to know about a placed order (minor units). */
export type PayableOrder = {
  id: string;
  orderNumber: string;
  email: string;
  /** The checkout link already opened for the order, if any. */
  paymentUrl: string | null;
  couponTotalMinor: number;
  shippingTotalMinor: number;
  taxTotalMinor: number;
  cartTotalMinor: number;
  shippingName: string | null;
  lines: Array<{ title: string; quantity: number; unitPriceMinor: number }>;
};

/**
 * What the customer is asked to pay, summing exactly to the order total: the products,
 * shipping and tax as lines, or (since a hosted checkout cannot take a negative line)
 * one line for the whole order when a coupon took something off.
 */
export function checkoutLines(order: PayableOrder): CheckoutLine[] {
  if (order.couponTotalMinor > 0) {
    return [
      { name: `Order ${order.orderNumber}`, unitAmountMinor: order.cartTotalMinor, quantity: 1 },
    ];
  }
  const lines = order.lines.map((l) => ({
    name: l.title,
    unitAmountMinor: l.unitPriceMinor,
    quantity: l.quantity,
  }));
  if (order.shippingTotalMinor > 0) {
    lines.push({
      name: `Shipping: ${order.shippingName ?? 'delivery'}`,
      unitAmountMinor: order.shippingTotalMinor,
      quantity: 1,
    });
  }
  if (order.taxTotalMinor > 0) {
    lines.push({ name: 'Tax', unitAmountMinor: order.taxTotalMinor, quantity: 1 });
  }
  return lines;
}

/**
 * The link to the provider's checkout for a placed order. The session is created after the
 * order committed (an outage never loses the order) under the order's own idempotency key,
 * so retries reuse it; an order that already has a link answers with it. If the provider
 * fails the order stays unpaid and the answer is 503.
 */
export async function openCheckout(
  services: Services,
  shop: ShopContext,
  order: PayableOrder,
  provider: ProviderRow,
  origin: string,
  /** Keeps the opened session on the order (the orders module owns that row). */
  remember: (session: CheckoutSession) => Promise<void>,
) {
  if (order.paymentUrl) return { action: 'CHECKOUT-LINK' as const, link: order.paymentUrl };
  const query = (extra: string) => `order=${encodeURIComponent(order.id)}${extra}`;
  try {
    const session = await services.payments(provider.provider).createCheckoutSession({
      secretKey: provider.secretKey,
      currency: shop.currency.toLowerCase(),
      lines: checkoutLines(order),
      successUrl: `${origin}/checkout/success?${query('&session_id={CHECKOUT_SESSION_ID}')}`,
      cancelUrl: `${origin}/checkout?${query('')}`,
      customerEmail: order.email,
      orderId: order.id,
      shopId: shop.id,
      idempotencyKey: `checkout-${order.id}`,
    });
    await remember(session);
    return { action: 'CHECKOUT-LINK' as const, link: session.url };
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    services.log.error('checkout session failed', { orderId: order.id, error: error.message });
    throw new ApiError('SERVICE_UNAVAILABLE', {
      message:
        'The payment provider could not be reached. The order was kept; retry with the same Idempotency-Key to pay for it.',
    });
  }
}

/** An order paid through the provider's checkout, and what to give back of it. */
export type ProviderRefundRequest = {
  orderId: string;
  sessionId: string;
  amountMinor: number;
  /** What was refunded before this refund: with the amount, it names this refund to the provider. */
  refundedBeforeMinor: number;
};

/**
 * Gives money back through the provider the order was paid with, and returns the provider's
 * refund id. Called inside the refund's transaction, before it records anything: a refusal is
 * 409 REFUND_REFUSED_BY_PROVIDER and an outage 503, and either way nothing is recorded. The
 * idempotency key names this refund by the order and what was refunded before it, so a
 * retry after a failed commit gets the provider's same refund back, never a second one.
 */
export async function refundThroughProvider(
  services: Services,
  shop: ShopContext,
  request: ProviderRefundRequest,
): Promise<string> {
  const provider = await selectWebhookProvider(services.database.db, shop.id);
  if (!provider) {
    throw new ApiError('REFUND_REFUSED_BY_PROVIDER', {
      message: 'The payment provider this order was paid through is no longer set up for the shop.',
    });
  }
  try {
    const refund = await services.payments(provider.provider).refund({
      secretKey: provider.secretKey,
      sessionId: request.sessionId,
      amountMinor: request.amountMinor,
      orderId: request.orderId,
      shopId: shop.id,
      idempotencyKey: `refund-${request.orderId}-${request.refundedBeforeMinor}-${request.amountMinor}`,
    });
    return refund.id;
  } catch (error) {
    if (!(error instanceof PaymentProviderError) || !error.refused) throw error;
    services.log.error('provider refused a refund', {
      orderId: request.orderId,
      error: error.message,
    });
    throw new ApiError('REFUND_REFUSED_BY_PROVIDER', {
      details: [{ field: 'amount', message: error.message }],
    });
  }
}

/**
 * What a verified provider event does to the shop's orders (the orders module's
 * settlePaymentEvent, given by the application that mounts the webhook route).
 */
export type SettlePayment = (
  services: Services,
  shopId: string,
  provider: string,
  event: PaymentEvent,
) => Promise<void>;

/**
 * A provider webhook for `shopId`: the signature is checked with the shop's webhook secret,
 * and a verified event is handed to `settle`, which records it once and acts on its order.
 */
export async function receiveWebhook(
  services: Services,
  shopId: string,
  rawBody: string,
  headers: Headers,
  settle: SettlePayment,
) {
  const provider = isUuid(shopId)
    ? await selectWebhookProvider(services.database.db, shopId)
    : null;
  if (!provider) throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
  const payments = services.payments(provider.provider);
  const event: PaymentEvent | null = await payments.readWebhook(
    rawBody,
    headers,
    provider.webhookSecret,
  );
  if (!event) throw new ApiError('WEBHOOK_SIGNATURE_INVALID');
  await settle(services, shopId, provider.provider, event);
  return { received: true as const };
}
