import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createMemoryPayments } from '../../src/adapters/payments';
import {
  createStripePayments,
  formEncode,
  readStripeEvent,
  verifyStripeSignature,
} from '../../src/adapters/payments-stripe';
import { providerApi, signPayload } from '../helpers/order-factory';

const KEY = 'sk_test_standin0001';
const form = (body: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: {
    authorization: `Bearer ${KEY}`,
    'content-type': 'application/x-www-form-urlencoded',
    ...headers,
  },
  body,
});
const sessionParams = (orderId: string, unitAmount = 1500) =>
  formEncode({
    mode: 'payment',
    success_url: 'https://shop.example.test/checkout/success',
    metadata: { order_id: orderId },
    line_items: [
      {
        quantity: 2,
        price_data: { currency: 'eur', unit_amount: unitAmount, product_data: { name: 'Mug' } },
      },
    ],
  });

const checkout = {
  secretKey: KEY,
  currency: 'eur',
  lines: [{ name: 'Mug', unitAmountMinor: 1500, quantity: 2 }],
  successUrl: 'https://shop.example.test/checkout/success',
  cancelUrl: 'https://shop.example.test/checkout',
  customerEmail: 'ada@example.test',
  orderId: crypto.randomUUID(),
  shopId: crypto.randomUUID(),
  idempotencyKey: `checkout-${crypto.randomUUID()}`,
};

describe('the payment provider stand-in', () => {
  it('requires a secret key, as the provider does', async () => {
    const missing = await providerApi('/v1/checkout/sessions', { method: 'POST' });
    expect(missing.status).toBe(401);
    const wrong = await providerApi('/v1/checkout/sessions', {
      ...form(sessionParams('x')),
      headers: { authorization: 'Bearer pk_test_publishable' },
    });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { type: string } }).error.type).toBe(
      'invalid_request_error',
    );
  });

  it('creates a session from a form body and reports missing parameters by name', async () => {
    const created = await providerApi('/v1/checkout/sessions', form(sessionParams('o-1')));
    expect(created.status).toBe(200);
    const session = (await created.json()) as Record<string, unknown>;
    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_total: 3000,
      currency: 'eur',
      payment_status: 'unpaid',
      status: 'open',
      metadata: { order_id: 'o-1' },
    });
    expect(String(session.id)).toMatch(/^cs_test_/);
    const items = await providerApi(`/v1/checkout/sessions/${session.id}/line_items`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(((await items.json()) as { data: unknown[] }).data).toHaveLength(1);

    const noName = sessionParams('o-2').replace(
      /&line_items%5B0%5D%5Bprice_data%5D%5Bproduct_data%5D%5Bname%5D=Mug/,
      '',
    );
    const refused = await providerApi('/v1/checkout/sessions', form(noName));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { param: string } }).error.param).toBe(
      'line_items[0][price_data][product_data][name]',
    );
  });

  it('replays an idempotent request and refuses the key with other parameters', async () => {
    const headers = { 'idempotency-key': `idem-${crypto.randomUUID()}` };
    const first = await providerApi('/v1/checkout/sessions', form(sessionParams('o-3'), headers));
    const again = await providerApi('/v1/checkout/sessions', form(sessionParams('o-3'), headers));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(
      ((await first.json()) as { id: string }).id,
    );
    const changed = await providerApi(
      '/v1/checkout/sessions',
      form(sessionParams('o-3', 99), headers),
    );
    expect(changed.status).toBe(400);
    expect(((await changed.json()) as { error: { type: string } }).error.type).toBe(
      'idempotency_error',
    );
  });

  it('expires an open session once, and only with the key that opened it', async () => {
    const created = await providerApi('/v1/checkout/sessions', form(sessionParams('o-4')));
    const { id } = (await created.json()) as { id: string };
    const expire = (key = KEY) =>
      providerApi(`/v1/checkout/sessions/${id}/expire`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}` },
      });
    expect((await expire('sk_test_someoneelse01')).status).toBe(404);
    const expired = await expire();
    expect(expired.status).toBe(200);
    expect(await expired.json()).toMatchObject({ id, status: 'expired', url: null });
    const again = await expire();
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe(
      'checkout_session_not_open',
    );
    const paid = await providerApi(`/__test/sessions/${id}/complete`, { method: 'POST' });
    expect(paid.status).toBe(400);
  });
});

describe('the Stripe adapter', () => {
  const stripe = () =>
    createStripePayments({ apiBase: (env as unknown as Record<string, string>).STRIPE_API_BASE });

  it('opens one session per idempotency key', async () => {
    const first = await stripe().createCheckoutSession(checkout);
    const again = await stripe().createCheckoutSession(checkout);
    expect(first.url).toContain(first.id);
    expect(again).toEqual(first);
  });

  it('throws PaymentProviderError when the provider refuses', async () => {
    const refused = stripe().createCheckoutSession({
      ...checkout,
      secretKey: 'bad',
      idempotencyKey: 'k-bad',
    });
    await expect(refused).rejects.toMatchObject({ name: 'PaymentProviderError', status: 401 });
  });

  it('verifies signatures: right secret, any v1, within five minutes', async () => {
    const body = '{"id":"evt_1"}';
    const now = 1_900_000_000;
    const good = await signPayload('whsec_1', body, now);
    expect(await verifyStripeSignature(body, good, 'whsec_1', now)).toBe(true);
    expect(await verifyStripeSignature(body, `${good},v1=deadbeef`, 'whsec_1', now)).toBe(true);
    const rotated = `t=${now},v1=deadbeef,${good.split(',')[1]}`;
    expect(await verifyStripeSignature(body, rotated, 'whsec_1', now)).toBe(true);
    expect(await verifyStripeSignature(body, good, 'whsec_2', now)).toBe(false);
    expect(await verifyStripeSignature(body, good, 'whsec_1', now + 301)).toBe(false);
    expect(await verifyStripeSignature(body, good, 'whsec_1', now - 301)).toBe(false);
    expect(await verifyStripeSignature(body, good.replace('v1=', 'v0='), 'whsec_1', now)).toBe(
      false,
    );
    expect(await verifyStripeSignature(body, null, 'whsec_1', now)).toBe(false);
  });

  it('reads paid checkouts and leaves other events without a payment', () => {
    const session = {
      id: 'cs_1',
      payment_status: 'paid',
      amount_total: 1234,
      currency: 'eur',
      metadata: { order_id: 'o', shop_id: 's' },
    };
    expect(
      readStripeEvent({ id: 'e1', type: 'checkout.session.completed', data: { object: session } }),
    ).toEqual({
      id: 'e1',
      type: 'checkout.session.completed',
      paidCheckout: {
        sessionId: 'cs_1',
        orderId: 'o',
        shopId: 's',
        amountMinor: 1234,
        currency: 'eur',
      },
      expiredCheckout: null,
    });
    const unpaid = { ...session, payment_status: 'unpaid' };
    expect(
      readStripeEvent({ id: 'e2', type: 'checkout.session.completed', data: { object: unpaid } })
        ?.paidCheckout,
    ).toBeNull();
    expect(readStripeEvent({ type: 'x' })).toBeNull();
  });

  it('reads an expired checkout, whatever its payment status says', () => {
    const session = { id: 'cs_2', payment_status: 'unpaid', metadata: { shop_id: 's' } };
    const expired = { type: 'checkout.session.expired', data: { object: session } };
    expect(readStripeEvent({ id: 'e3', ...expired })).toEqual({
      id: 'e3',
      type: 'checkout.session.expired',
      paidCheckout: null,
      expiredCheckout: { sessionId: 'cs_2', orderId: null, shopId: 's' },
    });
    const withReference = { ...session, client_reference_id: 'o' };
    expect(
      readStripeEvent({ id: 'e4', ...expired, data: { object: withReference } })?.expiredCheckout,
    ).toEqual({ sessionId: 'cs_2', orderId: 'o', shopId: 's' });
    expect(readStripeEvent({ id: 'e5', ...expired, data: { object: {} } })).toBeNull();
  });

  it('encodes nested parameters the way the provider reads them', () => {
    expect(formEncode({ a: 'x y', b: [{ c: 1 }], d: { e: true }, f: null })).toBe(
      'a=x%20y&b%5B0%5D%5Bc%5D=1&d%5Be%5D=true',
    );
  });
});

describe('the in-memory payments adapter', () => {
  it('keeps sessions and checks webhooks against the secret', async () => {
    const payments = createMemoryPayments();
    const session = await payments.createCheckoutSession(checkout);
    expect(await payments.createCheckoutSession(checkout)).toEqual(session);
    expect(payments.sessions).toHaveLength(1);
    const event = { id: 'e', type: 'paid', paidCheckout: null, expiredCheckout: null };
    const headers = new Headers({ 'x-memory-signature': 'secret' });
    expect(await payments.readWebhook(JSON.stringify(event), headers, 'secret')).toEqual(event);
    expect(await payments.readWebhook(JSON.stringify(event), headers, 'other')).toBeNull();
  });
});
