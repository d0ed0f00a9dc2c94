import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError, settleUnavailable } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import {
  createDigitalFile,
  markPaid,
  orderBody,
  ordersOf,
  postOrder,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const noShipping = { shipping: { active: false } };

describe('orders are private to their customer and shop', () => {
  let shop: TestShop;
  let owner: Awaited<ReturnType<typeof signInCustomer>>;
  let stranger: Awaited<ReturnType<typeof signInCustomer>>;
  let orderId: string;
  let productId: string;
  let fileId: string;

  beforeAll(async () => {
    shop = await createTestShop({ settings: noShipping });
    owner = await signInCustomer(shop);
    stranger = await signInCustomer(shop);
    const ebook = await createProduct(shop, {
      priceMinor: 900,
      isDigital: true,
      trackStock: false,
    });
    const file = await createDigitalFile(shop, ebook.id);
    productId = ebook.id;
    fileId = file.id;
    const res = await owner.api.post(
      '/orders',
      orderBody([{ productId, quantity: 1 }], {
        cartUserId: owner.customer.id,
        email: owner.customer.email,
      }),
    );
    expect(res.status).toBe(200);
    orderId = res.body.data._id;
    await markPaid(orderId);
  });

  it("reads another customer's order as not found", async () => {
    expect((await owner.api.get(`/orders/${orderId}`)).status).toBe(200);
    expectError(await stranger.api.get(`/orders/${orderId}`), 404, 'ORDER_NOT_FOUND');
    const list = await stranger.api.get('/orders');
    expect(list.body.total).toBe(0);
    expect(list.body.data).toEqual([]);
  });

  it("refuses another customer's download as not found, counting nothing", async () => {
    const res = await stranger.api.post(`/orders/download-files/${orderId}`, { fileId, productId });
    expectError(res, 404, 'ORDER_NOT_FOUND');
    const [grant] = await testDb()
      .select()
      .from(s.downloadGrants)
      .where(eq(s.downloadGrants.orderId, orderId));
    expect(grant?.downloadCount).toBe(0);
  });

  it("does not show a shop's orders to a customer of another shop", async () => {
    const other = await createTestShop();
    const visitor = await signInCustomer(other, { email: owner.customer.email });
    expectError(await visitor.api.get(`/orders/${orderId}`), 404, 'ORDER_NOT_FOUND');
    const download = await visitor.api.post(`/orders/download-files/${orderId}`, {
      fileId,
      productId,
    });
    expectError(download, 404, 'ORDER_NOT_FOUND');
  });

  it('answers ORDER_NOT_FOUND for ids that are not uuids', async () => {
    expectError(await owner.api.get('/orders/1001'), 404, 'ORDER_NOT_FOUND');
    expectError(await owner.api.get("/orders/x' or 1=1 --"), 404, 'ORDER_NOT_FOUND');
    const res = await owner.api.post('/orders/download-files/abc', { fileId, productId });
    expectError(res, 404, 'ORDER_NOT_FOUND');
  });

  it('needs a valid customer token for every read', async () => {
    const anonymous = client(shop.apiKey);
    expectError(await anonymous.get('/orders'), 401, 'AUTH_TOKEN_MISSING');
    expectError(await anonymous.get(`/orders/${orderId}`), 401, 'AUTH_TOKEN_MISSING');
    const noDevice = client(shop.apiKey, owner.token);
    const res = await noDevice.post(`/orders/download-files/${orderId}`, { fileId, productId });
    expect(res.status).toBe(401);
  });
});

describe('placing orders under concurrency and retries', () => {
  // A 503 with Retry-After is an allowed answer on a busy machine (the order's write budget ran
  // out while it waited; it wrote nothing): it is retried, as its header says, and counted; a
  // sale may be missing only while an order is still unavailable. Every other refusal is the
  // coded sold-out answer naming the cart item, never a 500.
  async function flashSale(shop: TestShop, productIds: string[], buyersEach: number) {
    const place = (productId: string) => () =>
      postOrder(shop, orderBody([{ productId, quantity: 1 }]));
    const perProduct = await Promise.all(
      productIds.map(async (id) => {
        const answers = await Promise.all(Array.from({ length: buyersEach }, place(id)));
        return { id, answers };
      }),
    );
    return Promise.all(
      perProduct.map(async ({ id, answers }) => {
        const { settled, unavailable } = await settleUnavailable(answers, place(id));
        for (const res of settled.filter((r) => r.status !== 200)) {
          expectError(res, 422, 'ORDER_VALIDATION_FAILED');
          expect(res.body.details).toEqual([
            { field: 'cart.0.quantity', message: 'Not enough stock.' },
          ]);
        }
        const [row] = await testDb().select().from(s.products).where(eq(s.products.id, id));
        return { sold: settled.filter((r) => r.status === 200), unavailable, stock: row?.stock };
      }),
    );
  }

  it('sells exactly the stock to 50 simultaneous orders, never below zero', async () => {
    const shop = await createTestShop({ settings: noShipping });
    const product = await createProduct(shop, { priceMinor: 1000, stock: 5 });
    const [sale] = await flashSale(shop, [product.id], 50);
    if (!sale) throw new Error('no sale');
    expect(sale.sold.length).toBeLessThanOrEqual(5);
    expect(sale.sold.length + sale.unavailable).toBeGreaterThanOrEqual(5);
    if (sale.unavailable === 0) expect(sale.sold.length).toBe(5);
    expect(sale.stock).toBe(5 - sale.sold.length);
    expect(await ordersOf(shop)).toHaveLength(sale.sold.length);
    const numbers = sale.sold.map((r) => r.body.data.orderNumber);
    expect(new Set(numbers).size).toBe(sale.sold.length);
  }, 120_000);

  it('sells exactly the stock of each of 4 products bought by 10 buyers each at once', async () => {
    const shop = await createTestShop({ settings: noShipping });
    const products = await Promise.all(
      Array.from({ length: 4 }, () => createProduct(shop, { priceMinor: 1000, stock: 3 })),
    );
    const sales = await flashSale(
      shop,
      products.map((p) => p.id),
      10,
    );
    for (const sale of sales) {
      expect(sale.sold.length).toBeLessThanOrEqual(3);
      expect(sale.sold.length + sale.unavailable).toBeGreaterThanOrEqual(3);
      if (sale.unavailable === 0) expect(sale.sold.length).toBe(3);
      expect(sale.stock).toBe(3 - sale.sold.length);
    }
    const sold = sales.flatMap((sale) => sale.sold);
    expect(await ordersOf(shop)).toHaveLength(sold.length);
    // One counter numbers every order of the shop: no number twice, none skipped.
    const numbers = sold.map((r) => Number(r.body.data.orderNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => 1001 + i));
  }, 120_000);

  it('charges server prices whatever the client claims', async () => {
    const shop = await createTestShop({ settings: noShipping });
    const product = await createProduct(shop, { priceMinor: 4999 });
    const res = await postOrder(shop, {
      ...orderBody([{ productId: product.id, quantity: 2, price: 0, actualPrice: 0 } as never]),
      productsTotal: 0,
      cartTotal: 0,
      taxTotal: 0,
      couponTotal: 99,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ productsTotal: 99.98, couponTotal: 0, cartTotal: 99.98 });
    const [row] = await ordersOf(shop);
    expect(row?.cartTotalMinor).toBe(9998);
  });

  it('replays an Idempotency-Key: the first answer again, nothing created', async () => {
    const shop = await createTestShop({ settings: noShipping });
    const product = await createProduct(shop, { priceMinor: 1500, stock: 10 });
    const body = orderBody([{ productId: product.id, quantity: 2 }]);
    const headers = { 'Idempotency-Key': 'checkout-7f3a' };
    const first = await postOrder(shop, body, { headers });
    const again = await postOrder(shop, body, { headers });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // The pricing read and the write batch (the confirmation's delivery runs after the
    // response on a database of its own); a replay reads the first order instead of writing.
    expect(first.roundTrips).toBe(2);
    expect(again.roundTrips).toBe(2);
    expect(await ordersOf(shop)).toHaveLength(1);
    const [row] = await testDb().select().from(s.products).where(eq(s.products.id, product.id));
    expect(row?.stock).toBe(8);
    const mails = await testDb()
      .select()
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.shopId, shop.id));
    expect(mails).toHaveLength(1);
  });

  it('creates one order for concurrent requests with the same key', async () => {
    const shop = await createTestShop({ settings: noShipping });
    const product = await createProduct(shop, { priceMinor: 1500, stock: 10 });
    const body = orderBody([{ productId: product.id, quantity: 1 }]);
    const place = () =>
      postOrder(shop, body, { headers: { 'Idempotency-Key': 'same-key-for-all' } });
    const answers = await Promise.all(Array.from({ length: 8 }, place));
    // A 503 with Retry-After (a busy machine) is retried with the same key, as a client does.
    const { settled } = await settleUnavailable(answers, place);
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.map((r) => r.status)).toEqual(Array(settled.length).fill(200));
    expect(new Set(settled.map((r) => r.body.data._id)).size).toBe(1);
    expect(await ordersOf(shop)).toHaveLength(1);
    const [row] = await testDb().select().from(s.products).where(eq(s.products.id, product.id));
    expect(row?.stock).toBe(9);
  });
});
