import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createOrderFixture, createProductFixture } from '../helpers/order-fixtures';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Placed = {
  at: string;
  status?: (typeof s.orderStatus.enumValues)[number];
  paid?: boolean;
  refunded?: number;
  refundState?: (typeof s.refundState.enumValues)[number];
  lines: Array<{ productId: string; quantity: number }>;
};

/** An order placed at `at` (10.00 a unit), paid in full when `paid`, with what was refunded. */
async function place(shop: TestShop, o: Placed) {
  const order = await createOrderFixture(shop, {
    status: o.status ?? 'pending',
    refundState: o.refundState ?? 'none',
    lines: o.lines,
  });
  await testDb()
    .update(s.orders)
    .set({
      createdAt: new Date(o.at),
      paymentStatus: o.paid ? 'fully-paid' : 'unpaid',
      paidTotalMinor: o.paid ? order.cartTotalMinor : 0,
      paidAt: o.paid ? new Date(o.at) : null,
      refundedTotalMinor: o.refunded ?? 0,
    })
    .where(eq(s.orders.id, order.id));
  return order;
}

const review = (
  shop: TestShop,
  orderId: string,
  productId: string,
  status: 'pending' | 'approved',
) => testDb().insert(s.reviews).values({ shopId: shop.id, orderId, productId, rating: 5, status });

/** Deliveries to one endpoint: failed, failed then replayed, succeeded. */
async function deliveries(shop: TestShop) {
  const db = testDb();
  const [endpoint] = await db
    .insert(s.webhookEndpoints)
    .values({
      shopId: shop.id,
      url: 'https://hooks.example.test/x',
      events: ['order.created'],
      secret: 'sealed',
    })
    .returning();
  const [event] = await db
    .insert(s.webhookEvents)
    .values({ shopId: shop.id, type: 'order.created', data: {} })
    .returning();
  if (!endpoint || !event) throw new Error('webhook rows not created');
  const base = { shopId: shop.id, endpointId: endpoint.id, eventId: event.id };
  const [, replayed] = await db
    .insert(s.webhookDeliveries)
    .values([
      { ...base, status: 'failed' },
      { ...base, status: 'failed' },
      { ...base, status: 'succeeded' },
    ])
    .returning();
  await db
    .insert(s.webhookDeliveries)
    .values({ ...base, status: 'succeeded', replayOf: replayed?.id });
}

describe('GET /analytics/reports/overview', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let shirt: string;
  let mug: string;
  let lamp: string;
  const to = '2026-03-31';

  beforeAll(async () => {
    shop = await createTestShop();
    ({ api } = await merchantOf(shop, {
      scopes: ['marketing:read', 'orders:read', 'reviews:read', 'admin'],
    }));
    shirt = (await createProductFixture(shop, { title: 'Shirt' })).id;
    mug = (await createProductFixture(shop, { title: 'Mug' })).id;
    lamp = (await createProductFixture(shop, { title: 'Lamp' })).id;
    const line = (productId: string, quantity = 1) => [{ productId, quantity }];
    // Today, 31 March (UTC).
    const a = await place(shop, { at: '2026-03-31T10:00:00Z', paid: true, lines: line(shirt, 2) });
    const b = await place(shop, { at: '2026-03-31T23:59:59Z', lines: line(mug) });
    await place(shop, { at: '2026-03-31T09:00:00Z', status: 'cancelled', lines: line(shirt) });
    // After `to`: never counted in the periods, but open work all the same.
    await place(shop, { at: '2026-04-01T00:00:00Z', paid: true, lines: line(shirt) });
    // Yesterday, then the rest of the 7 days: one partly refunded, one refunded in full.
    await place(shop, {
      at: '2026-03-30T00:00:00Z',
      status: 'delivered',
      paid: true,
      lines: line(shirt),
    });
    await place(shop, {
      at: '2026-03-27T12:00:00Z',
      status: 'delivered',
      paid: true,
      refunded: 500,
      lines: line(mug, 3),
    });
    await place(shop, {
      at: '2026-03-25T12:00:00Z',
      status: 'refunded',
      paid: true,
      refunded: 1000,
      refundState: 'refunded',
      lines: line(shirt),
    });
    // The 7 days before, with a refund requested.
    await place(shop, {
      at: '2026-03-20T08:00:00Z',
      status: 'completed',
      paid: true,
      refundState: 'requested',
      lines: line(mug),
    });
    // The rest of the 30 days: its first day, and an unpaid order.
    await place(shop, {
      at: '2026-03-02T00:00:00Z',
      status: 'delivered',
      paid: true,
      lines: line(lamp, 2),
    });
    const j = await place(shop, { at: '2026-03-10T15:00:00Z', lines: line(lamp) });
    // The 30 days before (its last day), and one older still.
    await place(shop, {
      at: '2026-03-01T23:59:59Z',
      status: 'delivered',
      paid: true,
      lines: line(shirt),
    });
    await place(shop, {
      at: '2026-01-30T12:00:00Z',
      status: 'completed',
      paid: true,
      lines: line(shirt),
    });
    await review(shop, a.id, shirt, 'pending');
    await review(shop, b.id, mug, 'pending');
    await review(shop, j.id, lamp, 'approved');
    await deliveries(shop);
    // Another shop's order and review today: never counted.
    const other = await createTestShop();
    const otherProduct = (await createProductFixture(other, { title: 'Other' })).id;
    const x = await place(other, {
      at: '2026-03-31T10:00:00Z',
      paid: true,
      lines: line(otherProduct, 5),
    });
    await review(other, x.id, otherProduct, 'pending');
    await deliveries(other);
  });

  it('orders, sales, average order value and the change for today, 7 and 30 days, in one statement', async () => {
    const res = await api.get(`/analytics/reports/overview?to=${to}`);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(res.body).toMatchObject({
      object: 'overview_report',
      to,
      currency: 'EUR',
      currency_digits: 2,
    });
    expect(res.body.periods).toEqual([
      {
        period: 'today',
        from: '2026-03-31',
        to,
        orders: 2,
        paid_orders: 1,
        sales: 2000,
        average_order_value: 2000,
        previous: { from: '2026-03-30', to: '2026-03-30', orders: 1, paid_orders: 1, sales: 1000 },
        change: { orders: 1, sales: 1 },
      },
      {
        period: '7_days',
        from: '2026-03-25',
        to,
        orders: 5,
        paid_orders: 4,
        sales: 5500,
        average_order_value: 1375,
        previous: { from: '2026-03-18', to: '2026-03-24', orders: 1, paid_orders: 1, sales: 1000 },
        change: { orders: 4, sales: 4.5 },
      },
      {
        period: '30_days',
        from: '2026-03-02',
        to,
        orders: 8,
        paid_orders: 6,
        sales: 8500,
        average_order_value: 1417,
        previous: { from: '2026-01-31', to: '2026-03-01', orders: 1, paid_orders: 1, sales: 1000 },
        change: { orders: 7, sales: 7.5 },
      },
    ]);
  });

  it('the 30 days by day, every day present', async () => {
    const res = await api.get(`/analytics/reports/overview?to=${to}`);
    const days = res.body.days as Array<{ date: string; orders: number; sales: number }>;
    expect(days).toHaveLength(30);
    expect(days[0]?.date).toBe('2026-03-02');
    expect(days.at(-1)?.date).toBe(to);
    expect(days.filter((d) => d.orders > 0)).toEqual([
      { date: '2026-03-02', orders: 1, sales: 2000 },
      { date: '2026-03-10', orders: 1, sales: 0 },
      { date: '2026-03-20', orders: 1, sales: 1000 },
      { date: '2026-03-25', orders: 1, sales: 0 },
      { date: '2026-03-27', orders: 1, sales: 2500 },
      { date: '2026-03-30', orders: 1, sales: 1000 },
      { date: '2026-03-31', orders: 2, sales: 2000 },
    ]);
    expect(days.filter((d) => d.orders === 0 && d.sales === 0)).toHaveLength(23);
  });

  it('best sellers by sales over the 30 days, from paid orders neither cancelled nor refunded', async () => {
    const res = await api.get(`/analytics/reports/overview?to=${to}`);
    expect(res.body.top_products).toEqual([
      { product_id: mug, title: 'Mug', units: 4, sales: 4000 },
      { product_id: shirt, title: 'Shirt', units: 3, sales: 3000 },
      { product_id: lamp, title: 'Lamp', units: 2, sales: 2000 },
    ]);
    const two = await api.get(`/analytics/reports/overview?to=${to}&limit=2`);
    expect(two.body.top_products.map((p: { title: string }) => p.title)).toEqual(['Mug', 'Shirt']);
  });

  it('what needs action, each count what its list filter shows', async () => {
    const res = await api.get(`/analytics/reports/overview?to=${to}`);
    expect(res.body.needs_action).toEqual([
      {
        key: 'unpaid_orders',
        count: 2,
        list: '/orders',
        filter: { status: 'pending', payment_status: 'unpaid' },
      },
      {
        key: 'unfulfilled_orders',
        count: 2,
        list: '/orders',
        filter: { status: 'pending', payment_status: 'fully-paid' },
      },
      {
        key: 'refund_requests',
        count: 1,
        list: '/orders',
        filter: { refund_requested: 'true' },
      },
      { key: 'pending_reviews', count: 2, list: '/reviews', filter: { status: 'pending' } },
      {
        key: 'failed_webhook_deliveries',
        count: 1,
        list: '/webhook-endpoints/{id}/deliveries',
        filter: { status: 'failed' },
      },
    ]);
    for (const item of res.body.needs_action.slice(0, 4)) {
      if (!item.filter) continue;
      const list = await api.get(`${item.list}?${new URLSearchParams(item.filter)}&limit=100`);
      expect(list.status, item.key).toBe(200);
      expect(list.body.data, item.key).toHaveLength(item.count);
    }
  });

  it('shows only the open work whose list the caller may read', async () => {
    const { api: marketing } = await merchantOf(shop, { scopes: ['marketing:read'] });
    const res = await marketing.get(`/analytics/reports/overview?to=${to}`);
    expect(res.status).toBe(200);
    expect(res.body.periods[2].sales).toBe(8500);
    expect(res.body.needs_action).toEqual([]);
    const { api: reviewer } = await merchantOf(shop, {
      scopes: ['marketing:read', 'reviews:write'],
    });
    const theirs = await reviewer.get(`/analytics/reports/overview?to=${to}`);
    expect(theirs.body.needs_action.map((i: { key: string }) => i.key)).toEqual([
      'pending_reviews',
    ]);
    const { api: orders } = await merchantOf(shop, { scopes: ['orders:read'] });
    expectError(await orders.get('/analytics/reports/overview'), 403, 'MERCHANT_SCOPE_MISSING');
  });

  it('answers zeros and nulls for a quiet shop, to today by default', async () => {
    const quiet = await createTestShop();
    const { api: quietApi } = await merchantOf(quiet, {
      scopes: ['marketing:read', 'orders:read'],
    });
    const res = await quietApi.get('/analytics/reports/overview');
    expect(res.status).toBe(200);
    expect(res.body.to).toBe(new Date().toISOString().slice(0, 10));
    expect(res.body.periods[0]).toMatchObject({
      orders: 0,
      sales: 0,
      average_order_value: null,
      change: { orders: null, sales: null },
    });
    expect(res.body.days).toHaveLength(30);
    expect(res.body.top_products).toEqual([]);
    expect(res.body.needs_action.map((i: { count: number }) => i.count)).toEqual([0, 0, 0]);
  });

  it('refuses a malformed day or limit, naming the field', async () => {
    for (const [query, field] of [
      ['?to=2026-02-30', 'to'],
      ['?limit=0', 'limit'],
      ['?limit=21', 'limit'],
      ['?from=2026-03-01', 'from'],
    ] as const) {
      const res = await api.get(`/analytics/reports/overview${query}`);
      expectError(res, 422, 'VALIDATION_FAILED');
      expect(
        res.body.details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
  });
});
