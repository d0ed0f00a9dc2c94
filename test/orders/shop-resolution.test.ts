import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { outcome, shopStatements, untilHit } from '../helpers/freshness';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/*
 * An order, or a product published before a sale, moves what the catalogue shows, not the
 * shop: the buyers of a sale find the shop in the isolate's cache (no statement to resolve
 * it) while every read of the product sees the stock taken at once. A change of the shop
 * itself still has it looked up again.
 */
describe("the shop's cached resolution in a sale", () => {
  let shop: TestShop;
  let product: TestProduct;
  let admin: MerchantClient;
  const buy = () => postOrder(shop, orderBody([{ productId: product.id, quantity: 1 }]));

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    product = await createProduct(shop, { priceMinor: 1000, stock: 10 });
    ({ api: admin } = await merchantOf(shop));
  });

  it('stays after an order, and the stock the order took is read at once', async () => {
    const api = client(shop.apiKey);
    await api.get(`/products/${product.slug}`);
    const cached = await untilHit(() => api.get(`/products/${product.slug}`));
    expect((await buy()).status).toBe(200);
    const next = await buy();
    expect(next.status).toBe(200);
    expect(shopStatements(next)).toBe(0);
    const read = await api.get(`/products/${product.slug}`);
    expect(outcome(read)).toBe('miss');
    expect(read.body).not.toEqual(cached.body);
  });

  it('stays after a product is published through the merchant API', async () => {
    expect((await buy()).status).toBe(200);
    const created = await admin.post('/products', {
      title: 'Sale lamp',
      status: 'published',
      price: 1999,
      track_stock: true,
      stock: 10,
    });
    expect(created.status).toBe(201);
    const next = await buy();
    expect(next.status).toBe(200);
    expect(shopStatements(next)).toBe(0);
  });

  it("is looked up again after a change of the shop's name", async () => {
    expect((await buy()).status).toBe(200);
    const renamed = await admin.patch('/settings/shop', { name: 'Sale Shop' });
    expect(renamed.status).toBe(200);
    const next = await buy();
    expect(next.status).toBe(200);
    expect(shopStatements(next)).toBe(1);
  });
});
