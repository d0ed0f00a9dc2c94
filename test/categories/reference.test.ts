import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/api';
import { createCategory, createProduct, type TestCategory } from '../helpers/catalog-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

// One rule names a category: its slug or its `_id`, the `_id` winning when a uuid is one
// category's `_id` and another category's slug. Every endpoint taking a reference follows it.
describe('a category reference that is one category’s _id and another category’s slug', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  let kitchen: TestCategory;

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    kitchen = await createCategory(shop, { name: 'Kitchen' });
    const impostor = await createCategory(shop, { name: 'Impostor', slug: kitchen.id });
    const pans = await createCategory(shop, { name: 'Pans', parentId: kitchen.id });
    const decoys = await createCategory(shop, { name: 'Decoys', parentId: impostor.id });
    await createProduct(shop, { title: 'Pan', categories: [pans] });
    await createProduct(shop, { title: 'Decoy', categories: [decoys] });
  });

  it('answers GET /categories/:id and POST /config /collections/:id for the same category', async () => {
    const detail = await api.get(`/categories/${kitchen.id}`);
    expect(detail.body.data).toMatchObject({ _id: kitchen.id, name: 'Kitchen' });

    const page = await api.post('/config', { url: '/collections/:id', param: kitchen.id });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.roundTrips).toBe(1);
    expect(page.body.data.title).toBe(`Kitchen | ${shop.name}`);
    expect(page.body.data.openGraph.url.endsWith(`/collections/${kitchen.slug}`)).toBe(true);
  });

  it('lists the children of that category only, as parent', async () => {
    const res = await api.get(`/categories?parent=${kitchen.id}`);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Pans']);
  });

  it('filters products by that category and its descendants, by _id as by slug', async () => {
    for (const ref of [kitchen.id, kitchen.slug]) {
      const res = await api.get(`/products?categories=${ref}`);
      expect(res.status).toBe(200);
      expect(res.roundTrips).toBe(1);
      expect(res.body.data.data.map((p: { title: string }) => p.title)).toEqual(['Pan']);
    }
  });
});
