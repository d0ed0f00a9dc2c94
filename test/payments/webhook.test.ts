import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { call, expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import {
  type CartLine,
  completeSession,
  createCoupon,
  createDigitalFile,
  enablePayments,
  expireSession,
  nowSeconds,
  orderBody,
  postWebhook,
  providerSessions,
  signPayload,
  type TestProvider,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Session = Record<string, unknown> & { id: string };

const eventFor = (session: Session, overrides: Record<string, unknown> = {}) => ({
  id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { ...session, payment_status: 'paid', status: 'complete', ...overrides } },
});

describe('POST /payments/webhook/:shopId', () => {
  let shop: TestShop;
  let provider: TestProvider;
  let buyer: Awaited<ReturnType<typeof signInCustomer>>;
  let ebook: TestProduct;

  const orderRow = async (id: string) => {
    const [row] = await testDb().select().from(s.orders).where(eq(s.orders.id, id));
    if (!row) throw new Error('order missing');
    return row;
  };

  /** Places an order through the API and returns it with its provider session. */
  const placeWithSession = async () => {
    const res = await buyer.api.post(
      '/orders',
      orderBody([{ productId: ebook.id, quantity: 1 }], {
        cartUserId: buyer.customer.id,
        email: buyer.customer.email,
      }),
    );
    expect(res.body.data.action).toBe('CHECKOUT-LINK');
    const [row] = await testDb()
      .select()
      .from(s.orders)
      .where(eq(s.orders.paymentUrl, res.body.data.link));
    const [session] = await providerSessions(row?.id ?? '');
    if (!row || !session) throw new Error('no session');
    return { order: row, session: session.session as Session };
  };

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    provider = await enablePayments(shop);
    buyer = await signInCustomer(shop);
    ebook = await createProduct(shop, { priceMinor: 1999, isDigital: true, trackStock: false });
    await createDigitalFile(shop, ebook.id);
  });

  it('marks the order fully paid from the signed event the provider sends', async () => {
    const { order, session } = await placeWithSession();
    const before = await buyer.api.get(`/orders/${order.id}`);
    expect(before.body.data).toMatchObject({ paymentStatus: 'unpaid', downloadables: [] });
    const event = await completeSession(session.id);
    const res = await postWebhook(shop.id, event, provider.webhookSecret);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
    const paid = await orderRow(order.id);
    expect(paid).toMatchObject({ paymentStatus: 'fully-paid', paidTotalMinor: 1999 });
    expect(paid.paidAt).toBeInstanceOf(Date);
    const after = await buyer.api.get(`/orders/${order.id}`);
    expect(after.body.data).toMatchObject({
      paymentStatus: 'fully-paid',
      paymentTotal: 19.99,
      paymentBalance: 0,
    });
    expect(after.body.data.downloadables).toHaveLength(1);
  });

  it('treats a replayed event as already handled', async () => {
    const { order, session } = await placeWithSession();
    const event = eventFor(session);
    expect((await postWebhook(shop.id, event, provider.webhookSecret)).status).toBe(200);
    const paidAt = (await orderRow(order.id)).paidAt;
    expect((await postWebhook(shop.id, event, provider.webhookSecret)).status).toBe(200);
    expect((await orderRow(order.id)).paidAt).toEqual(paidAt);
    const events = await testDb()
      .select()
      .from(s.paymentEvents)
      .where(eq(s.paymentEvents.eventId, event.id));
    expect(events).toHaveLength(1);
  });

  it('refuses deliveries whose signature does not verify, changing nothing', async () => {
    const { order, session } = await placeWithSession();
    const event = JSON.stringify(eventFor(session));
    const cases = [
      await signPayload('whsec_someone_else', event),
      await signPayload(provider.webhookSecret, event, nowSeconds() - 301),
      await signPayload(provider.webhookSecret, `${event} `),
      `t=${nowSeconds()}`,
      'garbage',
    ];
    for (const signature of cases) {
      expectError(
        await postWebhook(shop.id, event, provider.webhookSecret, signature),
        400,
        'WEBHOOK_SIGNATURE_INVALID',
      );
    }
    const unsigned = await call(`/payments/webhook/${shop.id}`, { method: 'POST', body: event });
    expectError(unsigned, 400, 'WEBHOOK_SIGNATURE_INVALID');
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
    const fresh = await signPayload(provider.webhookSecret, event, nowSeconds() - 200);
    expect((await postWebhook(shop.id, event, provider.webhookSecret, fresh)).status).toBe(200);
  });

  it('refuses unknown shops and shops without a provider', async () => {
    const event = eventFor({ id: 'cs_test_x' });
    for (const shopId of [crypto.randomUUID(), 'not-a-shop', (await createTestShop()).id]) {
      expectError(
        await postWebhook(shopId, event, provider.webhookSecret),
        400,
        'WEBHOOK_SIGNATURE_INVALID',
      );
    }
  });

  it('ignores a paid checkout that names an order of another shop', async () => {
    const { order, session } = await placeWithSession();
    const other = await createTestShop();
    const otherProvider = await enablePayments(other);
    const event = eventFor(session);
    const res = await postWebhook(other.id, event, otherProvider.webhookSecret);
    expect(res.status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
  });

  it('waits for the money: an unpaid completion changes nothing, a later success pays', async () => {
    const { order, session } = await placeWithSession();
    const pending = eventFor(session, { payment_status: 'unpaid' });
    expect((await postWebhook(shop.id, pending, provider.webhookSecret)).status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('unpaid');
    const succeeded = { ...eventFor(session), type: 'checkout.session.async_payment_succeeded' };
    expect((await postWebhook(shop.id, succeeded, provider.webhookSecret)).status).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe('fully-paid');
  });

  it('records a short payment without marking the order fully paid', async () => {
    const { order, session } = await placeWithSession();
    const short = eventFor(session, { amount_total: 1000 });
    expect((await postWebhook(shop.id, short, provider.webhookSecret)).status).toBe(200);
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: 'unpaid',
      paidTotalMinor: 1000,
    });
    const detail = await buyer.api.get(`/orders/${order.id}`);
    expect(detail.body.data).toMatchObject({ paymentTotal: 10, paymentBalance: 9.99 });
  });

  it('acknowledges event types it does not act on', async () => {
    const res = await postWebhook(
      shop.id,
      { id: 'evt_other_type', type: 'payment_intent.created', data: { object: {} } },
      provider.webhookSecret,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true });
  });
});

describe('POST /payments/webhook/:shopId with an expired checkout', () => {
  let shop: TestShop;
  let provider: TestProvider;
  let buyer: Awaited<ReturnType<typeof signInCustomer>>;

  const stockOf = async (table: typeof s.products | typeof s.productVariants, id: string) => {
    const [row] = await testDb().select({ stock: table.stock }).from(table).where(eq(table.id, id));
    return row?.stock;
  };
  const orderRow = async (id: string) => {
    const [row] = await testDb().select().from(s.orders).where(eq(s.orders.id, id));
    if (!row) throw new Error('order missing');
    return row;
  };
  /** Places an order for `cart` through the API; returns the order and its provider session. */
  const place = async (cart: CartLine[], extra: Record<string, unknown> = {}) => {
    const body = orderBody(cart, { cartUserId: buyer.customer.id, email: buyer.customer.email });
    const res = await buyer.api.post('/orders', { ...body, ...extra });
    expect(res.body.data?.action, JSON.stringify(res.body)).toBe('CHECKOUT-LINK');
    const [row] = await testDb()
      .select()
      .from(s.orders)
      .where(eq(s.orders.paymentUrl, res.body.data.link));
    const [session] = await providerSessions(row?.id ?? '');
    if (!row || !session) throw new Error('no session');
    return { order: row, sessionId: session.session.id as string };
  };
  const deliver = async (
    event: Record<string, unknown>,
    to = shop.id,
    secret = provider.webhookSecret,
  ) => {
    const res = await postWebhook(to, event, secret);
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    provider = await enablePayments(shop);
    buyer = await signInCustomer(shop);
  });

  it('cancels the unpaid order and gives back its stock and coupon use, once', async () => {
    const kettle = await createProduct(shop, { priceMinor: 3000, stock: 5 });
    const shirt = await createProduct(shop, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { values: ['S'], priceMinor: 2000, stock: 4 },
        { values: ['M'], priceMinor: 2000, stock: 4 },
      ],
    });
    const coupon = await createCoupon(shop, { usageLimit: 1, perCustomerLimit: 1 });
    const small = shirt.keyOf('S');
    const variantS = shirt.variants.find((v) => v.key === small)?.id ?? '';
    const { order, sessionId } = await place(
      [
        { productId: kettle.id, quantity: 2 },
        { productId: shirt.id, variationKey: small, quantity: 3 },
      ],
      { coupons: [coupon.code] },
    );
    expect(await stockOf(s.products, kettle.id)).toBe(3);
    expect(await stockOf(s.productVariants, variantS)).toBe(1);

    const event = await expireSession(sessionId);
    await deliver(event);
    expect(await orderRow(order.id)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'unpaid',
    });
    expect(await stockOf(s.products, kettle.id)).toBe(5);
    expect(await stockOf(s.productVariants, variantS)).toBe(4);
    const [usage] = await testDb().select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(usage?.usedCount).toBe(0);
    const detail = await buyer.api.get(`/orders/${order.id}`);
    expect(detail.body.data.status).toBe('cancelled');

    await deliver(event);
    expect(await stockOf(s.products, kettle.id)).toBe(5);
    expect(await stockOf(s.productVariants, variantS)).toBe(4);

    // The coupon (one use, once per customer) serves the same customer again.
    await place([{ productId: kettle.id, quantity: 1 }], { coupons: [coupon.code] });
    expect(await stockOf(s.products, kettle.id)).toBe(4);
  });

  it("leaves paid orders, other shops' orders and other sessions alone", async () => {
    const lamp = await createProduct(shop, { priceMinor: 2500, stock: 10 });
    const paid = await place([{ productId: lamp.id, quantity: 1 }]);
    await deliver(await completeSession(paid.sessionId));
    const open = await place([{ productId: lamp.id, quantity: 1 }]);
    expect(await stockOf(s.products, lamp.id)).toBe(8);

    const expiredEvent = (sessionId: string, orderId: string, shopId = shop.id) => ({
      id: `evt_${crypto.randomUUID().replaceAll('-', '')}`,
      object: 'event',
      type: 'checkout.session.expired',
      data: {
        object: {
          id: sessionId,
          status: 'expired',
          payment_status: 'unpaid',
          metadata: { order_id: orderId, shop_id: shopId },
        },
      },
    });
    await deliver(expiredEvent(paid.sessionId, paid.order.id));
    await deliver(expiredEvent('cs_test_not_this_one', open.order.id));
    const other = await createTestShop();
    const otherProvider = await enablePayments(other);
    await deliver(
      expiredEvent(open.sessionId, open.order.id, other.id),
      other.id,
      otherProvider.webhookSecret,
    );
    expect(await orderRow(paid.order.id)).toMatchObject({
      status: 'pending',
      paymentStatus: 'fully-paid',
    });
    expect((await orderRow(open.order.id)).status).toBe('pending');
    expect(await stockOf(s.products, lamp.id)).toBe(8);

    await deliver(expiredEvent(open.sessionId, open.order.id));
    expect((await orderRow(open.order.id)).status).toBe('cancelled');
    expect(await stockOf(s.products, lamp.id)).toBe(9);
  });

  it('gives back only the stock the order took', async () => {
    const poster = await createProduct(shop, { priceMinor: 1500, trackStock: false, stock: 0 });
    const { order, sessionId } = await place([{ productId: poster.id, quantity: 2 }]);
    const lines = await testDb()
      .select()
      .from(s.orderLines)
      .where(eq(s.orderLines.orderId, order.id));
    expect(lines.map((l) => l.stockTaken)).toEqual([false]);
    // The merchant starts counting stock while the checkout is still open.
    await testDb()
      .update(s.products)
      .set({ trackStock: true, stock: 7 })
      .where(eq(s.products.id, poster.id));
    await deliver(await expireSession(sessionId));
    expect((await orderRow(order.id)).status).toBe('cancelled');
    expect(await stockOf(s.products, poster.id)).toBe(7);
  });
});
