import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import {
  createCategory,
  createMedia,
  createProduct,
  type TestCategory,
  type TestMedia,
  type TestProduct,
} from '../helpers/catalog-factory';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (hoursAfterBase: number) => new Date(Date.now() - 10 * DAY + hoursAfterBase * HOUR);

type Item = { _id: string; title: string } & Record<string, unknown>;

describe('GET /products', () => {
  let shop: TestShop;
  let other: TestShop;
  let api: ReturnType<typeof client>;
  const cat: Record<'clothing' | 'tops' | 'shirts' | 'hiddenSub' | 'home', TestCategory> =
    {} as never;
  const p: Record<'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H', TestProduct> = {} as never;
  let images: TestMedia[];

  const titles = (res: { body: { data: { data: Item[] } } }) =>
    res.body.data.data.map((item) => item.title);
  const item = async (product: TestProduct): Promise<Item> => {
    const res = await api.get('/products?limit=50');
    const found = (res.body.data.data as Item[]).find((i) => i._id === product.id);
    if (!found) throw new Error(`${product.title} not listed`);
    return found;
  };

  beforeAll(async () => {
    shop = await createTestShop();
    other = await createTestShop();
    api = client(shop.apiKey);
    cat.clothing = await createCategory(shop, { name: 'Clothing' });
    cat.tops = await createCategory(shop, { name: 'Tops', parentId: cat.clothing.id });
    cat.shirts = await createCategory(shop, { name: 'Shirts', parentId: cat.tops.id });
    cat.hiddenSub = await createCategory(shop, {
      name: 'Hidden',
      parentId: cat.clothing.id,
      status: 'draft',
    });
    cat.home = await createCategory(shop, { name: 'Home' });
    images = [await createMedia(shop, { title: 'front' }), await createMedia(shop)];
    const past = new Date(Date.now() - DAY);
    const future = new Date(Date.now() + DAY);

    p.F = await createProduct(shop, {
      title: 'apple Apron',
      priceMinor: 800,
      stock: 0,
      salePriceMinor: 500,
      saleEndsAt: past,
      createdAt: at(0),
    });
    p.A = await createProduct(shop, {
      title: 'Linen Shirt',
      priceMinor: 2500,
      featured: true,
      categories: [cat.shirts],
      media: images,
      reviews: [
        { rating: 5 },
        { rating: 4 },
        { rating: 1, status: 'pending' },
        { rating: 2, hidden: true },
      ],
      createdAt: at(1),
    });
    p.B = await createProduct(shop, {
      title: 'Café Crème Mug',
      priceMinor: 1200,
      salePriceMinor: 900,
      saleStartsAt: past,
      saleEndsAt: future,
      categories: [cat.home],
      createdAt: at(2),
    });
    p.C = await createProduct(shop, {
      title: 'Wool Sweater',
      priceMinor: 5000,
      salePriceMinor: 4000,
      saleStartsAt: future,
      trackStock: false,
      stock: 0,
      categories: [cat.tops],
      createdAt: at(3),
    });
    p.D = await createProduct(shop, {
      title: 'Zebra Tee',
      categories: [cat.home, cat.clothing],
      primaryCategoryId: cat.clothing.id,
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: [
        { values: ['S'], priceMinor: 1500, stock: 0 },
        { values: ['M'], priceMinor: 2000, salePriceMinor: 1800, stock: 3 },
        { values: ['L'], priceMinor: 3000, stock: 9, active: false },
      ],
      createdAt: at(4),
    });
    p.E = await createProduct(shop, {
      title: 'Linen Draft Dress',
      status: 'draft',
      categories: [cat.shirts],
      createdAt: at(5),
    });
    p.G = await createProduct(shop, {
      title: 'Untracked Variants',
      options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
      variants: [
        { values: ['Red'], priceMinor: 1000, trackStock: false, stock: 0 },
        { values: ['Blue'], priceMinor: 1000, trackStock: false, stock: 0 },
      ],
      createdAt: at(6),
    });
    p.H = await createProduct(shop, {
      title: 'Hidden Category Hat',
      priceMinor: 6000,
      salePriceMinor: 6000,
      categories: [cat.hiddenSub],
      createdAt: at(7),
    });
    await createProduct(other, { title: 'Linen Shirt', priceMinor: 2500, featured: true });
  });

  it('lists published products newest first by default, in Shape A', async () => {
    const res = await api.get('/products');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(titles(res)).toEqual([
      'Hidden Category Hat',
      'Untracked Variants',
      'Zebra Tee',
      'Wool Sweater',
      'Café Crème Mug',
      'Linen Shirt',
      'apple Apron',
    ]);
    expect(res.body.data).toMatchObject({
      currentPage: 1,
      totalPages: 1,
      totalDocuments: 7,
      limit: 18,
    });
    expect(res.roundTrips).toBe(1);
  });

  it('sorts RECENT, OLD, A-Z (case-insensitive) and Z-A', async () => {
    const recent = titles(await api.get('/products?sort=RECENT'));
    expect(recent[0]).toBe('Hidden Category Hat');
    expect(titles(await api.get('/products?sort=OLD'))).toEqual([...recent].reverse());
    const az = titles(await api.get('/products?sort=A-Z'));
    expect(az).toEqual([
      'apple Apron',
      'Café Crème Mug',
      'Hidden Category Hat',
      'Linen Shirt',
      'Untracked Variants',
      'Wool Sweater',
      'Zebra Tee',
    ]);
    expect(titles(await api.get('/products?sort=Z-A'))).toEqual([...az].reverse());
  });

  it('never shows unpublished products or those of another shop', async () => {
    const all = titles(await api.get('/products?limit=50'));
    expect(all).not.toContain('Linen Draft Dress');
    expect(all.filter((t) => t === 'Linen Shirt')).toHaveLength(1);
    const ids = (await api.get('/products?term=linen')).body.data.data.map((i: Item) => i._id);
    expect(ids).toEqual([p.A.id]);
  });

  it('filters by a category and all its published descendants', async () => {
    expect(titles(await api.get(`/products?categories=${cat.clothing.slug}`))).toEqual([
      'Zebra Tee',
      'Wool Sweater',
      'Linen Shirt',
    ]);
    expect(titles(await api.get(`/products?categories=${cat.tops.slug}`))).toEqual([
      'Wool Sweater',
      'Linen Shirt',
    ]);
    expect(titles(await api.get(`/products?categories=${cat.shirts.slug}`))).toEqual([
      'Linen Shirt',
    ]);
    expect(
      titles(await api.get(`/products?categories=${cat.shirts.slug},${cat.home.slug}`)),
    ).toEqual(['Zebra Tee', 'Café Crème Mug', 'Linen Shirt']);
    const unknown = await api.get('/products?categories=no-such-category');
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toMatchObject({ totalDocuments: 0, totalPages: 0, data: [] });
    // A draft category filters nothing in, even by its own slug.
    expect(titles(await api.get(`/products?categories=${cat.hiddenSub.slug}`))).toEqual([]);
  });

  it('filters on actualPrice; a variant product matches when its range overlaps', async () => {
    expect(titles(await api.get('/products?minPrice=10&maxPrice=20'))).toEqual([
      'Untracked Variants',
      'Zebra Tee',
    ]);
    // Zebra Tee's active variants cost 15 and 18 (sale).
    expect(titles(await api.get('/products?minPrice=17'))).toEqual([
      'Hidden Category Hat',
      'Zebra Tee',
      'Wool Sweater',
      'Linen Shirt',
    ]);
    expect(titles(await api.get('/products?maxPrice=15.5'))).toEqual([
      'Untracked Variants',
      'Zebra Tee',
      'Café Crème Mug',
      'apple Apron',
    ]);
    expect(titles(await api.get('/products?minPrice=16&maxPrice=17'))).toEqual(['Zebra Tee']);
    expect(titles(await api.get('/products?minPrice=18.01'))).not.toContain('Zebra Tee');
    // The sale price counts: the mug costs 9 now, not 12.
    expect(titles(await api.get('/products?minPrice=11&maxPrice=13'))).toEqual([]);
    expect(titles(await api.get('/products?minPrice=21&maxPrice=24'))).toEqual([]);
  });

  it('filters featured and on-sale products; false means no filter', async () => {
    expect(titles(await api.get('/products?featured=true'))).toEqual(['Linen Shirt']);
    expect((await api.get('/products?featured=false')).body.data.totalDocuments).toBe(7);
    expect(titles(await api.get('/products?onSale=true'))).toEqual(['Zebra Tee', 'Café Crème Mug']);
    expect((await api.get('/products?onSale=0')).body.data.totalDocuments).toBe(7);
  });

  it('filters by term with the search matching (prefix, accent, typo) and ranks by relevance', async () => {
    expect(titles(await api.get('/products?term=lin'))).toEqual(['Linen Shirt']);
    expect(titles(await api.get('/products?term=lenin'))).toEqual(['Linen Shirt']);
    expect(titles(await api.get('/products?term=CAFE'))).toEqual(['Café Crème Mug']);
    expect(titles(await api.get('/products?term=shirt&sort=A-Z'))).toEqual(['Linen Shirt']);
    expect(titles(await api.get(`/products?term=shirt&categories=${cat.home.slug}`))).toEqual([]);
    expect(titles(await api.get('/products?term=%20%20'))).toHaveLength(7);
  });

  it('combines filters, each answered in one round trip when not cached', async () => {
    await announceChange(shop.id);
    const paths = [
      '/products?sort=A-Z',
      '/products?sort=Z-A',
      '/products?sort=OLD',
      `/products?categories=${cat.clothing.slug}`,
      '/products?minPrice=1&maxPrice=100',
      '/products?featured=true',
      '/products?onSale=true',
      '/products?term=linen',
      `/products?categories=${cat.clothing.slug}&onSale=true&minPrice=15&featured=false&term=zeb&sort=A-Z&page=1&limit=5`,
    ];
    for (const path of paths) {
      const res = await api.get(path);
      expect(res.status, path).toBe(200);
      expect(res.roundTrips, path).toBe(1);
    }
    const combined = await api.get(paths[paths.length - 1] ?? '');
    expect(titles(combined)).toEqual(['Zebra Tee']);
  });

  it('paginates with correct totals; a page past the end is empty', async () => {
    const second = await api.get('/products?limit=2&page=2');
    expect(second.body.data).toMatchObject({
      currentPage: 2,
      totalPages: 4,
      totalDocuments: 7,
      limit: 2,
    });
    expect(titles(second)).toEqual(['Zebra Tee', 'Wool Sweater']);
    const last = await api.get('/products?limit=2&page=4');
    expect(titles(last)).toEqual(['apple Apron']);
    const past = await api.get('/products?limit=2&page=9');
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual({
      currentPage: 9,
      totalPages: 4,
      totalDocuments: 7,
      limit: 2,
      data: [],
    });
  });

  it('serves a limit above 50 as 50 and says so', async () => {
    const res = await api.get('/products?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.data.limit).toBe(50);
    expect(res.body.data.totalPages).toBe(1);
  });

  it('rejects malformed parameters with VALIDATION_FAILED naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['limit=abc', 'limit'],
      ['limit=-1', 'limit'],
      ['limit=0', 'limit'],
      ['limit=2.5', 'limit'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['sort=cheapest', 'sort'],
      ['featured=maybe', 'featured'],
      ['minPrice=abc', 'minPrice'],
      ['minPrice=-5', 'minPrice'],
      ['minPrice=30&maxPrice=10', 'maxPrice'],
      [`term=${'x'.repeat(101)}`, 'term'],
    ];
    for (const [query, field] of cases) {
      const res = await api.get(`/products?${query}`);
      expectError(res, 422, 'VALIDATION_FAILED');
      expect(
        res.body.details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
  });

  it('gives simple products a price and no range, with the sale rules', async () => {
    expect(await item(p.A)).toMatchObject({
      hasVariantions: false,
      price: 25,
      salePrice: null,
      onSale: false,
      actualPrice: 25,
      minPrice: null,
      maxPrice: null,
    });
    // Active sale.
    expect(await item(p.B)).toMatchObject({
      price: 12,
      salePrice: 9,
      onSale: true,
      actualPrice: 9,
    });
    // Sale not started yet, sale ended, and a "sale" price not lower than the price.
    for (const [product, price] of [
      [p.C, 50],
      [p.F, 8],
      [p.H, 60],
    ] as const) {
      expect(await item(product)).toMatchObject({
        price,
        salePrice: null,
        onSale: false,
        actualPrice: price,
      });
    }
  });

  it('gives variant products a range over active variants and null prices', async () => {
    expect(await item(p.D)).toMatchObject({
      hasVariantions: true,
      price: null,
      salePrice: null,
      actualPrice: null,
      minPrice: 15,
      maxPrice: 18,
      onSale: true,
    });
    expect(await item(p.G)).toMatchObject({ minPrice: 10, maxPrice: 10, onSale: false });
  });

  it('reports stock: sellable null when untracked, summed over tracked active variants', async () => {
    expect(await item(p.A)).toMatchObject({ sellable: 10, status: 'in-stock' });
    expect(await item(p.F)).toMatchObject({ sellable: 0, status: 'out-of-stock' });
    expect(await item(p.C)).toMatchObject({ sellable: null, status: 'in-stock' });
    // S (0, tracked) + M (3, tracked); L is inactive.
    expect(await item(p.D)).toMatchObject({ sellable: 3, status: 'in-stock' });
    expect(await item(p.G)).toMatchObject({ sellable: null, status: 'in-stock' });
  });

  it('aggregates approved, visible reviews only', async () => {
    expect(await item(p.A)).toMatchObject({
      reviewCount: 2,
      averageRating: 4.5,
      reviewAggregate: [{ _id: p.A.id, count: 2, average: 4.5 }],
    });
    expect(await item(p.B)).toMatchObject({
      reviewCount: 0,
      averageRating: 0,
      reviewAggregate: [],
    });
  });

  it('shows categories, the primary category, images and the creation date', async () => {
    const a = await item(p.A);
    expect(a.categories).toEqual([{ _id: cat.shirts.id, name: 'Shirts', slug: cat.shirts.slug }]);
    expect(a.primaryCategory).toEqual({
      _id: cat.shirts.id,
      name: 'Shirts',
      slug: cat.shirts.slug,
    });
    expect(a.primaryImage).toEqual({
      _id: images[0]?.id,
      type: 'image/jpeg',
      size: '1234',
      title: 'front',
      uploadUrl: `${shop.id}/media/${images[0]?.filename}`,
    });
    expect((a.secondaryImage as { _id: string })._id).toBe(images[1]?.id);
    expect(new Date(a.date as string).toISOString()).toBe(a.date);
    expect(a.sku).toBe('');

    const d = await item(p.D);
    expect((d.categories as Array<{ _id: string }>).map((c) => c._id)).toEqual([
      cat.home.id,
      cat.clothing.id,
    ]);
    expect(d.primaryCategory).toEqual({
      _id: cat.clothing.id,
      name: 'Clothing',
      slug: cat.clothing.slug,
    });
    expect(d.primaryImage).toBeNull();
    expect(d.secondaryImage).toBeNull();
    // A draft category is not shown.
    const h = await item(p.H);
    expect(h.categories).toEqual([]);
    expect(h.primaryCategory).toBeNull();
  });
});
