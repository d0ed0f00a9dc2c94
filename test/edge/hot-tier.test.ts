import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATION_MEMO_MS, memoizedGenerations } from '../../src/adapters/generations';
import type { GenerationStore } from '../../src/adapters/kv';
import { createMemoryGenerations } from '../../src/adapters/kv-memory';
import type { AppEnv, Services, ShopContext } from '../../src/app-env';
import { edgeCache } from '../../src/http/edge-cache';
import { createHotTier, HOT_TTL_MS } from '../../src/http/edge-hot';
import { CATALOGUE } from '../../src/http/http-cache';
import { SHOP_CACHE_TRUST_MS } from '../../src/identity/shops';
import { type ApiResponse, call, client, expectError } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { announceChange } from '../helpers/freshness';
import { createMerchantKey } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const timing = (res: ApiResponse | Response) => res.headers.get('server-timing') ?? '';
const fromIsolate = (res: ApiResponse | Response) => timing(res).includes('tier;desc="isolate"');

/** The headers a client sees that do not change from one answer of the same read to the next. */
const stableHeaders = (res: ApiResponse) =>
  [...res.headers.entries()].filter(([name]) => !['x-request-id', 'server-timing'].includes(name));

describe('the hot tier of the edge cache, through the worker', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
    await createProduct(shop, { title: 'Hot Tee' });
  });

  it('answers repeats from the isolate with zero statements and the same bytes and headers', async () => {
    const api = client(shop.apiKey);
    const first = await api.get('/products?limit=4');
    expect(first.status).toBe(200);
    expect(fromIsolate(first)).toBe(false);
    for (let i = 0; i < 3; i++) {
      const repeat = await api.get('/products?limit=4');
      expect(fromIsolate(repeat)).toBe(true);
      expect(timing(repeat)).toContain('cache;desc="hit"');
      expect(repeat.roundTrips).toBe(0);
      expect(JSON.stringify(repeat.body)).toBe(JSON.stringify(first.body));
      expect(stableHeaders(repeat)).toEqual(stableHeaders(first));
      expect(repeat.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    }
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('leaves a request with credentials or a cookie to the full way (no-store)', async () => {
    const api = client(shop.apiKey);
    await api.get('/products?limit=5');
    expect(fromIsolate(await api.get('/products?limit=5'))).toBe(true);
    const personal: Record<string, string>[] = [
      { authorization: 'Bearer not-a-token' },
      { cookie: 'theme=dark' },
    ];
    for (const headers of personal) {
      const res = await api.get('/products?limit=5', { headers });
      expect(fromIsolate(res)).toBe(false);
      expect(res.status).toBe(200);
      if ('authorization' in headers) expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(fromIsolate(await api.get('/products?limit=5'))).toBe(true);
  });

  it('answers 304 from the isolate to a matching If-None-Match', async () => {
    const api = client(shop.apiKey);
    const first = await api.get('/products?limit=2');
    const etag = first.headers.get('etag') ?? '';
    const conditional = await api.get('/products?limit=2', { headers: { 'if-none-match': etag } });
    expect(fromIsolate(conditional)).toBe(true);
    expect(conditional.status).toBe(304);
    expect(conditional.body).toBe('');
    expect(conditional.headers.get('etag')).toBe(etag);
    expect(conditional.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
  });

  it('serves a change announced by a write on the next read', async () => {
    const product = await createProduct(shop, { title: 'Before Tee' });
    const api = client(shop.apiKey);
    await api.get(`/products/${product.slug}`);
    expect(fromIsolate(await api.get(`/products/${product.slug}`))).toBe(true);
    await createProduct(shop, { title: 'After Tee' });
    await announceChange(shop.id);
    const list = await api.get('/products?limit=4');
    expect(fromIsolate(list)).toBe(false);
    expect(JSON.stringify(list.body)).toContain('After Tee');
    expect(fromIsolate(await api.get(`/products/${product.slug}`))).toBe(false);
  });

  it('computes a changed read once for simultaneous requests, which get its answer', async () => {
    const api = client(shop.apiKey);
    const path = '/products?limit=6';
    await api.get(path);
    expect(fromIsolate(await api.get(path))).toBe(true);
    await createProduct(shop, { title: 'Together Tee' });
    await announceChange(shop.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => api.get(path)));
    expect(answers.filter((res) => !fromIsolate(res))).toHaveLength(1);
    for (const res of answers) expect(JSON.stringify(res.body)).toContain('Together Tee');
  });

  it('never answers another key from memory: unknown, merchant or another shop’s', async () => {
    const api = client(shop.apiKey);
    const path = '/products?limit=3';
    await api.get(path);
    expect(fromIsolate(await api.get(path))).toBe(true);
    expectError(await client('pk_unknown_key').get(path), 401, 'API_KEY_INVALID');
    const { secret } = await createMerchantKey(shop);
    expectError(await client(secret).get(path), 401, 'MERCHANT_KEY_NOT_ALLOWED');
    expectError(await call(path), 401, 'API_KEY_MISSING');
    const other = await createTestShop();
    const theirs = await client(other.apiKey).get(path);
    expect(fromIsolate(theirs)).toBe(false);
    expect(theirs.status).toBe(200);
  });
});

/**
 * A cached route behind a hot tier of its own, counting what each request makes it do. Each
 * request that builds services stands for one that resolves its shop in Postgres: it renews
 * the trust the tier asks for (`SHOP_CACHE_TRUST_MS`), or, while Postgres is down, answers
 * 503 and is remembered as a failure.
 */
function frontedRoute() {
  let now = 1_000_000;
  let down = false;
  const postgres = { okAt: now, failedAt: 0 };
  const counts = { storeReads: 0, servicesBuilt: 0, computed: 0 };
  /** How many requests were in the application at once, at most. */
  const inApp = { now: 0, most: 0 };
  const inner = createMemoryGenerations();
  const store: GenerationStore = {
    current: (shopId) => {
      counts.storeReads += 1;
      return inner.current(shopId);
    },
    bump: (shopId) => inner.bump(shopId),
  };
  const reader = memoizedGenerations(store, GENERATION_MEMO_MS, () => now);
  const trusted = (at: number) =>
    postgres.okAt >= postgres.failedAt && at - postgres.okAt <= SHOP_CACHE_TRUST_MS;
  const shop = { id: crypto.randomUUID() } as ShopContext;
  const pending: Promise<unknown>[] = [];
  const tier = createHotTier(() => now);
  const app = new Hono<AppEnv>();
  app.use(
    '*',
    tier.recorder(
      () => reader,
      (at) => trusted(at),
    ),
  );
  app.use('*', async (c, next) => {
    c.set('requestId', crypto.randomUUID());
    await next();
  });
  app.use('*', async (c, next) => {
    counts.servicesBuilt += 1;
    inApp.now += 1;
    inApp.most = Math.max(inApp.most, inApp.now);
    // The shop's resolution: one round trip to Postgres.
    await new Promise((resolve) => setTimeout(resolve, 5));
    inApp.now -= 1;
    if (down) {
      postgres.failedAt = now;
      return c.json({ code: 'SERVICE_UNAVAILABLE' }, 503);
    }
    postgres.okAt = now;
    const services = { generationReader: reader, defer: (w: Promise<unknown>) => pending.push(w) };
    c.set('services', services as unknown as Services);
    c.set('shop', shop);
    await next();
  });
  app.get('/thing', edgeCache(CATALOGUE, ['x-api-key']), (c) => {
    counts.computed += 1;
    return c.json({ status: 'success', computed: counts.computed });
  });
  const get = async () => {
    const req = new Request(`http://hot.test/thing?for=${shop.id}`, {
      headers: { 'x-api-key': 'pk_test' },
    });
    const res = await tier.serve(req, async () => app.request(req));
    await Promise.all(pending.splice(0));
    return res;
  };
  return {
    counts,
    inApp,
    get,
    /** `n` simultaneous requests, their bodies and how many the tier answered. */
    together: async (n: number) => {
      const answers = await Promise.all(Array.from({ length: n }, get));
      const bodies = await Promise.all(answers.map((res) => res.text()));
      return { answers, bodies, fromIsolate: answers.filter(fromIsolate).length };
    },
    bump: () => store.bump(shop.id),
    advance: (ms: number) => {
      now += ms;
    },
    setDown: (value: boolean) => {
      down = value;
    },
  };
}

describe('what a hit from the hot tier does', () => {
  it('builds no services and reads the generation store at most once per memo period', async () => {
    const route = frontedRoute();
    await route.get();
    expect(route.counts).toEqual({ storeReads: 1, servicesBuilt: 1, computed: 1 });
    for (let i = 0; i < 20; i++) expect(fromIsolate(await route.get())).toBe(true);
    expect(route.counts).toEqual({ storeReads: 1, servicesBuilt: 1, computed: 1 });
    route.advance(GENERATION_MEMO_MS);
    for (let i = 0; i < 20; i++) expect(fromIsolate(await route.get())).toBe(true);
    expect(route.counts).toEqual({ storeReads: 2, servicesBuilt: 1, computed: 1 });
  });

  it('serves nothing older than the memo after a bump, nor past its lifetime', async () => {
    const route = frontedRoute();
    const first = await (await route.get()).json();
    await route.bump();
    expect(fromIsolate(await route.get())).toBe(true); // within the memo: the bound allows it
    route.advance(GENERATION_MEMO_MS);
    const after = await route.get();
    expect(fromIsolate(after)).toBe(false);
    expect(await after.json()).not.toEqual(first);
    expect(route.counts.computed).toBe(2);
    route.advance(HOT_TTL_MS);
    expect(fromIsolate(await route.get())).toBe(false);
  });

  it('computes a moved generation once for simultaneous requests, which get its answer', async () => {
    const route = frontedRoute();
    await route.get();
    await route.bump();
    route.advance(GENERATION_MEMO_MS);
    const { answers, bodies, fromIsolate: replayed } = await route.together(6);
    expect(route.counts.computed).toBe(2);
    expect(route.counts.servicesBuilt).toBe(2);
    expect(replayed).toBe(5);
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
    expect(new Set(bodies)).toEqual(new Set([JSON.stringify({ status: 'success', computed: 2 })]));
    route.advance(HOT_TTL_MS);
    expect((await route.together(6)).fromIsolate).toBe(5);
    expect(route.counts.servicesBuilt).toBe(3);
  });

  it('sends one request the full way when Postgres has not answered lately, the others after it', async () => {
    const route = frontedRoute();
    await route.get();
    route.advance(SHOP_CACHE_TRUST_MS + 1);
    const { answers, fromIsolate: replayed } = await route.together(6);
    expect(route.counts.servicesBuilt).toBe(2);
    expect(route.counts.computed).toBe(1); // the full way found it in the Cache API
    expect(replayed).toBe(5);
    expect(answers.map((res) => res.status)).toEqual(Array(6).fill(200));
  });

  it('goes the full way, every request, while Postgres does not answer', async () => {
    const route = frontedRoute();
    await route.get();
    expect(fromIsolate(await route.get())).toBe(true);
    route.setDown(true);
    route.advance(SHOP_CACHE_TRUST_MS + 1);
    const { answers, fromIsolate: replayed } = await route.together(4);
    expect(replayed).toBe(0);
    expect(answers.map((res) => res.status)).toEqual(Array(4).fill(503));
    expect(route.counts.servicesBuilt).toBe(5);
    // The answer was not renewed, so it is forgotten: nothing holds the next ones back.
    route.inApp.most = 0;
    const next = await route.together(4);
    expect(next.answers.map((res) => res.status)).toEqual(Array(4).fill(503));
    expect(route.inApp.most).toBe(4);
    route.setDown(false);
    expect((await route.get()).status).toBe(200);
    expect(fromIsolate(await route.get())).toBe(true);
  });
});
