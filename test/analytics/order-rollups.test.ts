import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rollSalesWindows, dayOf as utcDay } from '../../src/modules/analytics/sales-windows';
import { createOrder } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { holdLock, waitingOn } from '../helpers/locks';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { orderBody, postOrder } from '../helpers/order-factory';
import { createProductFixture } from '../helpers/order-fixtures';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/*
 * order_days and order_product_days (drizzle/0045_order_rollup_triggers.sql) against the same
 * figures aggregated straight from orders and their lines, after every kind of change: placing,
 * paying, cancelling, partial and full refunds, a line changed or removed, a product deleted,
 * an order moved across midnight UTC or deleted, the shop deleted.
 */

type Row = Record<string, unknown>;
const rows = async (query: SQL): Promise<Row[]> => (await testDb().execute(query)).rows as Row[];

const DAY = (column: SQL) => sql`to_char((${column} at time zone 'UTC')::date, 'YYYY-MM-DD')`;

/** The rollups (rows at zero left out) and the same figures from the orders. */
async function figures(shopId: string) {
  const days = await rows(sql`select to_char(r.day, 'YYYY-MM-DD') as day, r.orders,
      r.paid_orders, r.sales_minor::text as sales
    from order_days r where r.shop_id = ${shopId}
      and (r.orders <> 0 or r.paid_orders <> 0 or r.sales_minor <> 0)
    order by 1`);
  const ordersDays =
    await rows(sql`select ${DAY(sql`o.created_at`)} as day, count(*)::int as orders,
      (count(*) filter (where o.payment_status = 'fully-paid'))::int as paid_orders,
      coalesce(sum(greatest(o.paid_total_minor - o.refunded_total_minor, 0))
        filter (where o.payment_status = 'fully-paid'), 0)::text as sales
    from orders o where o.shop_id = ${shopId} and o.status <> 'cancelled'
    group by 1 order by 1`);
  const products = await rows(sql`select to_char(r.day, 'YYYY-MM-DD') as day,
      r.product_id::text as product_id, r.units, r.sales_minor::text as sales
    from order_product_days r where r.shop_id = ${shopId}
      and (r.units <> 0 or r.sales_minor <> 0)
    order by 1, 2`);
  const linesDays = await rows(sql`select ${DAY(sql`o.created_at`)} as day,
      l.product_id::text as product_id, sum(l.quantity)::int as units,
      sum(l.total_minor)::text as sales
    from order_lines l join orders o on o.id = l.order_id
    where l.shop_id = ${shopId} and l.product_id is not null
      and o.payment_status = 'fully-paid' and o.status not in ('cancelled', 'refunded')
      and o.refund_state <> 'refunded'
    group by 1, 2 order by 1, 2`);
  return { days, ordersDays, products, linesDays };
}

/** The rollups equal the aggregate from the orders, and the kept 30-day window its days; returns them for exact checks. */
async function expectExact(shopId: string) {
  const f = await figures(shopId);
  expect(f.days).toEqual(f.ordersDays);
  expect(f.products).toEqual(f.linesDays);
  const window = await windowFigures(shopId);
  expect(window.kept).toEqual(window.summed);
  return { ...f, window: window.kept };
}

/**
 * product_sales_windows (drizzle/0052_sales_window_triggers.sql; rows at zero left out) and
 * order_product_days added up over the 30 days that end on the shop's window_end.
 */
async function windowFigures(shopId: string) {
  const kept = await rows(sql`select k.product_id::text as product_id, k.units,
      k.sales_minor::text as sales
    from product_sales_windows k where k.shop_id = ${shopId}
      and (k.units <> 0 or k.sales_minor <> 0)
    order by 1`);
  const summed = await rows(sql`select d.product_id::text as product_id,
      sum(d.units)::int as units, sum(d.sales_minor)::text as sales
    from order_product_days d join sales_windows w on w.shop_id = d.shop_id
    where d.shop_id = ${shopId} and d.day > w.window_end - 30 and d.day <= w.window_end
    group by 1 having sum(d.units) <> 0 or sum(d.sales_minor) <> 0
    order by 1`);
  return { kept, summed };
}

/** Rolls one shop's 30-day window to end on `day`, as the cron does for every shop. */
const rollWindow = (shopId: string, day: string) =>
  testDb().execute(sql`select public.sales_windows_roll(${day}::date, array[${shopId}::uuid])`);

const dayOf = (f: { days: Row[] }, day: string) => f.days.find((d) => d.day === day);
const productDay = (f: { products: Row[] }, day: string, productId: string) =>
  f.products.find((d) => d.day === day && d.product_id === productId);

describe('order rollups kept by Postgres', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let shirt: string;
  let mug: string;
  let lamp: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    api = (await merchantOf(shop)).api;
    shirt = (await createProductFixture(shop, { title: 'Shirt', stock: 100 })).id;
    mug = (await createProductFixture(shop, { title: 'Mug', stock: 100 })).id;
    lamp = (await createProductFixture(shop, { title: 'Lamp', stock: 100 })).id;
    // The shop has sold nothing, so its window is empty whatever day it ends on: here the
    // second day of the orders below, so that each change is seen in it too.
    await testDb().execute(
      sql`update sales_windows set window_end = '2026-03-10' where shop_id = ${shop.id}`,
    );
  });

  it('counts orders placed on each side of midnight UTC on their own day', async () => {
    const paid = (total: number) => ({
      status: 'delivered' as const,
      deliveredAt: new Date('2026-03-12T00:00:00Z'),
      paymentStatus: 'fully-paid' as const,
      paidTotalMinor: total,
    });
    ids.a = (
      await createOrder(shop, [{ productId: shirt, quantity: 2 }], {
        createdAt: new Date('2026-03-09T23:59:59.999Z'),
        ...paid(2000),
      })
    ).id;
    ids.b = (
      await createOrder(
        shop,
        [
          { productId: mug, quantity: 1 },
          { productId: lamp, quantity: 1 },
        ],
        { createdAt: new Date('2026-03-10T00:00:00.000Z') },
      )
    ).id;
    ids.c = (
      await createOrder(shop, [{ productId: mug, quantity: 3 }], {
        createdAt: new Date('2026-03-10T23:59:59.999Z'),
        ...paid(3000),
      })
    ).id;
    ids.d = (
      await createOrder(shop, [{ productId: shirt, quantity: 1, unitPriceMinor: 5342 }], {
        createdAt: new Date('2026-03-11T00:00:00.000Z'),
        ...paid(5342),
      })
    ).id;
    ids.e = (
      await createOrder(shop, [{ productId: lamp, quantity: 2 }], {
        createdAt: new Date('2026-03-11T12:00:00.000Z'),
      })
    ).id;
    const placed = await postOrder(shop, orderBody([{ productId: mug, quantity: 2 }]));
    expect(placed.status).toBe(200);
    ids.placed = placed.body.data._id;

    const f = await expectExact(shop.id);
    expect(dayOf(f, '2026-03-09')).toEqual({
      day: '2026-03-09',
      orders: 1,
      paid_orders: 1,
      sales: '2000',
    });
    expect(dayOf(f, '2026-03-10')).toEqual({
      day: '2026-03-10',
      orders: 2,
      paid_orders: 1,
      sales: '3000',
    });
    expect(productDay(f, '2026-03-10', mug)).toMatchObject({ units: 3, sales: '3000' });
    // The unpaid orders' lines are not sales yet.
    expect(productDay(f, '2026-03-10', lamp)).toBeUndefined();
    expect(productDay(f, '2026-03-11', lamp)).toBeUndefined();
    // The window ends on 2026-03-10: the paid sales of its last two days, not the 11th's.
    expect(f.window).toEqual(
      [
        { product_id: shirt, units: 2, sales: '2000' },
        { product_id: mug, units: 3, sales: '3000' },
      ].sort((x, y) => x.product_id.localeCompare(y.product_id)),
    );
  });

  it('follows payments, cancellations and partial and full refunds made through the API', async () => {
    expect((await api.post(`/orders/${ids.b}/mark-paid`, {})).status).toBe(200);
    expect((await api.post(`/orders/${ids.placed}/mark-paid`, {})).status).toBe(200);
    expect((await api.post(`/orders/${ids.e}/cancel`, {})).status).toBe(200);
    expect((await api.post(`/orders/${ids.c}/refunds`, { amount: 500 })).status).toBe(200);
    let f = await expectExact(shop.id);
    expect(dayOf(f, '2026-03-10')).toEqual({
      day: '2026-03-10',
      orders: 2,
      paid_orders: 2,
      sales: '4500',
    });
    // A partial refund is the order's: its lines still count in full.
    expect(productDay(f, '2026-03-10', mug)).toMatchObject({ units: 4, sales: '4000' });
    expect(productDay(f, '2026-03-10', lamp)).toMatchObject({ units: 1, sales: '1000' });

    // Rolled a day on, the window takes in the 11th's sale of the shirt.
    await rollWindow(shop.id, '2026-03-11');
    f = await expectExact(shop.id);
    expect(f.window).toContainEqual({ product_id: shirt, units: 3, sales: '7342' });
    expect((await api.post(`/orders/${ids.d}/refunds`, { amount: 2000 })).status).toBe(200);
    f = await expectExact(shop.id);
    expect(dayOf(f, '2026-03-11')).toMatchObject({ orders: 1, paid_orders: 1, sales: '3342' });
    expect((await api.post(`/orders/${ids.d}/refunds`, { amount: 3342 })).status).toBe(200);
    f = await expectExact(shop.id);
    // Refunded in full: still an order of its day, with no sale and no best seller line.
    expect(dayOf(f, '2026-03-11')).toMatchObject({ orders: 1, paid_orders: 1, sales: '0' });
    expect(productDay(f, '2026-03-11', shirt)).toBeUndefined();
  });

  it('follows lines, products and orders changed or deleted, and a move across midnight', async () => {
    const db = testDb();
    await db.execute(
      sql`update orders set created_at = '2026-03-10T00:00:00Z' where id = ${ids.a}`,
    );
    await db.execute(sql`update order_lines set quantity = 5, total_minor = 5000
      where order_id = ${ids.c}`);
    await db.execute(
      sql`delete from order_lines where order_id = ${ids.b} and product_id = ${mug}`,
    );
    let f = await expectExact(shop.id);
    expect(dayOf(f, '2026-03-09')).toBeUndefined();
    expect(productDay(f, '2026-03-10', shirt)).toMatchObject({ units: 2, sales: '2000' });
    expect(productDay(f, '2026-03-10', mug)).toMatchObject({ units: 5, sales: '5000' });

    // A deleted product's lines lose their product, and with it their place in the ranking.
    await db.execute(sql`delete from products where id = ${lamp}`);
    await db.execute(sql`delete from orders where id = ${ids.c}`);
    f = await expectExact(shop.id);
    expect(productDay(f, '2026-03-10', lamp)).toBeUndefined();
    expect(productDay(f, '2026-03-10', mug)).toBeUndefined();
    expect(dayOf(f, '2026-03-10')).toEqual({
      day: '2026-03-10',
      orders: 2,
      paid_orders: 2,
      sales: '4000',
    });
  });

  it('goes with its shop', async () => {
    const other = await createTestShop();
    const product = (await createProductFixture(other, { stock: 10 })).id;
    await createOrder(other, [{ productId: product, quantity: 1 }], {
      paymentStatus: 'fully-paid',
      paidTotalMinor: 1000,
    });
    expect((await figures(other.id)).products).toHaveLength(1);
    expect((await windowFigures(other.id)).kept).toHaveLength(1);
    await testDb().execute(sql`delete from shops where id = ${other.id}`);
    const left = await figures(other.id);
    expect([left.days, left.products]).toEqual([[], []]);
    const window =
      await rows(sql`select (select count(*) from sales_windows where shop_id = ${other.id})::int as windows,
        (select count(*) from product_sales_windows where shop_id = ${other.id})::int as sums`);
    expect(window).toEqual([{ windows: 0, sums: 0 }]);
  });
});

describe('the 30 days\u2019 sales window kept for the Home report', () => {
  const paidOn = (at: string, total: number) => ({
    createdAt: new Date(at),
    status: 'delivered' as const,
    paymentStatus: 'fully-paid' as const,
    paidTotalMinor: total,
  });

  /** A shop whose window ends on `end` and which sold a mug on `days` (1 unit each). */
  async function shopSelling(end: string, days: string[]) {
    const shop = await createTestShop();
    const mug = (await createProductFixture(shop, { title: 'Mug', stock: 100 })).id;
    const cup = (await createProductFixture(shop, { title: 'Cup', stock: 100 })).id;
    await testDb().execute(
      sql`update sales_windows set window_end = ${end} where shop_id = ${shop.id}`,
    );
    for (const day of days) {
      await createOrder(shop, [{ productId: mug, quantity: 1 }], paidOn(`${day}T12:00:00Z`, 1000));
    }
    return { shop, mug, cup };
  }

  const windowEnd = async (shopId: string) =>
    (
      await rows(sql`select to_char(window_end, 'YYYY-MM-DD') as day from sales_windows
        where shop_id = ${shopId}`)
    )[0]?.day;

  it('rolls a day, several days and more than 30 days on, taking the days that leave away', async () => {
    const { shop, mug } = await shopSelling('2026-05-30', [
      '2026-05-01', // the window's first day
      '2026-04-30', // the day before it
      '2026-05-30', // its last day
      '2026-05-31', // the day after it
      '2026-06-05',
    ]);
    const unitsOf = async () => (await expectExact(shop.id)).window;
    expect(await unitsOf()).toEqual([{ product_id: mug, units: 2, sales: '2000' }]);
    await rollWindow(shop.id, '2026-05-31'); // 05-01 leaves, 05-31 comes in
    expect(await unitsOf()).toEqual([{ product_id: mug, units: 2, sales: '2000' }]);
    await rollWindow(shop.id, '2026-06-05'); // 06-05 comes in
    expect(await unitsOf()).toEqual([{ product_id: mug, units: 3, sales: '3000' }]);
    await rollWindow(shop.id, '2026-06-30'); // 05-31 leaves, 05-30 left on 06-29
    expect(await unitsOf()).toEqual([{ product_id: mug, units: 1, sales: '1000' }]);
    // An earlier day, or the same one, leaves the window where it is.
    await rollWindow(shop.id, '2026-06-01');
    expect(await windowEnd(shop.id)).toBe('2026-06-30');
    await rollWindow(shop.id, '2026-08-01'); // everything has left; the row at zero goes
    expect(await unitsOf()).toEqual([]);
    expect(await rows(sql`select 1 from product_sales_windows where shop_id = ${shop.id}`)).toEqual(
      [],
    );
    expect(await windowEnd(shop.id)).toBe('2026-08-01');
  });

  it('is what the report reads on the day the window ends, and the days on any other', async () => {
    const { shop, mug, cup } = await shopSelling('2026-05-30', ['2026-05-20', '2026-05-30']);
    await createOrder(
      shop,
      [{ productId: cup, quantity: 3 }],
      paidOn('2026-05-10T00:00:00Z', 3000),
    );
    const { api } = await merchantOf(shop);
    const top = async (to: string) => {
      const res = await api.get(`/analytics/reports/overview?to=${to}`);
      expect(res.status).toBe(200);
      expect(res.roundTrips).toBe(1);
      return res.body.top_products as Array<{ title: string; units: number; sales: number }>;
    };
    const expected = [
      { product_id: cup, title: 'Cup', units: 3, sales: 3000 },
      { product_id: mug, title: 'Mug', units: 2, sales: 2000 },
    ];
    expect(await top('2026-05-30')).toEqual(expected);
    expect(await top('2026-05-29')).toEqual([
      expected[0],
      { ...expected[1], units: 1, sales: 1000 },
    ]);

    // Which of the two answered: a kept row changed by hand shows on the window's last day
    // only. (The rollup's own test above proves the kept rows equal the days.)
    await testDb().execute(sql`update product_sales_windows set units = 7, sales_minor = 7000
      where shop_id = ${shop.id} and product_id = ${mug}`);
    expect(await top('2026-05-30')).toEqual([
      { ...expected[1], units: 7, sales: 7000 },
      expected[0],
    ]);
    expect(await top('2026-05-31')).toEqual([expected[0], expected[1]]);
    // The same, one day on: a window that does not end on the report's day is not read.
    await testDb().execute(sql`update sales_windows set window_end = '2026-05-31'
      where shop_id = ${shop.id}`);
    expect(await top('2026-05-30')).toEqual(expected);
  });

  it('waits for an order being written with the old end, and an order waits for a roll', async () => {
    const { shop, mug, cup } = await shopSelling('2026-05-30', []);
    // An order of the 31st paid in a transaction not yet committed, while the window ends on
    // the 30th: not in it.
    const { id: orderId } = await createOrder(shop, [{ productId: mug, quantity: 2 }], {
      createdAt: new Date('2026-05-31T08:00:00Z'),
    });
    const releaseOrder = await holdLock(sql`update orders set payment_status = 'fully-paid',
      paid_total_minor = 2000 where id = ${orderId}`);
    // The roll to the 31st must not read the days before that order commits.
    const settled = { done: false };
    const roll = rollWindow(shop.id, '2026-05-31').finally(() => {
      settled.done = true;
    });
    expect(await waitingOn('transactionid', 'sales_windows_roll', settled)).not.toBeNull();
    await releaseOrder();
    await roll;
    expect((await expectExact(shop.id)).window).toEqual([
      { product_id: mug, units: 2, sales: '2000' },
    ]);

    // The other way round: a roll holds the window; an order of its new last day waits and
    // then counts in it.
    const releaseRoll = await holdLock(
      sql`select public.sales_windows_roll('2026-06-01'::date, array[${shop.id}::uuid])`,
    );
    const placed = { done: false };
    const order = createOrder(
      shop,
      [{ productId: cup, quantity: 1 }],
      paidOn('2026-06-01T09:00:00Z', 1000),
    ).finally(() => {
      placed.done = true;
    });
    expect(await waitingOn('transactionid', 'order_lines', placed)).not.toBeNull();
    await releaseRoll();
    await order;
    const f = await expectExact(shop.id);
    expect(await windowEnd(shop.id)).toBe('2026-06-01');
    expect(f.window).toContainEqual({ product_id: cup, units: 1, sales: '1000' });
  });

  // Last in this file: it rolls every window that ends before today, this file's included.
  it('is rolled to today for every shop by the cron, a page of shops at a time', async () => {
    const now = Date.now();
    const today = utcDay(now);
    const daysAgo = (days: number) => utcDay(now - days * 86_400_000);
    const shops = [
      await shopSelling(daysAgo(1), [daysAgo(40), today]),
      await shopSelling(daysAgo(3), [daysAgo(31), daysAgo(2)]),
      await shopSelling(daysAgo(60), [daysAgo(1)]),
    ];
    // Never rolled: summed whole.
    await testDb().execute(
      sql`update sales_windows set window_end = null where shop_id = ${shops[2]?.shop.id}`,
    );
    expect(await rollSalesWindows(testDb(), now, 2)).toBeGreaterThanOrEqual(3);
    for (const { shop } of shops) expect(await windowEnd(shop.id)).toBe(today);
    const windows = await Promise.all(
      shops.map(async ({ shop }) => (await expectExact(shop.id)).window),
    );
    expect(windows.map((w) => w.map((r) => r.units))).toEqual([[1], [1], [1]]);
    // Nothing left to roll today.
    expect(await rollSalesWindows(testDb(), now, 2)).toBe(0);
  });
});
