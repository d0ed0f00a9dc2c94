import { beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../src/adapters/payments';
import { createStripePayments } from '../../src/adapters/payments-stripe';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import {
  completeSession,
  createShippingRate,
  enablePayments,
  orderBody,
  postOrder,
  postWebhook,
  providerApi,
  providerRefunds,
  providerSessions,
  type TestProvider,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

// Refunds of an order paid through the provider's checkout go through the provider
// (docs/decisions/orders.md, "Refunds through the payment provider").
describe('refunds through the payment provider', () => {
  let shop: TestShop;
  let provider: TestProvider;
  let api: MerchantClient;
  let rate: { id: string };
  let kettle: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop({
      currency: 'EUR',
      settings: { checkout: { requiresPayments: true } },
    });
    provider = await enablePayments(shop);
    api = (await merchantOf(shop)).api;
    rate = await createShippingRate(shop, { priceMinor: 500 });
    kettle = await createProduct(shop, { title: 'Kettle', priceMinor: 4800, stock: 20 });
  });

  /** A delivered order the buyer paid at the provider: its id, total and payment intent. */
  const paidOrder = async () => {
    const placed = await postOrder(
      shop,
      orderBody([{ productId: kettle.id, quantity: 1 }], { shippingId: rate.id }),
    );
    expect(placed.body.data.action).toBe('CHECKOUT-LINK');
    const list = await api.get('/orders?limit=1');
    const order = list.body.data[0];
    const [session] = await providerSessions(order.id);
    if (!session) throw new Error('no provider session');
    const event = await completeSession(session.session.id);
    expect((await postWebhook(shop.id, event, provider.webhookSecret)).status).toBe(200);
    expect((await api.post(`/orders/${order.id}/deliver`, {})).status).toBe(200);
    const paid = (await api.get(`/orders/${order.id}`)).body;
    expect(paid.payment_status).toBe('fully-paid');
    const intent = (event as { data: { object: { payment_intent: string } } }).data.object
      .payment_intent;
    return { id: order.id as string, total: paid.paid_amount as number, intent };
  };

  it('gives the money back at the provider, refund by refund, and records its refund ids', async () => {
    const order = await paidOrder();
    const first = await api.post(`/orders/${order.id}/refunds`, { amount: 2000, reason: 'Dent' });
    expect(first.status).toBe(200);
    expect(first.body.payment_status).toBe('partially-refunded');
    let atProvider = await providerRefunds(order.id);
    expect(atProvider).toHaveLength(1);
    expect(atProvider[0]).toMatchObject({ amount: 2000, payment_intent: order.intent });
    expect(first.body.refunds[0].provider_refund_id).toBe(atProvider[0]?.id);

    const rest = await api.post(`/orders/${order.id}/refunds`, { amount: order.total - 2000 });
    expect(rest.status).toBe(200);
    expect(rest.body.status).toBe('refunded');
    atProvider = await providerRefunds(order.id);
    expect(atProvider.map((r) => r.amount).reduce((a, b) => a + b, 0)).toBe(order.total);
    expect(
      rest.body.refunds.map((r: { provider_refund_id: string }) => r.provider_refund_id),
    ).toEqual(atProvider.map((r) => r.id));
  });

  it('a refusal by the provider records nothing and restocks nothing', async () => {
    const order = await paidOrder();
    // Refunded in the provider's own dashboard already: the provider refuses a second time.
    const outside = await providerApi('/v1/refunds', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `payment_intent=${order.intent}`,
    });
    expect(outside.status).toBe(200);
    const stockBefore = (await api.get(`/products/${kettle.id}`)).body.stock;
    const before = (await api.get(`/orders/${order.id}`)).body;
    const line = before.lines[0].id;
    const refused = await api.post(`/orders/${order.id}/refunds`, {
      amount: 1000,
      restock: [{ line_id: line, quantity: 1 }],
    });
    expect(expectError(refused, 409, 'REFUND_REFUSED_BY_PROVIDER').details?.[0]?.message).toMatch(
      /already been refunded/,
    );
    const after = (await api.get(`/orders/${order.id}`)).body;
    expect(after.refunds).toEqual([]);
    expect(after.version).toBe(before.version);
    expect((await api.get(`/products/${kettle.id}`)).body.stock).toBe(stockBefore);
  });

  it('an order marked paid by hand is refunded here only, without the provider', async () => {
    const placed = await postOrder(
      shop,
      orderBody([{ productId: kettle.id, quantity: 1 }], { shippingId: rate.id }),
    );
    expect(placed.status).toBe(200);
    const order = (await api.get('/orders?limit=1')).body.data[0];
    expect(
      (await api.post(`/orders/${order.id}/mark-paid`, { method: 'bank_transfer' })).status,
    ).toBe(200);
    expect((await api.post(`/orders/${order.id}/deliver`, {})).status).toBe(200);
    const refunded = await api.post(`/orders/${order.id}/refunds`, { amount: 500 });
    expect(refunded.status).toBe(200);
    expect(refunded.body.refunds[0].provider_refund_id).toBeNull();
    expect(await providerRefunds(order.id)).toEqual([]);
  });

  it('the adapter tells an outage (no answer) from a refusal (a 4xx)', async () => {
    const request = {
      secretKey: provider.secretKey,
      sessionId: 'cs_test_unknown',
      amountMinor: 100,
      orderId: crypto.randomUUID(),
      shopId: shop.id,
      idempotencyKey: crypto.randomUUID(),
    };
    const down = createStripePayments({ apiBase: 'http://127.0.0.1:9' });
    const outage = await down.refund(request).catch((e: unknown) => e);
    expect(outage).toBeInstanceOf(PaymentProviderError);
    expect((outage as PaymentProviderError).refused).toBe(false);
    const up = createStripePayments({
      apiBase: (await providerApi('/__test/sessions')).url.replace(/\/__test\/sessions$/, ''),
    });
    const refusal = await up.refund(request).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(PaymentProviderError);
    expect((refusal as PaymentProviderError).refused).toBe(true);
  });
});
