/**
 * How long an order holds what other orders wait for (src/modules/orders/service/write.ts):
 * the product's row, its sales count and the shop's order counter are taken by the batch's
 * last statement, which also numbers the order, inserts its lines and queues its emails and
 * event, so only the COMMIT follows while they are held; and a buyer whose product sold out after pricing is refused by a read
 * at the start of the batch, before writing anything or waiting for any lock.
 *
 * Each wait ends on what Postgres shows (a statement waiting on a lock), never on a time.
 */
import { orderTotals } from '@storefront-api/pricing';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { ApiError } from '../../src/errors';
import type { OrderPlan } from '../../src/modules/orders/queries/place';
import { writeOrder } from '../../src/modules/orders/service/write';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { testDatabase, testDb } from '../helpers/db';
import { holdLock, tablesLockedBy, waitingOn } from '../helpers/locks';
import {
  buyerEmail,
  createCoupon,
  createShippingRate,
  orderBody,
  postOrder,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/** A plan of one unit of `product`, as pricing saw it with `seenStock` on hand. */
function planOf(shop: TestShop, product: TestProduct, email: string, seenStock: number): OrderPlan {
  return {
    lines: [
      {
        index: 0,
        productId: product.id,
        variantId: null,
        title: 'Lamp',
        variationKey: '',
        sku: '',
        quantity: 1,
        unitPriceMinor: 1500,
        totalMinor: 1500,
        trackStock: true,
        stock: seenStock,
        isDigital: false,
        needsShipping: false,
        categoryIds: [],
      },
    ],
    coupon: null,
    shipping: null,
    totals: orderTotals(1500, 0, 0, { active: false, value: 0 }),
    shopId: shop.id,
    customerId: null,
    contact: {
      email,
      name: 'Ada Lovelace',
      phone: '',
      town: 'London',
      city: '',
      apartment: '',
      room: '',
      postalCode: '',
      note: '',
    },
    idempotencyKey: null,
    requestHash: null,
    paymentProvider: null,
  };
}

describe('what an order holds, and for how long', () => {
  let shop: TestShop;
  let rate: { id: string };

  beforeAll(async () => {
    shop = await createTestShop();
    rate = await createShippingRate(shop, { priceMinor: 100 });
  });

  it('takes the stock, its number, its emails and its event in its last statement', async () => {
    const lamp = await createProduct(shop, { priceMinor: 1500, stock: 5 });
    const first = orderBody([{ productId: lamp.id, quantity: 1 }], { shippingId: rate.id });
    expect((await postOrder(shop, first)).status).toBe(200);

    const releaseCounter = await holdLock(
      sql`select 1 from order_counters where shop_id = ${shop.id} for update`,
    );
    const settled = { done: false };
    const answer = postOrder(
      shop,
      orderBody([{ productId: lamp.id, quantity: 1 }], { shippingId: rate.id }),
    ).finally(() => {
      settled.done = true;
    });
    // The statement waiting on the counter (public.order_settle's) has taken the product's
    // row already, and nothing but the COMMIT follows it: it also queues the order's emails
    // and event (a statement locks every table it names before it runs, so the outbox and the
    // events are locked already; a later statement would not have named them yet).
    const pid = await waitingOn('transactionid', 'order_settle', settled);
    const tables = pid === null ? [] : await tablesLockedBy(pid);
    await releaseCounter();
    expect(tables).toEqual(
      expect.arrayContaining([
        'products',
        'order_counters',
        'order_lines',
        'email_outbox',
        'webhook_events',
      ]),
    );
    // The shop's row of the day in the Home report's rollup, which every order of the shop
    // writes, is written at COMMIT (a deferred trigger), not held while the order waits.
    expect(tables).not.toContain('order_days');

    const res = await answer;
    expect(res.status).toBe(200);
    const orderNumber = res.body.data.orderNumber as string;
    const emails = await testDb()
      .select({ subject: s.emailOutbox.subject })
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.shopId, shop.id));
    expect(emails.some((e) => e.subject.includes(orderNumber))).toBe(true);
    const [row] = await testDb()
      .select({ stock: s.products.stock })
      .from(s.products)
      .where(eq(s.products.id, lamp.id));
    expect(row?.stock).toBe(3);
  });

  it('holds nothing another buyer of its product waits for before its last statement', async () => {
    const lamp = await createProduct(shop, { priceMinor: 1500, stock: 5 });
    const coupon = await createCoupon(shop);
    // The order with the coupon waits on the coupon's row, a statement before its last.
    const releaseCoupon = await holdLock(
      sql`select 1 from coupons where id = ${coupon.id} for update`,
    );
    const settled = { done: false };
    const waiting = postOrder(
      shop,
      orderBody([{ productId: lamp.id, quantity: 1 }], {
        shippingId: rate.id,
        coupons: [coupon.code],
      }),
    ).finally(() => {
      settled.done = true;
    });
    await waitingOn('transactionid', 'coupons', settled);
    // Another buyer of the same product is not kept waiting by it: the lines, whose triggers
    // update the product's sales count, are inserted in the last statement.
    const other = await postOrder(
      shop,
      orderBody([{ productId: lamp.id, quantity: 1 }], { shippingId: rate.id }),
    );
    const stillWaiting = !settled.done;
    await releaseCoupon();
    expect(other.status).toBe(200);
    expect(stillWaiting).toBe(true);
    expect((await waiting).status).toBe(200);
    const [sales] = await testDb()
      .select({ units: s.productSales.units })
      .from(s.productSales)
      .where(eq(s.productSales.productId, lamp.id));
    expect(sales?.units).toBe(2);
  });

  it('refuses a product that sold out after pricing before writing or waiting', async () => {
    const lamp = await createProduct(shop, { priceMinor: 1500, stock: 0 });
    const email = buyerEmail('late');
    await testDb().insert(s.customers).values({ shopId: shop.id, email });
    // The order's own insert would wait for this row (its customer is upserted).
    const releaseCustomer = await holdLock(
      sql`select 1 from customers where shop_id = ${shop.id} and email = ${email} for update`,
    );
    // A write's budget, as a request has (8 s).
    const refusal = await writeOrder(
      testDatabase().withBudget(8_000),
      planOf(shop, lamp, email, 1),
      (order) => ({
        shopId: shop.id,
        kind: 'order-confirmation',
        to: email,
        subject: `Order ${order.orderNumber}`,
        html: '',
        text: '',
      }),
    ).catch((error: unknown) => error);
    await releaseCustomer();
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe('ORDER_VALIDATION_FAILED');
    expect((refusal as ApiError).details).toEqual([
      { field: 'cart.0.quantity', message: 'Not enough stock.' },
    ]);
    const orders = await testDb()
      .select({ id: s.orders.id })
      .from(s.orders)
      .where(eq(s.orders.email, email));
    expect(orders).toHaveLength(0);
  });
});
