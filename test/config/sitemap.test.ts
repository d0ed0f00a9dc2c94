import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { createLogger } from '../../src/lib/log';
import { SitemapSchema } from '../../src/modules/config/schemas';
import { sitemapStream } from '../../src/modules/config/service/sitemap';
import { client } from '../helpers/api';
import { testDb } from '../helpers/db';
import { createTestShop, demoShop } from '../helpers/shop-factory';
import { createProduct, createSeoShop, type SeoShop } from './fixtures';

type Entry = { url: string; lastModified: string; changeFrequency: string; priority: number };

describe('GET /config/site-map', () => {
  let f: SeoShop;
  let entries: Entry[];
  let base: string;
  const byUrl = (path: string) => entries.find((e) => e.url === `${base}${path}`);

  beforeAll(async () => {
    f = await createSeoShop();
    base = `https://${f.primaryHost}`;
    const res = await client(f.shop.apiKey).get('/config/site-map');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    entries = res.body.data;
  });

  it('answers the contract shape', async () => {
    const res = await client(f.shop.apiKey).get('/config/site-map');
    expect(SitemapSchema.strict().safeParse(res.body).error?.issues ?? []).toEqual([]);
    for (const entry of res.body.data as Entry[]) {
      expect(entry.url.startsWith(`${base}/`)).toBe(true);
      expect(new Date(entry.lastModified).toISOString()).toBe(entry.lastModified);
      expect(entry.priority).toBeGreaterThanOrEqual(0);
      expect(entry.priority).toBeLessThanOrEqual(1);
    }
  });

  it('lists the static pages, the merchant pages and the configured policies', () => {
    expect(byUrl('/')).toMatchObject({ changeFrequency: 'daily', priority: 1 });
    expect(byUrl('/shop')).toMatchObject({ changeFrequency: 'daily', priority: 0.9 });
    expect(byUrl('/contact-us')).toMatchObject({ changeFrequency: 'monthly' });
    expect(byUrl('/about-us')).toBeDefined();
    expect(byUrl('/support/privacy')).toMatchObject({ changeFrequency: 'yearly', priority: 0.3 });
    expect(byUrl('/support/terms-of-service')).toBeDefined();
    expect(byUrl('/support/cookie')).toBeUndefined();
    expect(entries.some((e) => e.url.includes('blog.example.com'))).toBe(false);
    expect(entries.filter((e) => e.url === `${base}/`)).toHaveLength(1);
  });

  it('lists every published product and category, and nothing unpublished', () => {
    const product = byUrl(`/product/${f.product.slug}`);
    expect(product).toEqual({
      url: `${base}/product/${f.product.slug}`,
      lastModified: f.product.updatedAt.toISOString(),
      changeFrequency: 'weekly',
      priority: 0.8,
    });
    expect(byUrl(`/product/${f.bareProduct.slug}`)).toBeDefined();
    expect(byUrl(`/collections/${f.category.slug}`)).toMatchObject({
      changeFrequency: 'weekly',
      priority: 0.7,
    });
    expect(byUrl(`/product/${f.draftProduct.slug}`)).toBeUndefined();
    expect(byUrl(`/collections/${f.draftCategory.slug}`)).toBeUndefined();
    expect(entries.filter((e) => e.url.includes('/product/'))).toHaveLength(2);
    expect(entries.filter((e) => e.url.includes('/collections/'))).toHaveLength(1);
  });

  it('dates the listing pages by the latest catalogue change', () => {
    const latest = [f.product, f.bareProduct, f.category]
      .map((row) => row.updatedAt.toISOString())
      .sort()
      .at(-1);
    expect(byUrl('/')?.lastModified).toBe(latest);
  });

  it("never lists another shop's products", async () => {
    const other = await createSeoShop();
    const res = await client(other.shop.apiKey).get('/config/site-map');
    const urls = (res.body.data as Entry[]).map((e) => e.url).join(' ');
    expect(urls).toContain(other.product.slug);
    expect(urls).not.toContain(f.product.slug);
  });

  it('leaves out the default pages the merchant turned off, never the home page', async () => {
    const shop = await createTestShop({
      settings: { defaultPages: { home: false, shop: false, contact: false } },
    });
    const res = await client(shop.apiKey).get('/config/site-map');
    expect(res.status).toBe(200);
    expect((res.body.data as Entry[]).map((e) => e.url)).toEqual([
      `https://${shop.handle}.localhost/`,
    ]);
  });

  it('encodes slugs into valid URLs', async () => {
    const shop = await createTestShop();
    await createProduct(shop.id, { slug: 'café crème' });
    const res = await client(shop.apiKey).get('/config/site-map');
    const urls = (res.body.data as Entry[]).map((e) => e.url);
    expect(urls).toContain(`https://${shop.handle}.localhost/product/caf%C3%A9%20cr%C3%A8me`);
  });

  it('answers the demo shop (tolerant: its data is being seeded elsewhere)', async () => {
    const res = await client(demoShop().apiKey).get('/config/site-map');
    expect(res.status).toBe(200);
    expect(SitemapSchema.safeParse(res.body).success).toBe(true);
    const urls = (res.body.data as Entry[]).map((e) => e.url);
    expect(urls.every((url) => url.startsWith('https://'))).toBe(true);
    expect(urls.some((url) => new URL(url).pathname === '/')).toBe(true);
    expect(new Set(urls).size).toBe(urls.length);
  });
});

describe('sitemap streaming', () => {
  it('pages through products in keyset chunks, each listed once, in slug order', async () => {
    const shop = await createTestShop();
    const db = testDb();
    await db.insert(s.products).values(
      Array.from({ length: 7 }, (_, i) => ({
        shopId: shop.id,
        title: `P${i}`,
        slug: `p-${String(6 - i).padStart(2, '0')}`,
        priceMinor: 100,
      })),
    );
    await db.update(s.products).set({ status: 'archived' }).where(eq(s.products.slug, 'p-03'));

    const stream = await sitemapStream(
      db,
      shop.id,
      { platformSuffix: 'localhost', fallbackHost: 'x', log: createLogger() },
      2,
    );
    const body = JSON.parse(await new Response(stream).text());
    expect(SitemapSchema.strict().safeParse(body).success).toBe(true);
    const products = (body.data as Entry[])
      .filter((e) => e.url.includes('/product/'))
      .map((e) => e.url.split('/').at(-1));
    expect(products).toEqual(['p-00', 'p-01', 'p-02', 'p-04', 'p-05', 'p-06']);
  });
});
