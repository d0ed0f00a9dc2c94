import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { MAX_CART_VALUE_MINOR } from '../../src/modules/products/priced-cart';
import { client, expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { createCoupon, createShippingRate, orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Detail = { field: string; message: string };

/*
 * A cart's value is bounded (MAX_CART_VALUE_MINOR) and checked when checkout prices it, so
 * POST /orders and POST /coupons refuse the same carts as validation failures, and orders
 * above 2^31−1 minor units within the bound are stored and read back exactly.
 */
describe('cart and order bounds', () => {
  let shop: TestShop;
  let rate: { id: string };
  let yacht: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop({ settings: { tax: { active: true, value: 20 } } });
    rate = await createShippingRate(shop, { title: 'Freight', priceMinor: 100_000 });
    // The highest unit price the catalogue stores (a 32-bit integer of minor units).
    yacht = await createProduct(shop, { priceMinor: 2_000_000_000, trackStock: false });
    await createCoupon(shop, { code: 'BIG10', kind: 'percentage', value: 10 });
  });

  const cartOf = (quantity: number, lines = 1) =>
    Array.from({ length: lines }, () => ({ productId: yacht.id, quantity }));
  const validate = (cart: Array<{ productId: string; quantity: number }>) =>
    client(shop.apiKey).post('/coupons', {
      coupons: ['BIG10'],
      cart: cart.map((line) => ({ type: 'product', ...line })),
    });
  const place = (cart: Array<{ productId: string; quantity: number }>) =>
    postOrder(shop, orderBody(cart, { shippingId: rate.id, coupons: ['BIG10'] }));

  it('refuses a cart worth more than the maximum on both endpoints, before any write', async () => {
    const cart = cartOf(6); // 12 billion minor units
    expect(6 * 2_000_000_000).toBeGreaterThan(MAX_CART_VALUE_MINOR);
    const ordersOfShop = () => testDb().select().from(s.orders).where(eq(s.orders.shopId, shop.id));
    const before = (await ordersOfShop()).length;
    const coupon = await validate(cart);
    expectError(coupon, 422, 'VALIDATION_FAILED');
    const order = await place(cart);
    expectError(order, 422, 'ORDER_VALIDATION_FAILED');
    const couponDetails: Detail[] = coupon.body.details;
    const orderDetails: Detail[] = order.body.details;
    expect(couponDetails).toEqual([expect.objectContaining({ field: 'cart' })]);
    expect(orderDetails).toContainEqual(couponDetails[0]);
    expect((await ordersOfShop()).length).toBe(before);
  });

  it('refuses the largest cart the body allows on both endpoints alike', async () => {
    const cart = cartOf(999, 100);
    expectError(await validate(cart), 422, 'VALIDATION_FAILED');
    expectError(await place(cart), 422, 'ORDER_VALIDATION_FAILED');
  });

  it('refuses quantities and line counts beyond the body bounds on both endpoints', async () => {
    for (const cart of [cartOf(1000), cartOf(1, 101)]) {
      const coupon = await validate(cart);
      const order = await place(cart);
      expectError(coupon, 422, 'VALIDATION_FAILED');
      expectError(order, 422, 'ORDER_VALIDATION_FAILED');
      const fields = (res: { body: { details: Detail[] } }) =>
        res.body.details.map((d) => d.field).filter((f) => f.startsWith('cart'));
      expect(fields(order)).toEqual(fields(coupon));
    }
  });

  it('takes an order above 2^31−1 minor units within the maximum, and answers it exactly', async () => {
    const cart = cartOf(5); // 10 billion: the maximum itself
    const coupon = await validate(cart);
    expect(coupon.status).toBe(200);
    expect(coupon.body.data.amount).toBe(10_000_000); // 10 % of 100,000,000.00
    const key = crypto.randomUUID();
    const body = orderBody(cart, { shippingId: rate.id, coupons: ['BIG10'] });
    const res = await postOrder(shop, body, { headers: { 'idempotency-key': key } });
    expect(res.status).toBe(200);
    // products 100,000,000.00 − coupon 10,000,000.00, +20 % tax, + 1,000.00 shipping
    expect(res.body.data).toMatchObject({
      productsTotal: 100_000_000,
      couponTotal: 10_000_000,
      taxTotal: 18_000_000,
      shippingTotal: 1_000,
      cartTotal: 108_001_000,
    });
    const [row] = await testDb().select().from(s.orders).where(eq(s.orders.id, res.body.data._id));
    expect(row?.cartTotalMinor).toBe(10_800_100_000);
    const [line] = await testDb()
      .select()
      .from(s.orderLines)
      .where(eq(s.orderLines.orderId, res.body.data._id));
    expect(line?.totalMinor).toBe(10_000_000_000);
    // A replay reads the stored amounts back as the same numbers.
    const replay = await postOrder(shop, body, { headers: { 'idempotency-key': key } });
    expect(replay.body).toEqual(res.body);
  });
});
