import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import {
  createCategory,
  createMedia,
  createProduct,
  type TestMedia,
  type TestProduct,
} from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const SHIPPING = {
  weight: 1.2,
  length: 30,
  width: 20,
  height: 5,
  weightUnit: 'kg',
  measurementUnit: 'cm',
};

describe('GET /products/:id', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  let simple: TestProduct;
  let shirt: TestProduct;
  let images: TestMedia[];

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    const category = await createCategory(shop, { name: 'Shirts' });
    images = [await createMedia(shop), await createMedia(shop), await createMedia(shop)];
    simple = await createProduct(shop, {
      title: 'Linen Napkin',
      description: '<p>Soft & "washed"</p><script>x</script>',
      sku: 'NAP-1',
      priceMinor: 450,
      shipping: SHIPPING,
      media: [images[2] as TestMedia, images[0] as TestMedia],
      categories: [category],
    });
    shirt = await createProduct(shop, {
      title: 'Oxford Shirt',
      hasShipping: false,
      options: [
        { name: 'Colour', values: ['White', 'Blue'] },
        { name: 'Size', values: ['S', 'M'] },
      ],
      variants: [
        { values: ['White', 'S'], priceMinor: 3000, stock: 0 },
        { values: ['White', 'M'], priceMinor: 3200, stock: 4 },
        { values: ['Blue', 'S'], priceMinor: 3100, stock: 2 },
      ],
    });
  });

  it('finds a product by slug and by _id, with every detail field', async () => {
    const bySlug = await api.get(`/products/${simple.slug}`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.roundTrips).toBe(1);
    const byId = await api.get(`/products/${simple.id}`);
    expect(byId.body).toEqual(bySlug.body);
    expect(byId.roundTrips).toBe(1);
    const data = bySlug.body.data;
    expect(data).toMatchObject({
      _id: simple.id,
      title: 'Linen Napkin',
      sku: 'NAP-1',
      price: 4.5,
      actualPrice: 4.5,
      hasVariantions: false,
      options: null,
      defaultOptions: null,
      hasShipping: true,
      shipping: SHIPPING,
    });
  });

  it('returns the description HTML-escaped', async () => {
    const res = await api.get(`/products/${simple.slug}`);
    expect(res.body.data.description).toBe(
      '&lt;p&gt;Soft &amp; &quot;washed&quot;&lt;/p&gt;&lt;script&gt;x&lt;/script&gt;',
    );
  });

  it('lists media in position order with their positions', async () => {
    const res = await api.get(`/products/${simple.slug}`);
    expect(
      res.body.data.media.map((m: { _id: string; position: number }) => [m._id, m.position]),
    ).toEqual([
      [images[2]?.id, 0],
      [images[0]?.id, 1],
    ]);
    expect(res.body.data.primaryImage._id).toBe(images[2]?.id);
    expect(res.body.data.primaryImage.position).toBeUndefined();
  });

  it('shows options with values and pre-selects the first active in-stock variant', async () => {
    const res = await api.get(`/products/${shirt.slug}`);
    const data = res.body.data;
    expect(data).toMatchObject({
      hasVariantions: true,
      price: null,
      salePrice: null,
      actualPrice: null,
      minPrice: 30,
      maxPrice: 32,
      sellable: 6,
      status: 'in-stock',
      hasShipping: false,
      shipping: null,
    });
    const [colour, size] = shirt.options;
    expect(data.options).toEqual([
      {
        _id: colour?.id,
        name: 'Colour',
        position: 0,
        values: colour?.values.map((v) => ({ _id: v.id, value: v.value })),
      },
      {
        _id: size?.id,
        name: 'Size',
        position: 1,
        values: size?.values.map((v) => ({ _id: v.id, value: v.value })),
      },
    ]);
    // White/S is first by position but out of stock: White/M is pre-selected.
    expect(data.defaultOptions).toEqual([
      { _id: colour?.id, name: 'Colour', value: { _id: colour?.values[0]?.id, value: 'White' } },
      { _id: size?.id, name: 'Size', value: { _id: size?.values[1]?.id, value: 'M' } },
    ]);
  });

  it('pre-selects the merchant default variant when it is active', async () => {
    const product = await createProduct(shop, {
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
    });
    const large = product.variants[2];
    await testDb()
      .update(s.products)
      .set({ defaultVariantId: large?.id })
      .where(eq(s.products.id, product.id));
    await announceChange(shop.id);
    const res = await api.get(`/products/${product.id}`);
    expect(
      res.body.data.defaultOptions.map((o: { value: { value: string } }) => o.value.value),
    ).toEqual(['L']);

    await testDb()
      .update(s.productVariants)
      .set({ active: false })
      .where(eq(s.productVariants.id, large?.id ?? ''));
    await announceChange(shop.id);
    const fallback = await api.get(`/products/${product.id}`);
    expect(
      fallback.body.data.defaultOptions.map((o: { value: { value: string } }) => o.value.value),
    ).toEqual(['S']);
  });

  it('falls back to the first variant when none is active', async () => {
    const product = await createProduct(shop, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { values: ['S'], active: false },
        { values: ['M'], active: false },
      ],
    });
    const res = await api.get(`/products/${product.slug}`);
    expect(
      res.body.data.defaultOptions.map((o: { value: { value: string } }) => o.value.value),
    ).toEqual(['S']);
    expect(res.body.data).toMatchObject({
      minPrice: null,
      maxPrice: null,
      sellable: 0,
      status: 'out-of-stock',
    });
  });

  it('answers PRODUCT_NOT_FOUND for unknown, unpublished and foreign products', async () => {
    const draft = await createProduct(shop, { status: 'draft' });
    const archived = await createProduct(shop, { status: 'archived' });
    const otherShop = await createTestShop();
    const foreign = await createProduct(otherShop);
    for (const ref of [
      'no-such-product',
      crypto.randomUUID(),
      draft.slug,
      draft.id,
      archived.id,
      foreign.id,
      foreign.slug,
      '%27%20or%201%3D1--',
    ]) {
      const res = await api.get(`/products/${ref}`);
      expectError(res, 404, 'PRODUCT_NOT_FOUND');
      expect(res.roundTrips).toBe(1);
    }
  });

  it('prefers the product whose _id matches over one whose slug looks like that id', async () => {
    const target = await createProduct(shop, { title: 'Target' });
    await createProduct(shop, { title: 'Impostor', slug: target.id });
    const res = await api.get(`/products/${target.id}`);
    expect(res.body.data.title).toBe('Target');
  });

  it('does not let /products/:id capture the fixed product paths', async () => {
    await createProduct(shop, { slug: 'best-sellers', title: 'Slug clash' });
    const res = await api.get('/products/best-sellers');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveProperty('totalDocuments');
    expectError(await api.get('/products/variants'), 400, 'PRODUCT_ID_REQUIRED');
    expectError(await api.get('/products/variant-details'), 400, 'PRODUCT_ID_REQUIRED');
    expectError(await api.get('/products/similar/nope'), 404, 'PRODUCT_NOT_FOUND');
  });
});
