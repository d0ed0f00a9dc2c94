import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { call, client, expectError } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { announceChange, outcome, untilHit } from '../helpers/freshness';
import { merchantOf } from '../helpers/merchant';
import { createTestShop, demoShop, secondShop, type TestShop } from '../helpers/shop-factory';

describe('edge cache of public reads', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
    await createProduct(shop, { title: 'Cached Tee' });
  });

  it('answers a repeat from the cache with zero statements, the same bytes and headers', async () => {
    const api = client(shop.apiKey);
    const first = await api.get('/products?limit=5');
    expect(outcome(first)).toBe('miss');
    expect(first.roundTrips).toBe(1);
    const hit = await untilHit(() => api.get('/products?limit=5'));
    expect(hit.roundTrips).toBe(0);
    expect(JSON.stringify(hit.body)).toBe(JSON.stringify(first.body));
    expect(hit.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(first.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(hit.headers.get('cache-control')).toBe('public, max-age=30, stale-while-revalidate=60');
    expect(hit.headers.get('vary')).toBe('x-api-key');
    expect(hit.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
  });

  it('answers 304 to If-None-Match, on a miss and on a hit', async () => {
    const api = client(shop.apiKey);
    const first = await api.get('/settings');
    const etag = first.headers.get('etag') ?? '';
    const conditional = await api.get('/settings', { headers: { 'if-none-match': etag } });
    expect(conditional.status).toBe(304);
    expect(conditional.headers.get('etag')).toBe(etag);
    expect(conditional.body).toBe('');
    await announceChange(shop.id);
    const afterWrite = await api.get('/settings', { headers: { 'if-none-match': etag } });
    expect(outcome(afterWrite)).toBe('miss');
    expect(afterWrite.status).toBe(304);
    const other = await api.get('/settings', { headers: { 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
  });

  it('keys POST reads on their canonical JSON body', async () => {
    const api = client(shop.apiKey);
    const product = await createProduct(shop, { title: 'Cart Tee' });
    const miss = await api.post('/products/cart', {
      cart: [{ productId: product.id, quantity: 2, type: 'product' }],
    });
    expect(miss.status).toBe(200);
    expect(outcome(miss)).toBe('miss');
    // The same request, its keys in another order and spaced otherwise.
    const reordered = await untilHit(() =>
      call('/products/cart', {
        apiKey: shop.apiKey,
        body: `{"cart":[{"type":"product", "quantity":2, "productId":${JSON.stringify(product.id)}}]}`,
      }),
    );
    expect(reordered.roundTrips).toBe(0);
    expect(reordered.body).toEqual(miss.body);
  });

  it('stores a stable 404 with this request id, never a validation error', async () => {
    const api = client(shop.apiKey);
    expectError(await api.get('/products/no-such-product'), 404, 'PRODUCT_NOT_FOUND');
    const cached = await untilHit(() => api.get('/products/no-such-product'));
    expectError(cached, 404, 'PRODUCT_NOT_FOUND');
    expect(cached.roundTrips).toBe(0);
    for (let i = 0; i < 3; i++) {
      const invalid = await api.get('/products?limit=0');
      expect(invalid.status).toBe(422);
      expect(outcome(invalid)).toBe('miss');
    }
  });

  it('caches the streamed sitemap once complete', async () => {
    const api = client(shop.apiKey);
    const first = await api.get('/config/site-map');
    expect(first.status).toBe(200);
    const hit = await untilHit(() => api.get('/config/site-map'));
    expect(hit.body).toEqual(first.body);
    expect(hit.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    expect(hit.headers.get('vary')).toBe('x-api-key, x-forwarded-host, origin, host');
  });
});

describe('freshness after writes', () => {
  it('serves a merchant write on the next read', async () => {
    const shop = await createTestShop();
    const api = client(shop.apiKey);
    const before = await api.get('/settings');
    await untilHit(() => api.get('/settings'));
    const { api: admin } = await merchantOf(shop);
    const rate = await admin.post('/shipping-rates', { title: 'Edge van', amount: 900 });
    expect(rate.status).toBe(201);
    const after = await api.get('/settings');
    expect(outcome(after)).toBe('miss');
    expect(JSON.stringify(after.body)).toContain('Edge van');
    expect(JSON.stringify(before.body)).not.toContain('Edge van');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('shows stock taken by an order on the next read of the product', async () => {
    const shop = await createTestShop();
    const product = await createProduct(shop, { stock: 5 });
    const api = client(shop.apiKey);
    await api.get(`/products/${product.slug}`);
    const cached = await untilHit(() => api.get(`/products/${product.slug}`));
    await testDb().update(s.products).set({ stock: 2 }).where(eq(s.products.id, product.id));
    // Unannounced, the cache still answers; the same change announced is served at once.
    expect((await api.get(`/products/${product.slug}`)).body).toEqual(cached.body);
    await announceChange(shop.id);
    const fresh = await api.get(`/products/${product.slug}`);
    expect(outcome(fresh)).toBe('miss');
    expect(fresh.body).not.toEqual(cached.body);
  });

  it('stops serving a closed shop, from the cache too', async () => {
    const shop = await createTestShop({ status: 'active' });
    const api = client(shop.apiKey);
    await api.get('/settings');
    await untilHit(() => api.get('/settings'));
    await testDb().update(s.shops).set({ status: 'development' }).where(eq(s.shops.id, shop.id));
    await announceChange(shop.id);
    expectError(await api.get('/settings'), 503, 'SHOP_UNDER_DEVELOPMENT');
    expectError(await api.get('/products'), 503, 'SHOP_UNDER_DEVELOPMENT');
  });
});

describe('tenant safety', () => {
  it('never answers one shop with the other shop’s cached answer for the same slugs', async () => {
    const demo = demoShop();
    const second = secondShop();
    const rows = await testDb()
      .select({ shopId: s.products.shopId, slug: s.products.slug })
      .from(s.products)
      .where(
        and(inArray(s.products.shopId, [demo.id, second.id]), eq(s.products.status, 'published')),
      );
    const demoSlugs = new Set(rows.filter((r) => r.shopId === demo.id).map((r) => r.slug));
    const shared = rows.filter((r) => r.shopId === second.id && demoSlugs.has(r.slug));
    expect(shared.length).toBeGreaterThan(0);
    const slug = shared[0]?.slug ?? '';
    for (const path of [`/products/${slug}`, '/settings', '/products?limit=3']) {
      const a = await client(demo.apiKey).get(path);
      const b = await client(second.apiKey).get(path);
      const aHit = await untilHit(() => client(demo.apiKey).get(path));
      const bHit = await untilHit(() => client(second.apiKey).get(path));
      expect(aHit.body, path).toEqual(a.body);
      expect(bHit.body, path).toEqual(b.body);
      expect(a.body, path).not.toEqual(b.body);
    }
  });
});
