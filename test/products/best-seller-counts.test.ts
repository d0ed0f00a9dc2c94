import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client } from '../helpers/api';
import { createOrder, createProduct, type TestProduct } from '../helpers/catalog-factory';
import { testDatabase, testDb } from '../helpers/db';
import { announceChange } from '../helpers/freshness';
import { holdLock, waitingOn } from '../helpers/locks';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/*
 * shop_card_counts.best_sellers (drizzle/0050_best_seller_count_triggers.sql) against the
 * products best sellers list, counted, after every way a product comes into or leaves that
 * list: its first sale, selling out, a restock, a cancelled or refunded order, unpublishing,
 * deleting, the shop deleted; and when an order and a restock of the same product commit
 * side by side, in either order. GET /products/best-sellers answers with the kept number.
 */

const kept = async (shopId: string) => {
  const [row] = await testDb()
    .select({ n: s.shopCardCounts.bestSellers })
    .from(s.shopCardCounts)
    .where(eq(s.shopCardCounts.shopId, shopId));
  return row?.n ?? null;
};

const counted = async (shopId: string) => {
  const { rows } = await testDb().execute(
    sql`select count(*)::int as n from product_sales ps
        join product_cards c on c.id = ps.product_id and c.shop_id = ps.shop_id
        where ps.shop_id = ${shopId} and ps.units > 0 and c.in_stock`,
  );
  return Number((rows[0] as { n: number }).n);
};

/** The kept number equals the best sellers counted; returns it. */
async function expectExact(shopId: string) {
  const n = await counted(shopId);
  expect(await kept(shopId)).toBe(n);
  return n;
}

async function listed(shop: TestShop) {
  await announceChange(shop.id);
  const res = await client(shop.apiKey).get('/products/best-sellers');
  expect(res.status).toBe(200);
  return res.body.data as { totalDocuments: number; data: Array<{ title: string }> };
}

const setStock = (product: TestProduct, stock: number) =>
  testDb().update(s.products).set({ stock }).where(eq(s.products.id, product.id));

describe('shop_card_counts.best_sellers: the best sellers total', () => {
  it('follows sales, selling out, restocks, cancellations, refunds, unpublishing and deleting', async () => {
    const shop = await createTestShop();
    const other = await createTestShop();
    const mug = await createProduct(shop, { title: 'Mug' });
    const cup = await createProduct(shop, { title: 'Cup' });
    const bowl = await createProduct(shop, { title: 'Bowl' });
    await createProduct(shop, { title: 'Never sold' });
    const foreign = await createProduct(other, { title: 'Foreign' });
    expect(await expectExact(shop.id)).toBe(0);

    await createOrder(shop, [
      { productId: mug.id, quantity: 2 },
      { productId: cup.id, quantity: 1 },
    ]);
    const bowlOrder = await createOrder(shop, [{ productId: bowl.id, quantity: 1 }]);
    await createOrder(other, [{ productId: foreign.id, quantity: 1 }]);
    expect(await expectExact(shop.id)).toBe(3);
    expect(await expectExact(other.id)).toBe(1);
    expect((await listed(shop)).totalDocuments).toBe(3);

    // Selling out takes a product off the list; a restock puts it back.
    await setStock(mug, 0);
    expect(await expectExact(shop.id)).toBe(2);
    await setStock(mug, 4);
    expect(await expectExact(shop.id)).toBe(3);

    // A cancelled order gives its units back: the bowl sold nothing else.
    await testDb()
      .update(s.orders)
      .set({ status: 'cancelled' })
      .where(eq(s.orders.id, bowlOrder.id));
    expect(await expectExact(shop.id)).toBe(2);
    await testDb().update(s.orders).set({ status: 'pending' }).where(eq(s.orders.id, bowlOrder.id));
    expect(await expectExact(shop.id)).toBe(3);
    await testDb()
      .update(s.orders)
      .set({ refundState: 'refunded' })
      .where(eq(s.orders.id, bowlOrder.id));
    expect(await expectExact(shop.id)).toBe(2);

    // Unpublished, then published again; deleted.
    await testDb().update(s.products).set({ status: 'draft' }).where(eq(s.products.id, cup.id));
    expect(await expectExact(shop.id)).toBe(1);
    await testDb().update(s.products).set({ status: 'published' }).where(eq(s.products.id, cup.id));
    expect(await expectExact(shop.id)).toBe(2);
    await testDb().delete(s.products).where(eq(s.products.id, cup.id));
    expect(await expectExact(shop.id)).toBe(1);
    expect(await listed(shop)).toMatchObject({ totalDocuments: 1, data: [{ title: 'Mug' }] });
    expect(await expectExact(other.id)).toBe(1);

    // The list reads the kept number (set apart from the count here to tell the two apart).
    const keep = (n: number) =>
      testDb()
        .update(s.shopCardCounts)
        .set({ bestSellers: n })
        .where(eq(s.shopCardCounts.shopId, shop.id));
    await keep(9);
    expect((await listed(shop)).totalDocuments).toBe(9);
    await keep(1);

    await testDb().delete(s.shops).where(eq(s.shops.id, other.id));
    expect(await kept(other.id)).toBeNull();
  });

  it('counts a sale and a sell-out in one transaction as nothing', async () => {
    const shop = await createTestShop();
    const lamp = await createProduct(shop, { title: 'Lamp' });
    const order = crypto.randomUUID();
    await testDb().batch([
      testDb()
        .insert(s.orders)
        .values({
          id: order,
          shopId: shop.id,
          orderNumber: `T-${order.slice(0, 8)}`,
          email: 'buyer@example.com',
          name: 'Buyer',
          phone: '+10000000000',
          productsTotalMinor: 1000,
          cartTotalMinor: 1000,
        }),
      testDb().insert(s.orderLines).values({
        shopId: shop.id,
        orderId: order,
        productId: lamp.id,
        variationKey: '',
        title: 'Lamp',
        quantity: 1,
        unitPriceMinor: 1000,
        totalMinor: 1000,
      }),
      testDb().update(s.products).set({ stock: 0 }).where(eq(s.products.id, lamp.id)),
    ]);
    expect(await expectExact(shop.id)).toBe(0);
    await setStock(lamp, 1);
    expect(await expectExact(shop.id)).toBe(1);
  });

  /**
   * An order making a product's first sale and a restock of the same sold-out product, in two
   * transactions open at once. Whichever writes first, the other waits on the product's sales
   * row until it commits, so the second to commit sees both: the product is listed, once.
   */
  it.each([
    ['the order first', 'order'],
    ['the restock first', 'restock'],
  ] as const)('settles an order and a restock committing side by side (%s)', async (_, first) => {
    const shop = await createTestShop();
    const kettle = await createProduct(shop, { title: 'Kettle', stock: 0 });
    const order = crypto.randomUUID();
    const sell = sql`with o as (
        insert into orders (id, shop_id, order_number, email, name, phone, products_total_minor, cart_total_minor)
        values (${order}, ${shop.id}, ${`T-${order.slice(0, 8)}`}, 'buyer@example.com', 'Buyer', '+10000000000', 1000, 1000)
        returning id)
      insert into order_lines (shop_id, order_id, product_id, variation_key, title, quantity, unit_price_minor, total_minor)
      select ${shop.id}, o.id, ${kettle.id}, '', 'Kettle', 1, 1000, 1000 from o`;
    const restock = sql`update products set stock = 3 where id = ${kettle.id}`;
    const [firstStatement, secondStatement, secondText] =
      first === 'order'
        ? [sell, restock, 'update products set stock']
        : [restock, sell, 'insert into order_lines'];

    const release = await holdLock(firstStatement);
    const waiter = testDatabase().interactive((tx) => tx.execute(secondStatement));
    // The second transaction waits on the first (the product's mark) before it commits.
    expect(await waitingOn('transactionid', secondText)).not.toBeNull();
    await release();
    await waiter;

    expect(await expectExact(shop.id)).toBe(1);
    expect(await listed(shop)).toMatchObject({ totalDocuments: 1, data: [{ title: 'Kettle' }] });
  });
});
