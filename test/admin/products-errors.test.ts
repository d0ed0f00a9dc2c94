import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, expectError } from '../helpers/api';
import { createCategory, createMedia, createProduct } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createDigitalFile } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const fieldsOf = (res: ApiResponse) =>
  (res.body.details as Array<{ field: string }>).map((d) => d.field);

const sized = {
  title: 'Sized',
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { option_values: ['S'], price: 100 },
    { option_values: ['M'], price: 100 },
  ],
};

describe('product writes refused, each naming its field', () => {
  let shop: TestShop;
  let other: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    other = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  it('two variants with one option combination: 422 VARIANT_COMBINATION_DUPLICATE', async () => {
    const res = await api.post('/products', {
      ...sized,
      variants: [
        { option_values: ['S'], price: 100 },
        { option_values: ['M'], price: 100 },
        { option_values: ['S'], price: 200 },
      ],
    });
    expectError(res, 422, 'VARIANT_COMBINATION_DUPLICATE');
    expect(fieldsOf(res)).toEqual(['variants.2.option_values']);
  });

  it('body validation: types, unknown fields, more than 3 options', async () => {
    const res = await api.post('/products', {
      title: '',
      price: -1,
      colour: 'red',
      variants: [{ option_values: ['S'], price: 'x' }],
    });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(res)).toEqual(
      expect.arrayContaining(['title', 'price', 'colour', 'variants.0.price']),
    );
    const four = await api.post('/products', {
      title: 'Four',
      options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
    });
    expectError(four, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(four)).toEqual(['options']);
    const slug = await api.post('/products', { title: 'Bad slug', slug: 'Not A Slug' });
    expect(fieldsOf(slug)).toEqual(['slug']);
  });

  it('option and variant rules: names, values, combinations, prices, sales', async () => {
    const cases: Array<[Record<string, unknown>, string[]]> = [
      [
        {
          options: [
            { name: 'Size', values: ['S'] },
            { name: 'size', values: ['M'] },
          ],
          variants: [],
        },
        ['options.1.name'],
      ],
      [{ options: [{ name: 'Size', values: ['S', 'S'] }], variants: [] }, ['options.0.values.1']],
      [{ variants: [{ option_values: [], price: 1 }] }, ['variants']],
      [
        { ...sized, variants: [{ option_values: ['S', 'x'], price: 1 }] },
        ['variants.0.option_values'],
      ],
      [
        { ...sized, variants: [{ option_values: ['XL'], price: 1 }] },
        ['variants.0.option_values.0'],
      ],
      [{ ...sized, variants: [{ option_values: ['S'] }] }, ['variants.0.price']],
      [{ price: 100, sale_price: 100 }, ['sale_price']],
      [
        {
          price: 100,
          sale_starts_at: '2026-02-01T00:00:00Z',
          sale_ends_at: '2026-01-01T00:00:00Z',
        },
        ['sale_ends_at'],
      ],
      [
        { ...sized, variants: [{ option_values: ['S'], price: 100, sale_price: 150 }] },
        ['variants.0.sale_price'],
      ],
    ];
    for (const [body, fields] of cases) {
      const res = await api.post('/products', { title: 'Rules', ...body });
      expectError(res, 422, 'VALIDATION_FAILED');
      expect(fieldsOf(res), JSON.stringify(body)).toEqual(fields);
    }
  });

  it('ids of another shop (or of nothing): categories, media, files, variant media', async () => {
    const theirs = await createCategory(other);
    const theirImage = await createMedia(other);
    const theirProduct = await createProduct(other);
    const theirFile = await createDigitalFile(other, theirProduct.id, { store: false });
    const res = await api.post('/products', {
      category_ids: [crypto.randomUUID(), theirs.id],
      primary_category_id: theirs.id,
      media: [{ media_id: theirImage.id }],
      digital_file_ids: [theirFile.id],
      ...sized,
      variants: [{ option_values: ['S'], price: 1, media: [{ media_id: theirImage.id }] }],
      title: 'Borrowed',
    });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(res)).toEqual([
      'category_ids.0',
      'category_ids.1',
      'primary_category_id',
      'media.0',
      'variants.0.media.0',
      'digital_file_ids.0',
    ]);
  });

  it('PATCH: unknown product 404, taken slug 409, options without variants, a foreign variant id', async () => {
    expectError(
      await api.patch(`/products/${crypto.randomUUID()}`, { title: 'x' }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(await api.get('/products/not-an-id'), 404, 'PRODUCT_NOT_FOUND');
    const a = (await api.post('/products', { title: 'Slug A', slug: 'slug-a' })).body;
    const b = (await api.post('/products', sized)).body;
    const taken = await api.patch(`/products/${b.id}`, { slug: 'slug-a' });
    expectError(taken, 409, 'PRODUCT_SLUG_TAKEN');
    expect(fieldsOf(taken)).toEqual(['slug']);
    const noVariants = await api.patch(`/products/${b.id}`, {
      options: [{ name: 'Size', values: ['S'] }],
    });
    expectError(noVariants, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(noVariants)).toEqual(['variants']);
    const foreign = await api.patch(`/products/${b.id}`, {
      variants: [{ id: a.id, option_values: ['S'], price: 1 }],
    });
    expectError(foreign, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(foreign)).toEqual(['variants.0.id']);
    expect((await api.get(`/products/${b.id}`)).body.version).toBe(1);
  });

  it('a stale If-Match is 412 and changes nothing; an Idempotency-Key replays the first answer', async () => {
    const created = (await api.post('/products', { title: 'Versioned', price: 100 })).body;
    await api.patch(`/products/${created.id}`, { price: 200 });
    const stale = await api.patch(
      `/products/${created.id}`,
      { price: 300 },
      { headers: { 'if-match': '"1"' } },
    );
    expectError(stale, 412, 'PRECONDITION_FAILED');
    expectError(
      await api.delete(`/products/${created.id}`, { headers: { 'if-match': '"1"' } }),
      412,
      'PRECONDITION_FAILED',
    );
    expect((await api.get(`/products/${created.id}`)).body).toMatchObject({
      price: 200,
      version: 2,
    });
    const key = { headers: { 'idempotency-key': crypto.randomUUID() } };
    const first = await api.post('/products', { title: 'Once', price: 1 }, key);
    const again = await api.post('/products', { title: 'Once', price: 1 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expectError(
      await api.post('/products', { title: 'Twice', price: 1 }, key),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it('variant PATCH: unknown variant is 404, its sale rules apply', async () => {
    const p = (await api.post('/products', sized)).body;
    expectError(
      await api.patch(`/products/${p.id}/variants/${crypto.randomUUID()}`, { price: 5 }),
      404,
      'VARIANT_NOT_FOUND',
    );
    expectError(
      await api.patch(`/products/${crypto.randomUUID()}/variants/${p.variants[0].id}`, {
        price: 5,
      }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    const sale = await api.patch(`/products/${p.id}/variants/${p.variants[1].id}`, {
      sale_price: 500,
    });
    expectError(sale, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(sale)).toEqual(['variants.1.sale_price']);
  });
});
