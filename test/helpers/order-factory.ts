import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import * as s from '../../src/db/schema';
import { call, client } from './api';
import { testDb } from './db';
import { announceChange } from './freshness';
import type { TestShop } from './shop-factory';

/*
 * Checkout fixtures: shipping rates, pickup points, coupons, payment providers, digital
 * files, order bodies, and the payment provider stand-in (sessions, signed webhooks).
 */

type ShopRef = { id: string };
type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

const unique = () => crypto.randomUUID().replaceAll('-', '').slice(0, 10);

/** A unique address for a test's buyer. */
export const buyerEmail = (label = 'buyer') => `${label}-${unique()}@example.test`;

export type CartLine = { productId: string; quantity: number; variationKey?: string };

/** A valid POST /orders body for `cart`; fields can be overridden or removed (`undefined`). */
export function orderBody(cart: CartLine[], overrides: Record<string, unknown> = {}) {
  return {
    cart: cart.map((line) => ({ type: 'product', ...line })),
    name: 'Ada Lovelace',
    email: buyerEmail(),
    phone: '+15550100',
    town: 'London',
    city: 'Marylebone',
    ...overrides,
  };
}

/** POST /orders as a guest (or with `options.token` / extra headers). */
export function postOrder(
  shop: TestShop,
  body: unknown,
  options: { token?: string; headers?: Record<string, string> } = {},
) {
  return client(shop.apiKey, options.token, options.headers).post('/orders', body);
}

export async function createShippingRate(
  shop: ShopRef,
  overrides: Partial<Insert<typeof s.shippingRates>> = {},
) {
  const [row] = await testDb()
    .insert(s.shippingRates)
    .values({ title: 'Standard', priceMinor: 500, ...overrides, shopId: shop.id })
    .returning();
  if (!row) throw new Error('rate not created');
  await announceChange(shop.id);
  return row;
}

export async function createPickupLocation(
  shop: ShopRef,
  overrides: Partial<Insert<typeof s.pickupLocations>> = {},
) {
  const [row] = await testDb()
    .insert(s.pickupLocations)
    .values({ name: 'Corner shop', feeMinor: 0, ...overrides, shopId: shop.id })
    .returning();
  if (!row) throw new Error('pickup location not created');
  await announceChange(shop.id);
  return row;
}

/** A coupon (10% off, active, unlimited unless told otherwise); the code is stored upper case. */
export async function createCoupon(
  shop: ShopRef,
  overrides: Partial<Insert<typeof s.coupons>> = {},
) {
  const [row] = await testDb()
    .insert(s.coupons)
    .values({
      code: `SAVE${unique()}`.toUpperCase(),
      kind: 'percentage',
      value: 10,
      ...overrides,
      shopId: shop.id,
    })
    .returning();
  if (!row) throw new Error('coupon not created');
  await announceChange(shop.id);
  return row;
}

export type TestProvider = { secretKey: string; webhookSecret: string };

/** Connects the shop to the payment provider stand-in (active unless told otherwise). */
export async function enablePayments(
  shop: ShopRef,
  overrides: Partial<Insert<typeof s.paymentProviders>> = {},
): Promise<TestProvider> {
  const values = {
    secretKey: `sk_test_${unique()}${unique()}`,
    webhookSecret: `whsec_${unique()}${unique()}`,
    active: true,
    ...overrides,
  };
  await testDb()
    .insert(s.paymentProviders)
    .values({ ...values, shopId: shop.id });
  await announceChange(shop.id);
  return { secretKey: values.secretKey, webhookSecret: values.webhookSecret };
}

/** A file of a digital product, with its object put into storage unless `store` is false. */
export async function createDigitalFile(
  shop: ShopRef,
  productId: string,
  overrides: Partial<Insert<typeof s.digitalFiles>> & { body?: string; store?: boolean } = {},
) {
  const { body = `file body ${unique()}`, store = true, ...columns } = overrides;
  const storageKey = columns.storageKey ?? `${shop.id}/files/${unique()}.txt`;
  if (store)
    await env.STORAGE.put(storageKey, body, { httpMetadata: { contentType: 'text/plain' } });
  const [row] = await testDb()
    .insert(s.digitalFiles)
    .values({
      title: 'Handbook',
      filename: 'handbook.txt',
      mimeType: 'text/plain',
      sizeBytes: body.length,
      ...columns,
      storageKey,
      shopId: shop.id,
      productId,
    })
    .returning();
  if (!row) throw new Error('digital file not created');
  await announceChange(shop.id);
  return { ...row, body };
}

/** Marks an order paid the way the merchant's back office would. */
export async function markPaid(orderId: string) {
  await testDb()
    .update(s.orders)
    .set({ paymentStatus: 'fully-paid', paidAt: new Date() })
    .where(eq(s.orders.id, orderId));
}

/** Every order row of the shop (to count what a request created). */
export const ordersOf = (shop: ShopRef) =>
  testDb().select().from(s.orders).where(eq(s.orders.shopId, shop.id));

const providerBase = () => (env as unknown as Record<string, string>).STRIPE_API_BASE ?? '';

export type ProviderSession = {
  session: Record<string, unknown> & { id: string; url: string; amount_total: number };
  lineItems: Array<{ description: string; quantity: number; price: { unit_amount: number } }>;
  apiKey: string;
};

/** The checkout sessions the provider stand-in created for an order. */
export async function providerSessions(orderId: string): Promise<ProviderSession[]> {
  const res = await fetch(`${providerBase()}/__test/sessions?order_id=${orderId}`);
  return (await res.json()) as ProviderSession[];
}

/** Pays (`complete`) or lets lapse (`expire`) a session at the stand-in; returns the event. */
async function closeSession(sessionId: string, how: 'complete' | 'expire') {
  const res = await fetch(`${providerBase()}/__test/sessions/${sessionId}/${how}`, {
    method: 'POST',
  });
  return (await res.json()) as Record<string, unknown>;
}

/** Pays a session at the stand-in and returns the `checkout.session.completed` event. */
export const completeSession = (sessionId: string) => closeSession(sessionId, 'complete');

/** Lets a session lapse unpaid and returns the `checkout.session.expired` event. */
export const expireSession = (sessionId: string) => closeSession(sessionId, 'expire');

/** Calls the stand-in's API directly, as the worker does. */
export const providerApi = (path: string, init: RequestInit = {}) =>
  fetch(`${providerBase()}${path}`, init);

/** A refund as the payment provider stand-in made it. */
export type ProviderRefund = {
  id: string;
  amount: number;
  payment_intent: string;
  metadata: object;
};

/** The refunds the provider stand-in made for an order. */
export const providerRefunds = async (orderId: string) =>
  (await (await providerApi(`/__test/refunds?order_id=${orderId}`)).json()) as ProviderRefund[];

/** `Stripe-Signature` for `body`, computed here independently of the worker's code. */
export async function signPayload(secret: string, body: string, timestamp = nowSeconds()) {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${timestamp}.${body}`),
  );
  const hex = [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `t=${timestamp},v1=${hex}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Delivers a webhook to the worker, signed with `secret` unless a signature is given. */
export async function postWebhook(
  shopId: string,
  event: unknown,
  secret: string,
  signature?: string,
) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  return call(`/payments/webhook/${shopId}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signature ?? (await signPayload(secret, body)),
    },
  });
}
