import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
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

/** The rollups equal the aggregate from the orders; returns them for exact checks. */
async function expectExact(shopId: string) {
  const f = await figures(shopId);
  expect(f.days).toEqual(f.ordersDays);
  expect(f.products).toEqual(f.linesDays);
  return f;
}

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
    await testDb().execute(sql`delete from shops where id = ${other.id}`);
    const left = await figures(other.id);
    expect([left.days, left.products]).toEqual([[], []]);
  });
});
