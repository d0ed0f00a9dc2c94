import { timingSafeEqual } from '../lib/crypto';
import {
  type CheckoutRef,
  type CheckoutRequest,
  type PaymentEvent,
  PaymentProviderError,
  type Payments,
} from './payments';

const STRIPE_API = 'https://api.stripe.com';
/**
 * The longest a checkout-session call may take. It runs while the buyer waits for POST
 * /orders; a call that times out is answered 503 and repeated safely (same idempotency key).
 */
export const PAYMENTS_TIMEOUT_MS = 8_000;
/** Stripe's own default: a signed delivery older than five minutes is refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

type FormValue = string | number | boolean | null | undefined | FormObject | FormValue[];
type FormObject = { [key: string]: FormValue };

/** Stripe's form encoding: nested objects and arrays as `a[b][0][c]=…`. */
export function formEncode(value: FormObject): string {
  const pairs: string[] = [];
  const walk = (prefix: string, v: FormValue) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) {
      for (const [i, item] of v.entries()) walk(`${prefix}[${i}]`, item);
    } else if (typeof v === 'object') {
      for (const [k, inner] of Object.entries(v)) walk(prefix ? `${prefix}[${k}]` : k, inner);
    } else pairs.push(`${encodeURIComponent(prefix)}=${encodeURIComponent(String(v))}`);
  };
  walk('', value);
  return pairs.join('&');
}

const encoder = new TextEncoder();

async function hmacSha256Hex(secret: string, payload: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(payload));
  return Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The `Stripe-Signature` value Stripe sends for `body` at `timestamp` (seconds). */
export async function stripeSignature(secret: string, body: string, timestamp: number) {
  return `t=${timestamp},v1=${await hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

/**
 * Checks a `Stripe-Signature` header (`t=…,v1=…[,v1=…]`): one v1 must be the HMAC-SHA256
 * of `${t}.${body}` under the endpoint secret, and `t` must be within the tolerance.
 */
export async function verifyStripeSignature(
  body: string,
  header: string | null,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<boolean> {
  if (!header || !secret) return false;
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([k]) => k === 't')?.[1]);
  const signatures = parts.filter(([k, v]) => k === 'v1' && v).map(([, v]) => v ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = await hmacSha256Hex(secret, `${timestamp}.${body}`);
  // Every candidate is compared, so the time taken does not reveal which one matched.
  return signatures.map((s) => timingSafeEqual(s, expected)).includes(true);
}

type StripeSession = {
  id?: unknown;
  url?: unknown;
  payment_status?: unknown;
  amount_total?: unknown;
  currency?: unknown;
  client_reference_id?: unknown;
  metadata?: Record<string, unknown> | null;
};

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

const PAID_TYPES = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
]);

/** The session an event is about, with the order and shop our metadata put on it. */
function checkoutRefOf(session: StripeSession): CheckoutRef | null {
  const sessionId = text(session.id);
  if (!sessionId) return null;
  return {
    sessionId,
    orderId: text(session.metadata?.order_id) ?? text(session.client_reference_id),
    shopId: text(session.metadata?.shop_id),
  };
}

/**
 * Reads a Stripe event: completed checkouts whose payment is `paid` carry `paidCheckout`,
 * `checkout.session.expired` (a session nobody paid before it closed) `expiredCheckout`.
 */
export function readStripeEvent(raw: unknown): PaymentEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const event = raw as { id?: unknown; type?: unknown; data?: { object?: StripeSession } };
  const id = text(event.id);
  const type = text(event.type);
  if (!id || !type) return null;
  const session = event.data?.object;
  const none: PaymentEvent = { id, type, paidCheckout: null, expiredCheckout: null };
  if (!session) return none;
  if (type === 'checkout.session.expired') {
    const ref = checkoutRefOf(session);
    return ref ? { ...none, expiredCheckout: ref } : null;
  }
  if (!PAID_TYPES.has(type) || session.payment_status !== 'paid') return none;
  const ref = checkoutRefOf(session);
  const amount = session.amount_total;
  if (!ref || typeof amount !== 'number' || !Number.isInteger(amount)) return null;
  return {
    ...none,
    paidCheckout: { ...ref, amountMinor: amount, currency: text(session.currency) ?? '' },
  };
}

function sessionParams(request: CheckoutRequest): FormObject {
  return {
    mode: 'payment',
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
    customer_email: request.customerEmail,
    client_reference_id: request.orderId,
    metadata: { order_id: request.orderId, shop_id: request.shopId },
    payment_intent_data: { metadata: { order_id: request.orderId, shop_id: request.shopId } },
    line_items: request.lines.map((line) => ({
      quantity: line.quantity,
      price_data: {
        currency: request.currency,
        unit_amount: line.unitAmountMinor,
        product_data: { name: line.name },
      },
    })),
  };
}

type StripeAnswer = Record<string, unknown> & { error?: { message?: string } };

/**
 * One call to Stripe's REST API with the shop's key, bounded by PAYMENTS_TIMEOUT_MS: the
 * answer's JSON, or PaymentProviderError (with the status when Stripe answered, so a refusal
 * can be told from an outage).
 */
async function stripeCall(
  base: string,
  secretKey: string,
  path: string,
  options: { form?: FormObject; idempotencyKey?: string } = {},
): Promise<StripeAnswer> {
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: options.form ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${secretKey}`,
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      ...(options.form ? { body: formEncode(options.form) } : {}),
      signal: AbortSignal.timeout(PAYMENTS_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PaymentProviderError(`payment provider unreachable: ${String(error)}`);
  }
  // The signal also bounds the body; a body cut short reads as no answer.
  const body = (await response.json().catch(() => null)) as StripeAnswer | null;
  if (!response.ok || !body) {
    const reason = body?.error?.message ?? `status ${response.status}`;
    throw new PaymentProviderError(`payment provider refused: ${reason}`, response.status);
  }
  return body;
}

/** Stripe Checkout over its REST API; `apiBase` points it at a local stand-in in development. */
export function createStripePayments(options: { apiBase?: string | undefined } = {}): Payments {
  const base = (options.apiBase ?? STRIPE_API).replace(/\/+$/, '');
  return {
    provider: 'stripe',
    async createCheckoutSession(request) {
      const body = await stripeCall(base, request.secretKey, '/v1/checkout/sessions', {
        form: sessionParams(request),
        idempotencyKey: request.idempotencyKey,
      });
      const id = text(body.id);
      const url = text(body.url);
      if (!id || !url)
        throw new PaymentProviderError('payment provider answered without a session');
      return { id, url };
    },
    async refund(request) {
      // A checkout session is paid through its payment intent, which is what Stripe refunds.
      const session = await stripeCall(
        base,
        request.secretKey,
        `/v1/checkout/sessions/${encodeURIComponent(request.sessionId)}`,
      );
      const intent = text(session.payment_intent);
      if (!intent) throw new PaymentProviderError('the checkout session took no payment', 409);
      const refund = await stripeCall(base, request.secretKey, '/v1/refunds', {
        form: {
          payment_intent: intent,
          amount: request.amountMinor,
          metadata: { order_id: request.orderId, shop_id: request.shopId },
        },
        idempotencyKey: request.idempotencyKey,
      });
      const id = text(refund.id);
      if (!id) throw new PaymentProviderError('payment provider answered without a refund');
      return { id, status: text(refund.status) ?? 'pending' };
    },
    async readWebhook(rawBody, headers, webhookSecret) {
      if (!(await verifyStripeSignature(rawBody, headers.get('stripe-signature'), webhookSecret))) {
        return null;
      }
      try {
        return readStripeEvent(JSON.parse(rawBody));
      } catch {
        return null;
      }
    },
  };
}
