import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { CheckoutLinkSchema } from '../../src/modules/orders/schemas';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import {
  createCoupon,
  createShippingRate,
  enablePayments,
  orderBody,
  ordersOf,
  postOrder,
  providerSessions,
  type TestProvider,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const orderRow = async (id: string) => {
  const [row] = await testDb().select().from(s.orders).where(eq(s.orders.id, id));
  return row;
};

describe('POST /orders with online payments', () => {
  let shop: TestShop;
  let provider: TestProvider;
  let rate: { id: string };
  let lamp: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop({
      currency: 'EUR',
      settings: { tax: { active: true, value: 20 }, checkout: { requiresPayments: true } },
      domains: [{ hostname: 'lamps.example.test', isPrimary: true }],
    });
    provider = await enablePayments(shop);
    rate = await createShippingRate(shop, { title: 'Courier', priceMinor: 700 });
    lamp = await createProduct(shop, { title: 'Desk lamp', priceMinor: 4500, stock: 10 });
  });

  it('answers with a checkout link and keeps the order unpaid', async () => {
    const body = orderBody([{ productId: lamp.id, quantity: 2 }], { shippingId: rate.id });
    const res = await postOrder(shop, body);
    expect(res.status).toBe(200);
    expect(CheckoutLinkSchema.strict().safeParse(res.body.data).error?.issues ?? []).toEqual([]);
    const [order] = await ordersOf(shop);
    expect(order).toMatchObject({ paymentStatus: 'unpaid', paymentProvider: 'stripe' });
    const [session] = await providerSessions(order?.id ?? '');
    expect(session).toBeDefined();
    expect(res.body.data.link).toBe(session?.session.url);
    expect(order?.paymentSessionId).toBe(session?.session.id);
    expect(order?.paymentUrl).toBe(session?.session.url);
    expect(session?.apiKey).toBe(provider.secretKey);
    expect(session?.session).toMatchObject({
      mode: 'payment',
      currency: 'eur',
      customer_email: body.email,
      client_reference_id: order?.id,
      metadata: { order_id: order?.id, shop_id: shop.id },
      success_url: `https://lamps.example.test/checkout/success?order=${order?.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `https://lamps.example.test/checkout?order=${order?.id}`,
      // 2 x 45.00 + 7.00 shipping + 20% tax on 90.00
      amount_total: 9000 + 700 + 1800,
    });
    expect(session?.session.amount_total).toBe(order?.cartTotalMinor);
    expect(session?.lineItems.map((l) => [l.description, l.quantity, l.price.unit_amount])).toEqual(
      [
        ['Desk lamp', 2, 4500],
        ['Shipping: Courier', 1, 700],
        ['Tax', 1, 1800],
      ],
    );
  });

  it('asks for the discounted total as one line when a coupon applies', async () => {
    await createCoupon(shop, { code: 'LAMP10', kind: 'fixed', value: 1000 });
    const res = await postOrder(
      shop,
      orderBody([{ productId: lamp.id, quantity: 1 }], {
        shippingId: rate.id,
        coupons: ['LAMP10'],
      }),
    );
    expect(res.status).toBe(200);
    const order = (await ordersOf(shop)).find((o) => o.paymentUrl === res.body.data.link);
    const [session] = await providerSessions(order?.id ?? '');
    // 45.00 − 10.00 = 35.00; tax 7.00; shipping 7.00
    expect(session?.lineItems.map((l) => [l.description, l.quantity, l.price.unit_amount])).toEqual(
      [[`Order ${order?.orderNumber}`, 1, 4900]],
    );
  });

  it('replays the same link for a repeated Idempotency-Key, with one session', async () => {
    const body = orderBody([{ productId: lamp.id, quantity: 1 }], { shippingId: rate.id });
    const headers = { 'Idempotency-Key': `pay-${crypto.randomUUID()}` };
    const first = await postOrder(shop, body, { headers });
    const again = await postOrder(shop, body, { headers });
    expect(again.body).toEqual(first.body);
    const order = (await ordersOf(shop)).find((o) => o.paymentUrl === first.body.data.link);
    expect(await providerSessions(order?.id ?? '')).toHaveLength(1);
  });

  it('confirms a free order at once, fully paid, without the provider', async () => {
    const freebie = await createProduct(shop, {
      priceMinor: 0,
      isDigital: true,
      trackStock: false,
    });
    const res = await postOrder(shop, orderBody([{ productId: freebie.id, quantity: 1 }]));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cartTotal: 0, products: [{ _id: freebie.id }] });
    const order = await orderRow(res.body.data._id);
    expect(order).toMatchObject({ paymentStatus: 'fully-paid', paymentUrl: null });
    expect(order?.paidAt).toBeInstanceOf(Date);
    expect(await providerSessions(res.body.data._id)).toHaveLength(0);
  });
});

describe('POST /orders when the provider fails', () => {
  it('keeps the order, answers 503, and a retry with the key opens the session', async () => {
    const shop = await createTestShop({ settings: { shipping: { active: false } } });
    await enablePayments(shop, { secretKey: 'not-a-provider-key' });
    const product = await createProduct(shop, { priceMinor: 2500, stock: 3 });
    const body = orderBody([{ productId: product.id, quantity: 1 }]);
    const headers = { 'Idempotency-Key': 'retry-after-outage' };
    const failed = await postOrder(shop, body, { headers });
    expect(expectError(failed, 503, 'SERVICE_UNAVAILABLE').message).toMatch(/Idempotency-Key/);
    const [kept] = await ordersOf(shop);
    expect(kept).toMatchObject({
      paymentStatus: 'unpaid',
      paymentUrl: null,
      paymentSessionId: null,
    });
    const [stock] = await testDb().select().from(s.products).where(eq(s.products.id, product.id));
    expect(stock?.stock).toBe(2);

    await testDb()
      .update(s.paymentProviders)
      .set({ secretKey: 'sk_test_recovered12345' })
      .where(eq(s.paymentProviders.shopId, shop.id));
    const retried = await postOrder(shop, body, { headers });
    expect(retried.status).toBe(200);
    expect(retried.body.data.action).toBe('CHECKOUT-LINK');
    expect(await ordersOf(shop)).toHaveLength(1);
    expect(await providerSessions(kept?.id ?? '')).toHaveLength(1);
  });
});

describe('PAYMENTS_NOT_ENABLED', () => {
  it('refuses orders when payments are required but no provider is active', async () => {
    const shop = await createTestShop({
      settings: { checkout: { requiresPayments: true }, shipping: { active: false } },
    });
    await enablePayments(shop, { active: false });
    const product = await createProduct(shop, { priceMinor: 1000 });
    const res = await postOrder(shop, orderBody([{ productId: product.id, quantity: 1 }]));
    expectError(res, 403, 'PAYMENTS_NOT_ENABLED');
    expect(await ordersOf(shop)).toHaveLength(0);
  });

  it('confirms orders without a provider when payments are not required', async () => {
    const shop = await createTestShop({ settings: { shipping: { active: false } } });
    await enablePayments(shop, { active: false });
    const product = await createProduct(shop, { priceMinor: 1000 });
    const res = await postOrder(shop, orderBody([{ productId: product.id, quantity: 1 }]));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ cartTotal: 10 });
    expect(res.body.data.action).toBeUndefined();
  });
});
