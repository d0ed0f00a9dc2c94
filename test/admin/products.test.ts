import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createCategory, createMedia } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const shirt = (over: Record<string, unknown> = {}) => ({
  title: 'Linen shirt',
  description: '<p>Light <b>linen</b></p>',
  options: [
    { name: 'Colour', values: ['Blue', 'White'] },
    { name: 'Size', values: ['S', 'M'] },
  ],
  variants: [
    { option_values: ['Blue', 'S'], price: 3900, sku: 'LS-B-S', stock: 4 },
    { option_values: ['Blue', 'M'], price: 3900, sku: 'LS-B-M', stock: 5 },
    { option_values: ['White', 'S'], price: 4100, sku: 'LS-W-S', stock: 0 },
  ],
  ...over,
});

describe('products through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  it('creates a product with options, variants, categories and media; the storefront shows it at once', async () => {
    const category = await createCategory(shop, { name: 'Shirts' });
    const image = await createMedia(shop);
    const res = await api.post(
      '/products',
      shirt({
        category_ids: [category.id],
        primary_category_id: category.id,
        media: [{ media_id: image.id }],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      object: 'product',
      title: 'Linen shirt',
      slug: 'linen-shirt',
      status: 'published',
      category_ids: [category.id],
      primary_category_id: category.id,
      media: [{ media_id: image.id, position: 0 }],
      options: [
        { name: 'Colour', position: 0, values: [{ value: 'Blue' }, { value: 'White' }] },
        { name: 'Size', position: 1, values: [{ value: 'S' }, { value: 'M' }] },
      ],
      version: 1,
      warnings: [],
    });
    expect(res.body.variants.map((v: { option_values: string[] }) => v.option_values)).toEqual([
      ['Blue', 'S'],
      ['Blue', 'M'],
      ['White', 'S'],
    ]);
    expect(res.headers.get('etag')).toBe('"1"');

    const storefront = client(shop.apiKey);
    const detail = await storefront.get(`/products/${res.body.slug}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({ _id: res.body.id, minPrice: 39, maxPrice: 41 });
    expect(detail.body.data.description).toBe('&lt;p&gt;Light &lt;b&gt;linen&lt;/b&gt;&lt;/p&gt;');
    const key = res.body.variants[2].key;
    const variant = await storefront.get(
      `/products/variant-details?productId=${res.body.id}&variationKey=${key}`,
    );
    expect(variant.body.data).toMatchObject({ _id: res.body.variants[2].id, price: 41 });
  });

  it('reads one product with its ETag in one statement', async () => {
    const created = (await api.post('/products', { title: 'Read me', price: 100 })).body;
    const res = await api.get(`/products/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(
      Object.fromEntries(Object.entries(created).filter(([k]) => k !== 'warnings')),
    );
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.roundTrips).toBe(1);
  });

  it('makes a slug from the title and numbers it when taken; an explicit taken slug is 409', async () => {
    const first = (await api.post('/products', { title: 'Crème Brûlée Mug!' })).body;
    const second = (await api.post('/products', { title: 'Crème brûlée mug' })).body;
    expect(first.slug).toBe('creme-brulee-mug');
    expect(second.slug).toBe('creme-brulee-mug-2');
    const clash = await api.post('/products', { title: 'Other', slug: 'creme-brulee-mug' });
    expect(expectError(clash, 409, 'PRODUCT_SLUG_TAKEN')).toMatchObject({
      details: [{ field: 'slug' }],
    });
  });

  it('accepts a duplicate SKU with a warning naming the field', async () => {
    await api.post('/products', { title: 'Sku holder', sku: 'DUP-1', price: 100 });
    const res = await api.post('/products', {
      title: 'Sku twin',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { option_values: ['S'], price: 100, sku: 'FRESH-1' },
        { option_values: ['M'], price: 100, sku: 'DUP-1' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.warnings).toEqual([
      { code: 'DUPLICATE_SKU', field: 'variants.1.sku', message: expect.stringContaining('DUP-1') },
    ]);
  });

  it('updates: unchanged variants keep their ids, matched by option values; a new option value adds one', async () => {
    const created = (await api.post('/products', shirt({ title: 'Keep ids' }))).body;
    const [blueS, blueM] = created.variants;
    const res = await api.patch(
      `/products/${created.id}`,
      {
        title: 'Keep ids (new)',
        options: [
          { name: 'Colour', values: ['Blue', 'White', 'Red'] },
          { name: 'Size', values: ['S', 'M'] },
        ],
        variants: [
          { option_values: ['Blue', 'M'], price: 4500 },
          { option_values: ['Blue', 'S'] },
          { option_values: ['Red', 'S'], price: 5000, stock: 2 },
        ],
      },
      { headers: { 'if-match': '"1"' } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.version).toBe(2);
    const [first, second, third] = res.body.variants;
    expect(first).toMatchObject({
      id: blueM.id,
      key: blueM.key,
      price: 4500,
      stock: 5,
      sku: 'LS-B-M',
    });
    expect(second).toMatchObject({ id: blueS.id, key: blueS.key, price: 3900, stock: 4 });
    expect(third).toMatchObject({ option_values: ['Red', 'S'], price: 5000, stock: 2 });
    expect(res.body.variants).toHaveLength(2 + 1);
    expect(res.body.options[0].values[0].id).toBe(created.options[0].values[0].id);
  });

  it('a variant named by id keeps its id when its option values change', async () => {
    const created = (await api.post('/products', shirt({ title: 'Move by id' }))).body;
    const [blueS, blueM] = created.variants;
    const res = await api.patch(`/products/${created.id}`, {
      variants: [
        { id: blueS.id, option_values: ['Blue', 'M'] },
        { id: blueM.id, option_values: ['Blue', 'S'] },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.variants.map((v: { id: string }) => v.id)).toEqual([blueS.id, blueM.id]);
    expect(res.body.variants[0]).toMatchObject({
      option_values: ['Blue', 'M'],
      key: blueM.key,
      sku: 'LS-B-S',
    });
  });

  it('a PATCH that changes nothing raises no version', async () => {
    const created = (await api.post('/products', shirt({ title: 'Same' }))).body;
    const res = await api.patch(`/products/${created.id}`, {
      title: 'Same',
      variants: created.variants.map((v: { option_values: string[] }) => ({
        option_values: v.option_values,
      })),
      options: shirt().options,
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(1);
  });
});

describe('statements per product write (bench/MERCHANT-WRITES.md)', () => {
  it('counts the statements of a create and an update (Server-Timing db)', async () => {
    const shop = await createTestShop();
    const { api } = await merchantOf(shop);
    const simple = await api.post('/products', { title: 'Simple', price: 100 });
    const full = await api.post('/products', shirt({ title: 'Full' }));
    const title = await api.patch(`/products/${full.body.id}`, { title: 'Full (renamed)' });
    const variants = await api.patch(`/products/${full.body.id}`, {
      variants: [
        { option_values: ['Blue', 'S'], price: 3950 },
        { option_values: ['White', 'M'], price: 4100 },
      ],
    });
    const variant = await api.patch(
      `/products/${full.body.id}/variants/${full.body.variants[0].id}`,
      { price: 3990 },
    );
    const stock = await api.post(`/products/${simple.body.id}/stock`, { adjust: 1 });
    expect({
      createSimple: simple.roundTrips,
      createWithVariants: full.roundTrips,
      updateTitle: title.roundTrips,
      replaceVariants: variants.roundTrips,
      updateOneVariant: variant.roundTrips,
      adjustStock: stock.roundTrips,
    }).toEqual({
      // BEGIN, shop check, insert, slug claim, read back, audit, COMMIT
      createSimple: 7,
      // + options, values, variants (upserts) and the option clean-up
      createWithVariants: 12,
      // BEGIN, lock+read, shop check, update, read back, version, audit, product.updated
      // event, COMMIT
      updateTitle: 9,
      replaceVariants: 15,
      updateOneVariant: 13,
      // BEGIN, one statement, audit, COMMIT
      adjustStock: 4,
    });
  });
});
