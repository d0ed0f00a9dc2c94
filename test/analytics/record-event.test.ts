import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DedupStore } from '../../src/adapters/kv';
import { createMemoryDedup } from '../../src/adapters/kv-memory';
import * as s from '../../src/db/schema';
import { createLogger } from '../../src/lib/log';
import type { AnalyticsEvent } from '../../src/modules/analytics/schemas';
import { DEDUP_TTL_SECONDS, dedupKey, recordEvent } from '../../src/modules/analytics/service';
import { testDb } from '../helpers/db';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const pageView = (sessionId: string, url = '/shop'): AnalyticsEvent => ({
  userId: 'visitor',
  sessionId,
  sessionStartPage: '/',
  event: 'page_view',
  metadata: { url },
});

const rowsOf = (shopId: string, sessionId: string) =>
  testDb()
    .select()
    .from(s.analyticsEvents)
    .where(and(eq(s.analyticsEvents.shopId, shopId), eq(s.analyticsEvents.sessionId, sessionId)));

describe('recordEvent', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it('stores the event anyway when the dedup store is unreachable', async () => {
    const unreachable: DedupStore = {
      firstSeen: () => Promise.reject(new Error('connect ECONNREFUSED upstash')),
    };
    const sessionId = crypto.randomUUID();
    const deps = { db: testDb(), dedup: unreachable, log: createLogger() };
    expect(await recordEvent(deps, shop.id, pageView(sessionId))).toBe(true);
    expect(await recordEvent(deps, shop.id, pageView(sessionId))).toBe(true);
    expect(await rowsOf(shop.id, sessionId)).toHaveLength(2);
  });

  it('skips a context already seen in the session', async () => {
    const deps = { db: testDb(), dedup: createMemoryDedup(), log: createLogger() };
    const sessionId = crypto.randomUUID();
    expect(await recordEvent(deps, shop.id, pageView(sessionId))).toBe(true);
    expect(await recordEvent(deps, shop.id, pageView(sessionId))).toBe(false);
    expect(await recordEvent(deps, shop.id, pageView(sessionId, '/bag'))).toBe(true);
    expect(await rowsOf(shop.id, sessionId)).toHaveLength(2);
  });

  it('remembers a context for 30 minutes, renewed each time it repeats', async () => {
    let now = 0;
    const deps = { db: testDb(), dedup: createMemoryDedup(() => now), log: createLogger() };
    const sessionId = crypto.randomUUID();
    expect(DEDUP_TTL_SECONDS).toBe(30 * 60);
    expect(await recordEvent(deps, shop.id, pageView(sessionId))).toBe(true);
    // Each repeat within the window renews it: 25 + 25 minutes later it is still the same view.
    now += 25 * 60 * 1000;
    expect(await recordEvent(deps, shop.id, pageView(sessionId))).toBe(false);
    now += 25 * 60 * 1000;
    expect(await recordEvent(deps, shop.id, pageView(sessionId))).toBe(false);
    // After 30 minutes without it, it counts again.
    now += (DEDUP_TTL_SECONDS + 1) * 1000;
    expect(await recordEvent(deps, shop.id, pageView(sessionId))).toBe(true);
    expect(await rowsOf(shop.id, sessionId)).toHaveLength(2);
  });

  it('keys by shop, session, kind and context, with a bounded length', async () => {
    const long = `/${'x'.repeat(2000)}`;
    const key = await dedupKey(shop.id, pageView('sess', long));
    expect(key).toMatch(new RegExp(`^analytics:${shop.id}:sess:page_view:[0-9a-f]{64}$`));
    expect(await dedupKey('other', pageView('sess', long))).not.toBe(key);
    expect(
      await dedupKey(shop.id, {
        userId: 'v',
        sessionId: 'sess',
        sessionStartPage: '/',
        event: 'add_to_cart',
        metadata: { productId: 'p', quantity: 1 },
      }),
    ).toBeNull();
  });
});
