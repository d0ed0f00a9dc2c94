import { beforeAll, describe, expect, it } from 'vitest';
import { ProductListItemSchema } from '../../src/modules/products/schemas';
import { SearchProductItemSchema, SearchResultSchema } from '../../src/modules/search/schemas';
import { client, expectError } from '../helpers/api';
import { createCategory, createMedia, createProduct } from '../helpers/catalog-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Page = { data: Array<{ title?: string; name?: string }> };
const productTitles = (res: { body: { data: { products: Page } } }) =>
  res.body.data.products.data.map((p) => p.title);
const categoryNames = (res: { body: { data: { categories: Page } } }) =>
  res.body.data.categories.data.map((c) => c.name);

describe('GET /search', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    const at = (h: number) => new Date(Date.now() - 50 * 3_600_000 + h * 3_600_000);
    await createProduct(shop, { title: 'Linen Shirt', sku: 'LS-100', createdAt: at(1) });
    await createProduct(shop, { title: 'Café au lait bowl', createdAt: at(2) });
    await createProduct(shop, { title: 'Striped linen trousers', createdAt: at(3) });
    await createProduct(shop, { title: 'Wool Scarf', createdAt: at(4) });
    await createProduct(shop, { title: 'Linen', createdAt: at(5) });
    await createProduct(shop, { title: 'Linen draft', status: 'draft' });
    await createCategory(shop, { name: 'Linen Collection', featured: true });
    await createCategory(shop, { name: 'Cafés' });
    await createCategory(shop, { name: 'Hidden linen', status: 'draft' });
    const other = await createTestShop();
    await createProduct(other, { title: 'Linen Shirt' });
    await createCategory(other, { name: 'Linen' });
  });

  it('returns matching products and categories, each in Shape A', async () => {
    const res = await api.get('/search?term=linen');
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(SearchResultSchema.strict().safeParse(res.body.data).error).toBeUndefined();
    for (const product of res.body.data.products.data) {
      expect(SearchProductItemSchema.strict().safeParse(product).error).toBeUndefined();
    }
    expect(res.body.data.categories.data[0]).toEqual({
      _id: expect.any(String),
      name: 'Linen Collection',
      featured: true,
      slug: expect.any(String),
    });
    expect(res.body.data.products).toMatchObject({
      currentPage: 1,
      totalPages: 1,
      totalDocuments: 3,
      limit: 20,
    });
    expect(res.body.data.categories).toMatchObject({
      currentPage: 1,
      totalPages: 1,
      totalDocuments: 1,
      limit: 20,
    });
  });

  it('shows image sizes as numbers, where product lists show strings (the contract)', async () => {
    const media = [
      await createMedia(shop, { sizeBytes: 2048 }),
      await createMedia(shop, { sizeBytes: 4096 }),
    ];
    const kettle = await createProduct(shop, { title: 'Enamel kettle', media });
    const found = (await api.get('/search?term=enamel')).body.data.products.data[0];
    expect(found._id).toBe(kettle.id);
    expect(SearchProductItemSchema.strict().safeParse(found).error).toBeUndefined();
    expect(found.primaryImage).toMatchObject({ _id: media[0]?.id, size: 2048 });
    expect(found.secondaryImage).toMatchObject({ _id: media[1]?.id, size: 4096 });
    const listed = (await api.get(`/products/${kettle.slug}`)).body.data;
    expect(ProductListItemSchema.safeParse(listed).error).toBeUndefined();
    expect(listed.primaryImage.size).toBe('2048');
  });

  it('ranks an exact title first, then titles starting with the term', async () => {
    const res = await api.get('/search?term=linen');
    expect(productTitles(res)).toEqual(['Linen', 'Linen Shirt', 'Striped linen trousers']);
  });

  it('matches the first letters of a word (autocomplete)', async () => {
    expect(productTitles(await api.get('/search?term=lin'))).toEqual([
      'Linen',
      'Linen Shirt',
      'Striped linen trousers',
    ]);
    expect(productTitles(await api.get('/search?term=stri'))).toEqual(['Striped linen trousers']);
    expect(productTitles(await api.get('/search?term=linen%20sh'))).toEqual(['Linen Shirt']);
  });

  it('ignores accents and case', async () => {
    expect(productTitles(await api.get('/search?term=cafe'))).toEqual(['Café au lait bowl']);
    expect(productTitles(await api.get('/search?term=CAFÉ'))).toEqual(['Café au lait bowl']);
    expect(categoryNames(await api.get('/search?term=cafes'))).toEqual(['Cafés']);
  });

  it('tolerates typos', async () => {
    // Swapped letters.
    expect(productTitles(await api.get('/search?term=lenin'))).toContain('Linen Shirt');
    expect(productTitles(await api.get('/search?term=scraf'))).toEqual(['Wool Scarf']);
    // A letter doubled, missing or wrong.
    expect(productTitles(await api.get('/search?term=linnen%20shirt'))).toContain('Linen Shirt');
    expect(productTitles(await api.get('/search?term=trousrs'))).toEqual([
      'Striped linen trousers',
    ]);
    expect(categoryNames(await api.get('/search?term=colection'))).toEqual(['Linen Collection']);
  });

  it('finds products by SKU', async () => {
    expect(productTitles(await api.get('/search?term=ls-100'))).toEqual(['Linen Shirt']);
  });

  it('returns empty sections when nothing matches', async () => {
    const res = await api.get('/search?term=zzzzqqq');
    expect(res.status).toBe(200);
    expect(res.body.data.products).toEqual({
      currentPage: 1,
      totalPages: 0,
      totalDocuments: 0,
      limit: 20,
      data: [],
    });
    expect(res.body.data.categories.totalDocuments).toBe(0);
    expect((await api.get('/search?term=%21%21%21')).body.data.products.totalDocuments).toBe(0);
  });

  it('never returns unpublished or foreign products and categories', async () => {
    const res = await api.get('/search?term=linen&limit=50');
    expect(productTitles(res)).not.toContain('Linen draft');
    expect(productTitles(res).filter((t) => t === 'Linen Shirt')).toHaveLength(1);
    expect(categoryNames(res)).toEqual(['Linen Collection']);
  });

  it('paginates both sections with the same page and limit', async () => {
    const res = await api.get('/search?term=lin&limit=2&page=2');
    expect(res.body.data.products).toMatchObject({
      currentPage: 2,
      totalPages: 2,
      totalDocuments: 3,
      limit: 2,
    });
    expect(productTitles(res)).toEqual(['Striped linen trousers']);
    expect(res.body.data.categories).toMatchObject({
      currentPage: 2,
      totalPages: 1,
      totalDocuments: 1,
      data: [],
    });
    expect((await api.get('/search?term=lin&limit=80')).body.data.products.limit).toBe(50);
  });

  it('answers INVALID_SEARCH_QUERY for a missing, blank or over-long term', async () => {
    for (const query of ['', '?term=', '?term=%20%20%20', `?term=${'a'.repeat(101)}`]) {
      const res = await api.get(`/search${query}`);
      expectError(res, 400, 'INVALID_SEARCH_QUERY');
      expect(res.roundTrips).toBe(0);
    }
    expect((await api.get(`/search?term=${'a'.repeat(100)}`)).status).toBe(200);
  });

  it('answers VALIDATION_FAILED for a bad page or limit', async () => {
    expectError(await api.get('/search?term=linen&limit=abc'), 422, 'VALIDATION_FAILED');
    expectError(await api.get('/search?term=linen&page=-1'), 422, 'VALIDATION_FAILED');
  });
});
