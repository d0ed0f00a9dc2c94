import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/api';
import { createCategory, createProduct, type TestProduct } from '../helpers/catalog-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

// One rule names a product: its slug or its `_id`, the `_id` winning when a uuid is one
// product's `_id` and another product's slug. Every endpoint taking a reference follows it.
describe('a product reference that is one product’s _id and another product’s slug', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  let target: TestProduct;
  let impostor: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    const mine = await createCategory(shop, { name: 'Mine' });
    const theirs = await createCategory(shop, { name: 'Theirs' });
    target = await createProduct(shop, {
      title: 'Target',
      categories: [mine],
      options: [{ name: 'Size', values: ['S', 'M'] }],
    });
    impostor = await createProduct(shop, {
      title: 'Impostor',
      slug: target.id,
      categories: [theirs],
      options: [{ name: 'Size', values: ['L'] }],
    });
    await createProduct(shop, { title: 'Beside the target', categories: [mine] });
    await createProduct(shop, { title: 'Beside the impostor', categories: [theirs] });
  });

  it('answers GET /products/:id and POST /config /product/:id for the same product', async () => {
    const detail = await api.get(`/products/${target.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ _id: target.id, title: 'Target' });

    for (const body of [
      { url: '/product/:id', param: target.id },
      { url: `/product/${target.id}` },
    ]) {
      const page = await api.post('/config', body);
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.roundTrips).toBe(1);
      expect(page.body.data.title).toBe(`Target | ${shop.name}`);
      // Canonical by slug: the target's own slug, not the impostor's.
      expect(page.body.data.openGraph.url.endsWith(`/product/${target.slug}`)).toBe(true);
    }
  });

  it('names the same product in the variant and similar-product endpoints', async () => {
    const variants = await api.get(`/products/variants?productId=${target.id}`);
    expect(variants.status).toBe(200);
    expect(variants.body.data.product._id).toBe(target.id);

    const key = target.keyOf('M');
    const variant = await api.get(
      `/products/variant-details?productId=${target.id}&variationKey=${key}`,
    );
    expect(variant.status, JSON.stringify(variant.body)).toBe(200);
    expect(variant.body.data.key).toBe(key);

    const similar = await api.get(`/products/similar/${target.id}`);
    expect(similar.status).toBe(200);
    expect(similar.body.data.data.map((p: { title: string }) => p.title)).toEqual([
      'Beside the target',
    ]);
  });

  it('still reaches the other product by its own _id', async () => {
    const detail = await api.get(`/products/${impostor.id}`);
    expect(detail.body.data.title).toBe('Impostor');
    const page = await api.post('/config', { url: '/product/:id', param: impostor.id });
    expect(page.body.data.title).toBe(`Impostor | ${shop.name}`);
  });
});
