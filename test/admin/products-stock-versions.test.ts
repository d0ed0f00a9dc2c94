import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import type { MerchantClient } from '../helpers/merchant';
import { sellingShop } from '../helpers/selling-shop';

// A product's version (its ETag) covers its units on hand: a sale, a restock or an
// adjustment raises it, so a stock written with If-Match from an earlier read is refused
// instead of overwriting what sold since (docs/decisions/orders.md, "Stock is part of a product's version").
describe('stock and the product version', () => {
  let api: MerchantClient;
  let order: Awaited<ReturnType<typeof sellingShop>>['order'];

  beforeAll(async () => {
    ({ api, order } = await sellingShop());
  });

  const read = (id: string) => api.get(`/products/${id}`);
  const ifMatch = (etag: string | null) => ({ headers: { 'if-match': etag ?? '' } });

  it('a sale raises the version; a PATCH of stock from the read before it is 412 and the sale stays', async () => {
    const { id } = (await api.post('/products', { title: 'Mug', price: 900, stock: 5 })).body;
    const before = await read(id);
    expect(before.headers.get('etag')).toBe('"1"');
    expect((await order(id, 2)).status).toBe(200);
    const after = await read(id);
    expect(after.body.stock).toBe(3);
    expect(after.body.version).toBeGreaterThan(before.body.version);
    expect(after.headers.get('etag')).toBe(`"${after.body.version}"`);

    const stale = await api.patch(`/products/${id}`, { stock: 10 }, ifMatch('"1"'));
    expectError(stale, 412, 'PRECONDITION_FAILED');
    expect((await read(id)).body.stock).toBe(3);

    const fresh = await api.patch(
      `/products/${id}`,
      { stock: 10 },
      ifMatch(after.headers.get('etag')),
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.stock).toBe(10);
    expect(fresh.body.version).toBeGreaterThan(after.body.version);
    expect((await read(id)).headers.get('etag')).toBe(`"${fresh.body.version}"`);
  });

  it("a variant's sale, restock or adjustment raises the product's version; its stale PATCH is 412", async () => {
    const created = (
      await api.post('/products', {
        title: 'Cap',
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { option_values: ['S'], price: 500, stock: 4 },
          { option_values: ['M'], price: 500, stock: 4 },
        ],
      })
    ).body;
    const [small] = created.variants;
    const opened = await read(created.id);
    expect((await order(created.id, 1, small.key)).status).toBe(200);
    const sold = await read(created.id);
    expect(sold.body.version).toBeGreaterThan(opened.body.version);
    const stale = await api.patch(
      `/products/${created.id}/variants/${small.id}`,
      { stock: 9 },
      ifMatch(opened.headers.get('etag')),
    );
    expectError(stale, 412, 'PRECONDITION_FAILED');
    expect((await read(created.id)).body.variants[0].stock).toBe(3);

    const adjusted = await api.post(`/products/${created.id}/stock`, {
      variant_id: small.id,
      adjust: 2,
    });
    expect(adjusted.body.stock).toBe(5);
    expect((await read(created.id)).body.version).toBeGreaterThan(sold.body.version);
  });

  it('removing a variant that sold never lowers the version', async () => {
    const created = (
      await api.post('/products', {
        title: 'Scarf',
        options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
        variants: [
          { option_values: ['Red'], price: 700, stock: 5 },
          { option_values: ['Blue'], price: 700, stock: 5 },
        ],
      })
    ).body;
    for (let i = 0; i < 3; i++) {
      expect((await order(created.id, 1, created.variants[1].key)).status).toBe(200);
    }
    const sold = (await read(created.id)).body.version;
    const trimmed = await api.patch(`/products/${created.id}`, {
      options: [{ name: 'Colour', values: ['Red'] }],
      variants: [{ option_values: ['Red'], price: 700 }],
    });
    expect(trimmed.status).toBe(200);
    expect(trimmed.body.variants).toHaveLength(1);
    expect(trimmed.body.version).toBeGreaterThan(sold);
    expect((await read(created.id)).body.version).toBe(trimmed.body.version);
  });

  it('without If-Match the last write wins, as documented', async () => {
    const { id } = (await api.post('/products', { title: 'Plate', price: 900, stock: 5 })).body;
    expect((await order(id, 1)).status).toBe(200);
    const set = await api.patch(`/products/${id}`, { stock: 8 });
    expect(set.status).toBe(200);
    expect(set.body.stock).toBe(8);
  });
});
