import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import {
  GENERATION_MEMO_MS,
  type GenerationReader,
  memoizedGenerations,
} from '../../src/adapters/generations';
import type { GenerationStore } from '../../src/adapters/kv';
import { createMemoryGenerations } from '../../src/adapters/kv-memory';
import type { AppEnv, Services, ShopContext } from '../../src/app-env';
import { edgeCache } from '../../src/http/edge-cache';
import { CATALOGUE } from '../../src/http/http-cache';
import { DependencyUnavailableError } from '../../src/lib/dependency';

/** A store that can be taken down and brought back, as Redis can. */
function switchableStore(inner: GenerationStore) {
  let down = false;
  const store: GenerationStore = {
    current: (shopId) =>
      down
        ? Promise.reject(new DependencyUnavailableError('redis', 'down'))
        : inner.current(shopId),
    bump: (shopId) =>
      down ? Promise.reject(new DependencyUnavailableError('redis', 'down')) : inner.bump(shopId),
  };
  return { store, setDown: (value: boolean) => (down = value) };
}

describe('the freshness bound of generations', () => {
  it('is at most the memo after a bump, and a store outage stops cache use at once after it', async () => {
    let now = 0;
    const { store, setDown } = switchableStore(createMemoryGenerations());
    const reader = memoizedGenerations(store, GENERATION_MEMO_MS, () => now);
    const first = (await reader.read('shop')).generation;
    expect(first).not.toBeNull();

    await store.bump('shop'); // a write in another isolate
    now = GENERATION_MEMO_MS - 1;
    expect((await reader.read('shop')).generation).toBe(first);
    now = GENERATION_MEMO_MS;
    const second = (await reader.read('shop')).generation;
    expect(second).not.toBe(first);

    setDown(true);
    now = 2 * GENERATION_MEMO_MS;
    expect((await reader.read('shop')).generation).toBeNull();
    setDown(false);
    // The failure is remembered no longer than a generation would be.
    now = 3 * GENERATION_MEMO_MS;
    expect((await reader.read('shop')).generation).toBe(second);
  });

  it('is under 2 s: the memo is at most 1 s', () => {
    expect(GENERATION_MEMO_MS).toBeLessThanOrEqual(1_000);
  });
});

/** A route behind the edge cache whose handler counts how often it computes its answer. */
function cachedRoute(reader: GenerationReader) {
  let computed = 0;
  const shop = { id: crypto.randomUUID() } as ShopContext;
  const services = {
    generationReader: reader,
    defer: (work: Promise<unknown>) => {
      pending.push(work);
    },
  } as unknown as Services;
  const pending: Promise<unknown>[] = [];
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('services', services);
    c.set('shop', shop);
    await next();
  });
  app.get('/thing', edgeCache(CATALOGUE, ['x-api-key']), (c) => {
    computed += 1;
    return c.json({ computed });
  });
  return {
    get: async () => {
      const res = await app.request(`http://edge.test/thing?at=${shop.id}`);
      await Promise.all(pending.splice(0));
      return res;
    },
    computed: () => computed,
  };
}

describe('the edge cache while Redis is out of reach', () => {
  it('reads through to the handler every time, storing nothing', async () => {
    const { store, setDown } = switchableStore(createMemoryGenerations());
    let now = 0;
    const route = cachedRoute(memoizedGenerations(store, GENERATION_MEMO_MS, () => now));
    await route.get();
    expect((await route.get()).headers.get('server-timing')).toContain('cache;desc="hit"');
    expect(route.computed()).toBe(1);

    setDown(true);
    now += GENERATION_MEMO_MS;
    for (let i = 0; i < 3; i++) {
      const res = await route.get();
      expect(res.status).toBe(200);
      expect(res.headers.get('server-timing')).toContain('cache;desc="bypass"');
      expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/);
    }
    expect(route.computed()).toBe(4);
  });
});
