import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import {
  createCategory,
  createOrder,
  createProduct,
  type TestProduct,
} from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const at = (hours: number) => new Date(Date.now() - 100 * 3_600_000 + hours * 3_600_000);
const titles = (res: { body: { data: { data: Array<{ title: string }> } } }) =>
  res.body.data.data.map((i) => i.title);

describe('GET /products/best-sellers', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    const make = (title: string, hours: number, extra = {}) =>
      createProduct(shop, { title, createdAt: at(hours), ...extra });
    const mug = await make('Mug', 1);
    const cup = await make('Cup', 2);
    const bowl = await make('Bowl', 3);
    const plate = await make('Plate', 4);
    const soldOut = await make('Sold out', 5, { stock: 0 });
    const hidden = await make('Hidden', 6, { status: 'draft' });
    const untracked = await make('Untracked', 7, { trackStock: false, stock: 0 });
    const returned = await make('Returned', 8);
    const tee = await createProduct(shop, {
      title: 'Tee',
      createdAt: at(9),
      options: [{ name: 'Size', values: ['S', 'M'] }],
    });
    await make('Never sold', 10);
    const foreignShop = await createTestShop();
    const foreign = await createProduct(foreignShop, { title: 'Foreign' });

    await createOrder(shop, [
      { productId: mug.id, quantity: 3 },
      { productId: cup.id, quantity: 1 },
    ]);
    await createOrder(shop, [{ productId: cup.id, quantity: 2 }], { status: 'completed' });
    await createOrder(shop, [{ productId: bowl.id, quantity: 3 }], { status: 'delivered' });
    await createOrder(shop, [{ productId: plate.id, quantity: 50 }], { status: 'cancelled' });
    await createOrder(shop, [{ productId: plate.id, quantity: 1 }]);
    await createOrder(shop, [{ productId: returned.id, quantity: 40 }], { status: 'refunded' });
    await createOrder(shop, [{ productId: returned.id, quantity: 40 }], {
      status: 'delivered',
      refundState: 'refunded',
    });
    await createOrder(shop, [
      { productId: soldOut.id, quantity: 9 },
      { productId: hidden.id, quantity: 9 },
      { productId: untracked.id, quantity: 2 },
    ]);
    const [small, medium] = tee.variants;
    await createOrder(shop, [
      { productId: tee.id, variantId: small?.id, variationKey: small?.key, quantity: 1 },
      { productId: tee.id, variantId: medium?.id, variationKey: medium?.key, quantity: 1 },
    ]);
    await createOrder(foreignShop, [{ productId: foreign.id, quantity: 100 }]);
  });

  it('ranks buyable products by units sold, newer first on ties', async () => {
    const res = await api.get('/products/best-sellers');
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    // Bowl, Cup (1+2) and Mug sold 3 each (newest first), Tee (1+1) and Untracked 2, Plate 1
    // (its cancelled order left out); refunded, sold-out, unpublished, unsold and foreign
    // products are not listed.
    expect(titles(res)).toEqual(['Bowl', 'Cup', 'Mug', 'Tee', 'Untracked', 'Plate']);
    expect(res.body.data).toMatchObject({
      currentPage: 1,
      totalDocuments: 6,
      totalPages: 1,
      limit: 18,
    });
  });

  it('paginates', async () => {
    const res = await api.get('/products/best-sellers?page=2&limit=4');
    expect(titles(res)).toEqual(['Untracked', 'Plate']);
    expect(res.body.data).toMatchObject({
      currentPage: 2,
      totalPages: 2,
      totalDocuments: 6,
      limit: 4,
    });
    expect((await api.get('/products/best-sellers?limit=500')).body.data.limit).toBe(50);
    expectError(await api.get('/products/best-sellers?limit=abc'), 422, 'VALIDATION_FAILED');
  });
});

describe('GET /products/best-sellers as orders change', () => {
  // The units are a read model Postgres keeps (product_sales): every way an order's state
  // or its lines change moves the ranking, whichever code path writes it.
  it('follows cancellations, refunds, reinstatements and line edits', async () => {
    const shop = await createTestShop();
    const api = client(shop.apiKey);
    const db = testDb();
    const a = await createProduct(shop, { title: 'Alpha', createdAt: at(1) });
    const b = await createProduct(shop, { title: 'Beta', createdAt: at(2) });
    const first = await createOrder(shop, [{ productId: a.id, quantity: 5 }]);
    await createOrder(shop, [{ productId: b.id, quantity: 3 }]);
    const ranking = async () => {
      await announceChange(shop.id);
      const res = await api.get('/products/best-sellers');
      expect(res.roundTrips).toBe(1);
      return titles(res);
    };
    const setOrder = (values: Partial<typeof s.orders.$inferInsert>) =>
      db.update(s.orders).set(values).where(eq(s.orders.id, first.id));

    expect(await ranking()).toEqual(['Alpha', 'Beta']);
    await setOrder({ status: 'cancelled' });
    expect(await ranking()).toEqual(['Beta']);
    await setOrder({ status: 'pending' });
    expect(await ranking()).toEqual(['Alpha', 'Beta']);
    await setOrder({ refundState: 'refunded' });
    expect(await ranking()).toEqual(['Beta']);
    await setOrder({ refundState: 'none' });
    await db.update(s.orderLines).set({ quantity: 1 }).where(eq(s.orderLines.orderId, first.id));
    expect(await ranking()).toEqual(['Beta', 'Alpha']);
    await db.delete(s.orderLines).where(eq(s.orderLines.orderId, first.id));
    expect(await ranking()).toEqual(['Beta']);
  });
});

describe('GET /products/similar/:id', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  let shirt: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    const [linen, summer, men] = [
      await createCategory(shop, { name: 'Linen' }),
      await createCategory(shop, { name: 'Summer' }),
      await createCategory(shop, { name: 'Men' }),
    ];
    const other = await createCategory(shop, { name: 'Kitchen' });
    shirt = await createProduct(shop, {
      title: 'Shirt',
      categories: [linen, summer, men],
      createdAt: at(1),
    });
    await createProduct(shop, { title: 'Trousers', categories: [linen, summer], createdAt: at(2) });
    await createProduct(shop, { title: 'Shorts', categories: [summer], createdAt: at(3) });
    await createProduct(shop, { title: 'Hat', categories: [men], createdAt: at(4) });
    await createProduct(shop, {
      title: 'Jacket',
      categories: [linen, men, summer],
      createdAt: at(0),
    });
    await createProduct(shop, { title: 'Pan', categories: [other], createdAt: at(5) });
    await createProduct(shop, { title: 'Draft', categories: [linen], status: 'draft' });
  });

  it('ranks products by shared categories then recency, never the product itself', async () => {
    const res = await api.get(`/products/similar/${shirt.slug}`);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(titles(res)).toEqual(['Jacket', 'Trousers', 'Hat', 'Shorts']);
    expect(res.body.data.totalDocuments).toBe(4);
    expect((await api.get(`/products/similar/${shirt.id}`)).body).toEqual(res.body);
  });

  it('paginates, past the end included', async () => {
    const res = await api.get(`/products/similar/${shirt.id}?limit=3&page=2`);
    expect(titles(res)).toEqual(['Shorts']);
    expect(res.body.data).toMatchObject({
      currentPage: 2,
      totalPages: 2,
      totalDocuments: 4,
      limit: 3,
    });
    const past = await api.get(`/products/similar/${shirt.id}?limit=3&page=3`);
    expect(past.body.data).toMatchObject({
      currentPage: 3,
      totalPages: 2,
      totalDocuments: 4,
      data: [],
    });
  });

  it('returns an empty page for a product without categories', async () => {
    const lonely = await createProduct(shop, { title: 'Lonely' });
    const res = await api.get(`/products/similar/${lonely.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      currentPage: 1,
      totalPages: 0,
      totalDocuments: 0,
      limit: 18,
      data: [],
    });
  });

  it('answers PRODUCT_NOT_FOUND for unknown, unpublished or foreign products', async () => {
    const draft = await createProduct(shop, { status: 'draft' });
    const foreign = await createProduct(await createTestShop());
    for (const ref of ['nope', crypto.randomUUID(), draft.id, foreign.id]) {
      const res = await api.get(`/products/similar/${ref}`);
      expectError(res, 404, 'PRODUCT_NOT_FOUND');
      expect(res.roundTrips).toBe(1);
    }
  });
});
