import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createContentModel, createEntries, createEntry } from '../helpers/content-factory';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const minutes = (n: number) => new Date(Date.UTC(2024, 0, 1, 12, n, 0, 0));

describe('GET /content/:modelSlug', () => {
  let shop: TestShop;
  let other: TestShop;
  const published: Array<{ id: string }> = [];
  let homepage: { current: { id: string } };

  beforeAll(async () => {
    [shop, other] = await Promise.all([createTestShop(), createTestShop()]);

    const blog = await createContentModel(shop.id, 'collection', { slug: 'blog' });
    // Created oldest first; `Post 22` is the newest published entry.
    const rows = await createEntries(
      blog,
      Array.from({ length: 23 }, (_, i) => ({
        data: { title: `Post ${i}`, position: i },
        createdAt: minutes(i),
        updatedAt: minutes(100 - i),
      })),
    );
    published.push(...rows);
    await createEntries(blog, [
      { status: 'draft', data: { title: 'Draft post' }, createdAt: minutes(50) },
      { status: 'archived', data: { title: 'Archived post' }, createdAt: minutes(51) },
    ]);

    const many = await createContentModel(shop.id, 'collection', { slug: 'many' });
    await createEntries(
      many,
      Array.from({ length: 55 }, (_, i) => ({ data: { n: i }, createdAt: minutes(i) })),
    );
    await createContentModel(shop.id, 'collection', { slug: 'empty-collection' });

    const home = await createContentModel(shop.id, 'singleton', { slug: 'homepage' });
    const [, current] = await createEntries(home, [
      { data: { headline: 'Old' }, updatedAt: minutes(1) },
      { data: { headline: 'Current', hero: { cta: 'Shop now' } }, updatedAt: minutes(3) },
      { data: { headline: 'Older' }, updatedAt: minutes(2) },
      { status: 'draft', data: { headline: 'Draft' }, updatedAt: minutes(9) },
      { status: 'archived', data: { headline: 'Archived' }, updatedAt: minutes(8) },
    ]);
    if (!current) throw new Error('fixture missing');
    homepage = { current };

    const about = await createContentModel(shop.id, 'singleton', { slug: 'about' });
    await createEntries(about, [
      { status: 'draft', data: { text: 'soon' } },
      { status: 'archived', data: { text: 'gone' } },
    ]);
    await createContentModel(shop.id, 'singleton', { slug: 'empty-singleton' });

    const otherBlog = await createContentModel(other.id, 'collection', { slug: 'blog' });
    await createEntry(otherBlog, { data: { title: 'Not yours' } });
    await createContentModel(other.id, 'singleton', { slug: 'other-only' });
  });

  describe('a collection', () => {
    it('answers Shape A of published entries, newest first, 20 by default', async () => {
      const res = await client(shop.apiKey).get('/content/blog');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.data).toMatchObject({
        currentPage: 1,
        totalPages: 2,
        totalDocuments: 23,
        limit: 20,
      });
      const titles = res.body.data.data.map((e: { title: string }) => e.title);
      expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `Post ${22 - i}`));
    });

    it('matches the response schema', async () => {
      // The API helper holds every answer to its declared schema, undeclared fields included.
      const res = await client(shop.apiKey).get('/content/blog');
      expect(res.status).toBe(200);
      expect(res.body.data.data.length).toBeGreaterThan(0);
    });

    it('flattens the merchant fields onto each entry with _id and updatedAt', async () => {
      const res = await client(shop.apiKey).get('/content/blog?limit=1');
      const newest = published[22];
      expect(res.body.data.data).toEqual([
        {
          _id: newest?.id,
          updatedAt: minutes(78).toISOString(),
          title: 'Post 22',
          position: 22,
        },
      ]);
    });

    it('serves the second page and an empty page past the end', async () => {
      const second = await client(shop.apiKey).get('/content/blog?page=2');
      expect(second.body.data.data.map((e: { title: string }) => e.title)).toEqual([
        'Post 2',
        'Post 1',
        'Post 0',
      ]);
      const past = await client(shop.apiKey).get('/content/blog?page=3');
      expect(past.body.data).toEqual({
        currentPage: 3,
        totalPages: 2,
        totalDocuments: 23,
        limit: 20,
        data: [],
      });
    });

    it('serves a limit above 50 as 50', async () => {
      const res = await client(shop.apiKey).get('/content/many?limit=500');
      expect(res.body.data).toMatchObject({ limit: 50, totalPages: 2, totalDocuments: 55 });
      expect(res.body.data.data).toHaveLength(50);
      const rest = await client(shop.apiKey).get('/content/many?limit=50&page=2');
      expect(rest.body.data.data.map((e: { n: number }) => e.n)).toEqual([4, 3, 2, 1, 0]);
    });

    it('answers an empty page for a collection without published entries', async () => {
      const res = await client(shop.apiKey).get('/content/empty-collection');
      expect(res.body.data).toEqual({
        currentPage: 1,
        totalPages: 0,
        totalDocuments: 0,
        limit: 20,
        data: [],
      });
    });

    it.each(['page=0', 'page=x', 'limit=0', 'limit=-5'])('rejects %s', async (query) => {
      expectError(
        await client(shop.apiKey).get(`/content/blog?${query}`),
        422,
        'VALIDATION_FAILED',
      );
    });
  });

  describe('a singleton', () => {
    it('answers the most recently updated published entry', async () => {
      const res = await client(shop.apiKey).get('/content/homepage');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'success',
        data: {
          _id: homepage.current.id,
          updatedAt: minutes(3).toISOString(),
          headline: 'Current',
          hero: { cta: 'Shop now' },
        },
      });
    });

    it('ignores page and limit', async () => {
      const res = await client(shop.apiKey).get('/content/homepage?page=4&limit=2');
      expect(res.body.data.headline).toBe('Current');
    });

    it('answers null when only draft or archived entries exist', async () => {
      const res = await client(shop.apiKey).get('/content/about');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'success', data: null });
    });

    it('answers null when the singleton has no entry at all', async () => {
      const res = await client(shop.apiKey).get('/content/empty-singleton');
      expect(res.body).toEqual({ status: 'success', data: null });
    });
  });

  it.each([
    ['an unknown slug', 'no-such-model'],
    ["another shop's model", 'other-only'],
    ['a differently cased slug', 'BLOG'],
  ])('answers CONTENT_MODEL_NOT_FOUND for %s', async (_label, slug) => {
    const res = await client(shop.apiKey).get(`/content/${slug}`);
    expectError(res, 404, 'CONTENT_MODEL_NOT_FOUND');
    expect(res.roundTrips).toBe(1);
  });

  it('serves each shop its own model when slugs collide', async () => {
    const res = await client(other.apiKey).get('/content/blog');
    expect(res.body.data.totalDocuments).toBe(1);
    expect(res.body.data.data[0].title).toBe('Not yours');
  });

  it('answers in one database round trip when not cached', async () => {
    await announceChange(shop.id);
    for (const path of [
      '/content/blog',
      '/content/blog?page=2',
      '/content/homepage',
      '/content/about',
    ]) {
      expect((await client(shop.apiKey).get(path)).roundTrips, path).toBe(1);
    }
  });
});
