import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createCategories, createCategory, createMedia } from '../helpers/category-factory';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Item = { _id: string; name: string; slug: string; parent: string | null };
const names = (body: { data: Item[] }) => body.data.map((c) => c.name);

describe('GET /categories', () => {
  let shop: TestShop;
  let other: TestShop;
  let bulk: TestShop;
  const ids: Record<string, string> = {};
  let imageId: string;

  beforeAll(async () => {
    [shop, other, bulk] = await Promise.all([createTestShop(), createTestShop(), createTestShop()]);
    const image = await createMedia(shop.id, { filename: 'women.jpg', sizeBytes: 2048 });
    imageId = image.id;
    const women = await createCategory(shop.id, {
      name: 'Women',
      slug: 'women',
      featured: true,
      imageId: image.id,
    });
    const men = await createCategory(shop.id, { name: 'Men', slug: 'men', position: 1 });
    const hiddenParent = await createCategory(shop.id, {
      name: 'Hidden parent',
      slug: 'hidden-parent',
      status: 'draft',
    });
    const dresses = await createCategory(shop.id, {
      name: 'Dresses',
      slug: 'dresses',
      parentId: women.id,
    });
    const rest = await Promise.all([
      createCategory(shop.id, { name: 'Accessories', slug: 'accessories', position: 1 }),
      createCategory(shop.id, { name: 'Café & Thé', slug: 'cafe-the', position: 2 }),
      createCategory(shop.id, { name: '100% Linen', slug: 'linen', position: 3 }),
      createCategory(shop.id, { name: 'Draft one', slug: 'draft-one', status: 'draft' }),
      createCategory(shop.id, { name: 'Archived one', slug: 'archived-one', status: 'archived' }),
      createCategory(shop.id, { name: 'Orphan', slug: 'orphan', parentId: hiddenParent.id }),
      createCategory(shop.id, {
        name: 'Skirts',
        slug: 'skirts',
        parentId: women.id,
        position: 1,
      }),
      createCategory(shop.id, {
        name: 'Women draft child',
        slug: 'women-draft-child',
        parentId: women.id,
        status: 'draft',
      }),
      createCategory(shop.id, {
        name: 'Men archived child',
        slug: 'men-archived-child',
        parentId: men.id,
        status: 'archived',
      }),
      createCategory(shop.id, {
        name: 'Summer Dresses',
        slug: 'summer-dresses',
        parentId: dresses.id,
      }),
    ]);
    for (const row of [women, men, hiddenParent, dresses, ...rest]) ids[row.slug] = row.id;
    const otherWomen = await createCategory(other.id, { name: 'Women', slug: 'women' });
    ids['other-women'] = otherWomen.id;
    await createCategory(other.id, { name: 'Other child', parentId: otherWomen.id });
    await createCategories(bulk.id, 105);
  });

  it('lists only published categories, by position then name, in Shape C', async () => {
    const res = await client(shop.apiKey).get('/categories');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'success',
      currentPage: 1,
      totalPages: 1,
      totalDocuments: 9,
      hasNextPage: false,
      data: expect.any(Array),
    });
    expect(names(res.body)).toEqual([
      'Dresses',
      'Orphan',
      'Summer Dresses',
      'Women',
      'Accessories',
      'Men',
      'Skirts',
      'Café & Thé',
      '100% Linen',
    ]);
  });

  it('answers items that match the response schema exactly', async () => {
    const res = await client(shop.apiKey).get('/categories');
    // The API helper holds every answer to its declared schema, undeclared fields included.
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThan(0);
  });

  it('shows the image, featured flag and published-only hasChildren', async () => {
    const res = await client(shop.apiKey).get('/categories');
    const bySlug = new Map<string, Record<string, unknown>>(
      res.body.data.map((c: Item) => [c.slug, c]),
    );
    expect(bySlug.get('women')).toEqual({
      _id: ids.women,
      name: 'Women',
      slug: 'women',
      featured: true,
      parent: null,
      image: {
        _id: imageId,
        type: 'image/jpeg',
        size: '2048',
        title: 'An image',
        uploadUrl: `${shop.id}/media/women.jpg`,
      },
      hasChildren: true,
    });
    expect(bySlug.get('dresses')).toMatchObject({ parent: ids.women, hasChildren: true });
    expect(bySlug.get('men')).toMatchObject({ image: null, featured: false, hasChildren: false });
    expect(bySlug.get('summer-dresses')).toMatchObject({
      parent: ids.dresses,
      hasChildren: false,
    });
  });

  it('shows a category under an unpublished parent as top level', async () => {
    const res = await client(shop.apiKey).get('/categories');
    const orphan = res.body.data.find((c: Item) => c.slug === 'orphan');
    expect(orphan.parent).toBeNull();
  });

  describe('parent', () => {
    it('lists the published children of a parent given by id', async () => {
      const res = await client(shop.apiKey).get(`/categories?parent=${ids.women}`);
      expect(names(res.body)).toEqual(['Dresses', 'Skirts']);
      expect(res.body.totalDocuments).toBe(2);
      expect(res.body.data.every((c: Item) => c.parent === ids.women)).toBe(true);
    });

    it('accepts the parent slug too', async () => {
      const res = await client(shop.apiKey).get('/categories?parent=dresses');
      expect(names(res.body)).toEqual(['Summer Dresses']);
    });

    it('lists only direct children', async () => {
      const res = await client(shop.apiKey).get('/categories?parent=women');
      expect(names(res.body)).not.toContain('Summer Dresses');
    });

    it('`null` lists the top level, including categories under unpublished parents', async () => {
      const res = await client(shop.apiKey).get('/categories?parent=null');
      expect(names(res.body)).toEqual([
        'Orphan',
        'Women',
        'Accessories',
        'Men',
        'Café & Thé',
        '100% Linen',
      ]);
    });

    it('an empty parent lists everything', async () => {
      const res = await client(shop.apiKey).get('/categories?parent=');
      expect(res.body.totalDocuments).toBe(9);
    });

    it.each([
      ['an unknown uuid', '00000000-0000-4000-8000-000000000000'],
      ['an unknown slug', 'no-such-category'],
      ['an unpublished parent', 'hidden-parent'],
      ['a parent without published children', 'men'],
      ['a leaf', 'skirts'],
    ])('gives an empty page for %s', async (_label, parent) => {
      const res = await client(shop.apiKey).get(`/categories?parent=${parent}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        currentPage: 1,
        totalPages: 0,
        totalDocuments: 0,
        hasNextPage: false,
        data: [],
      });
    });

    it("gives an empty page for another shop's category", async () => {
      const res = await client(shop.apiKey).get(`/categories?parent=${ids['other-women']}`);
      expect(res.body.data).toEqual([]);
    });
  });

  describe('term', () => {
    it('matches a substring of the name, case-insensitively', async () => {
      const res = await client(shop.apiKey).get('/categories?term=RESS');
      expect(names(res.body)).toEqual(['Dresses', 'Summer Dresses']);
      expect(res.body.totalDocuments).toBe(2);
    });

    it('ignores accents on both sides', async () => {
      expect(names((await client(shop.apiKey).get('/categories?term=cafe')).body)).toEqual([
        'Café & Thé',
      ]);
      expect(
        names(
          (await client(shop.apiKey).get(`/categories?term=${encodeURIComponent('THÉ')}`)).body,
        ),
      ).toEqual(['Café & Thé']);
    });

    it('treats % and _ as plain characters', async () => {
      expect(names((await client(shop.apiKey).get('/categories?term=%25')).body)).toEqual([
        '100% Linen',
      ]);
      expect((await client(shop.apiKey).get('/categories?term=_')).body.data).toEqual([]);
    });

    it('never finds unpublished categories', async () => {
      const res = await client(shop.apiKey).get('/categories?term=draft');
      expect(res.body.data).toEqual([]);
    });

    it('combines with parent', async () => {
      const res = await client(shop.apiKey).get(`/categories?parent=${ids.women}&term=skirt`);
      expect(names(res.body)).toEqual(['Skirts']);
    });

    it('a blank term is no filter', async () => {
      const res = await client(shop.apiKey).get('/categories?term=%20%20');
      expect(res.body.totalDocuments).toBe(9);
    });

    it('rejects a term longer than 200 characters', async () => {
      const res = await client(shop.apiKey).get(`/categories?term=${'a'.repeat(201)}`);
      expectError(res, 422, 'VALIDATION_FAILED');
    });
  });

  describe('pagination', () => {
    it('serves 20 per page by default', async () => {
      const res = await client(bulk.apiKey).get('/categories');
      expect(res.body).toMatchObject({
        currentPage: 1,
        totalPages: 6,
        totalDocuments: 105,
        hasNextPage: true,
      });
      expect(res.body.data).toHaveLength(20);
    });

    it('serves a limit above 100 as 100', async () => {
      const res = await client(bulk.apiKey).get('/categories?limit=1000');
      expect(res.body.data).toHaveLength(100);
      expect(res.body).toMatchObject({ totalPages: 2, hasNextPage: true });
    });

    it('pages through without overlap', async () => {
      const first = await client(bulk.apiKey).get('/categories?limit=50&page=1');
      const second = await client(bulk.apiKey).get('/categories?limit=50&page=2');
      const third = await client(bulk.apiKey).get('/categories?limit=50&page=3');
      const all = [...first.body.data, ...second.body.data, ...third.body.data].map(
        (c: Item) => c._id,
      );
      expect(new Set(all).size).toBe(105);
      expect(third.body).toMatchObject({ currentPage: 3, totalPages: 3, hasNextPage: false });
      expect(third.body.data).toHaveLength(5);
      expect(second.body.hasNextPage).toBe(true);
    });

    it('answers an empty page with the right totals past the end', async () => {
      const res = await client(bulk.apiKey).get('/categories?page=7');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'success',
        currentPage: 7,
        totalPages: 6,
        totalDocuments: 105,
        hasNextPage: false,
        data: [],
      });
    });

    it('answers an empty shop with zero pages', async () => {
      const empty = await createTestShop();
      const res = await client(empty.apiKey).get('/categories');
      expect(res.body).toEqual({
        status: 'success',
        currentPage: 1,
        totalPages: 0,
        totalDocuments: 0,
        hasNextPage: false,
        data: [],
      });
    });

    it.each(['page=0', 'page=-1', 'page=abc', 'page=1.5', 'limit=0', 'limit=abc'])(
      'rejects %s',
      async (query) => {
        expectError(
          await client(bulk.apiKey).get(`/categories?${query}`),
          422,
          'VALIDATION_FAILED',
        );
      },
    );
  });

  it("never shows another shop's categories", async () => {
    const res = await client(other.apiKey).get('/categories');
    expect(res.body.totalDocuments).toBe(2);
    expect(res.body.data.map((c: Item) => c._id)).not.toContain(ids.women);
    const mine = await client(shop.apiKey).get('/categories?term=other');
    expect(mine.body.data).toEqual([]);
  });

  it('needs a storefront key', async () => {
    expectError(await client('').get('/categories'), 401, 'API_KEY_MISSING');
  });

  it('answers in one database round trip when not cached', async () => {
    await announceChange(shop.id);
    for (const path of [
      '/categories',
      `/categories?parent=${ids.women}&term=dress&page=2&limit=1`,
      '/categories?parent=null',
      '/categories?parent=unknown',
    ]) {
      const res = await client(shop.apiKey).get(path);
      expect(res.status, path).toBe(200);
      expect(res.roundTrips, path).toBe(1);
    }
  });
});
