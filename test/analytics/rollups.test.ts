import type { SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import {
  funnelSql,
  type ReportScope,
  referrersSql,
  topProductsSql,
  trafficSql,
} from '../../src/modules/analytics/admin-queries';
import { consumeAnalytics } from '../../src/modules/analytics/consumer';
import type { AnalyticsEvent } from '../../src/modules/analytics/schemas';
import type { QueuedEvent } from '../../src/modules/analytics/service';
import { testDb } from '../helpers/db';
import {
  liveFunnelSql,
  liveReferrersSql,
  liveTopProductsSql,
  liveTrafficSql,
} from '../helpers/live-reports';
import { createProductFixture } from '../helpers/order-fixtures';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Ev = {
  at: string;
  visitor: string;
  session: string;
  event: string;
  metadata?: Record<string, unknown>;
  referrer?: string;
};

/** One insert statement, like a queue batch (or, with one event, the direct insert). */
const insert = (shopId: string, events: Ev[]) =>
  testDb()
    .insert(s.analyticsEvents)
    .values(
      events.map((e) => ({
        shopId,
        event: e.event,
        visitorId: e.visitor,
        sessionId: e.session,
        sessionStartPage: '/',
        metadata: e.metadata ?? {},
        referrerUrl: e.referrer ?? null,
        createdAt: new Date(e.at),
      })),
    );

const run = async (query: SQL) => (await testDb().execute(query)).rows[0];

const REPORTS = [
  ['traffic', trafficSql, liveTrafficSql],
  ['top products', topProductsSql, liveTopProductsSql],
  ['funnel', funnelSql, liveFunnelSql],
  ['referrers', referrersSql, liveReferrersSql],
] as const;

/** Each report from the rollups, next to the same report computed from the raw events. */
async function bothWays(scope: ReportScope) {
  const out: Array<{ name: string; rollup: unknown; live: unknown }> = [];
  for (const [name, fromRollups, live] of REPORTS) {
    out.push({ name, rollup: await run(fromRollups(scope)), live: await run(live(scope)) });
  }
  return out;
}

describe('analytics rollups', () => {
  let shop: TestShop;
  let shirt: string;
  let mug: string;
  const D = '2026-04-10';
  const E = '2026-04-11';
  const F = '2026-04-12';
  const view = (p: string) => ({ event: 'product_view', metadata: { productId: p, url: '/p' } });
  const cart = (p: string, quantity?: number) => ({
    event: 'add_to_cart',
    metadata: quantity === undefined ? { productId: p } : { productId: p, quantity },
  });
  const social = (utm_source?: string) => ({
    event: 'social_referral',
    metadata: utm_source === undefined ? {} : { utm_source },
  });
  const page = (referrer?: string) => ({ event: 'page_view', ...(referrer ? { referrer } : {}) });

  beforeAll(async () => {
    shop = await createTestShop();
    shirt = (await createProductFixture(shop, { title: 'Shirt' })).id;
    mug = (await createProductFixture(shop, { title: 'Mug' })).id;
    const s1 = { visitor: 'V1', session: 's1' };
    const s2 = { visitor: 'V2', session: 's2' };
    // A batch holding the same session-day and product-day keys several times.
    await insert(shop.id, [
      { at: `${D}T10:00:00Z`, ...s1, ...page('https://user:pw@WWW.Example.com:8080/a?b') },
      { at: `${D}T10:01:00Z`, ...s1, ...page() },
      { at: `${D}T10:02:00Z`, ...s1, ...view(shirt) },
      { at: `${D}T10:03:00Z`, ...s1, ...view(shirt) },
      { at: `${D}T10:04:00Z`, ...s1, ...cart(shirt, 3) },
      { at: `${D}T10:05:00Z`, ...s1, ...cart(mug) },
      { at: `${D}T11:00:00Z`, ...s2, ...social('instagram') },
      { at: `${D}T11:01:00Z`, ...s2, ...social() },
      { at: `${D}T11:02:00Z`, ...s2, ...page('not a url') },
      { at: `${D}T11:03:00Z`, ...s2, event: 'product_view', metadata: { url: '/p' } },
      { at: `${D}T12:00:00Z`, visitor: 'V1', session: 's3', ...page('https://t.co/x') },
    ]);
    // Later batches merge into the same rows: counts add up, flags and sets grow.
    await insert(shop.id, [
      { at: `${D}T13:00:00Z`, ...s1, ...page('https://t.co/y') },
      { at: `${D}T13:01:00Z`, ...s1, event: 'begin_checkout' },
      { at: `${D}T13:02:00Z`, ...s2, ...social('newsletter') },
      { at: `${D}T13:03:00Z`, ...s2, ...social('instagram') },
      { at: `${D}T13:04:00Z`, ...s2, ...cart(shirt, 2) },
      { at: `${D}T13:05:00Z`, ...s2, ...page('https://www.example.com/') },
    ]);
    // A session across midnight, and a session sent under two visitor ids.
    await insert(shop.id, [
      { at: `${D}T23:59:30Z`, ...s1, event: 'complete_checkout', metadata: { orderId: 'o1' } },
      { at: `${E}T00:00:30Z`, ...s1, ...page('https://google.com/') },
      { at: `${E}T09:00:00Z`, visitor: 'V3', session: 's4', ...page() },
      { at: `${E}T09:01:00Z`, visitor: 'V4', session: 's4', ...view(mug) },
      { at: `${F}T08:00:00Z`, visitor: 'V2', session: 's5', ...view(mug) },
    ]);
    // Single-event inserts, as the direct-insert fallback sends them.
    await insert(shop.id, [{ at: `${F}T09:00:00Z`, visitor: 'V5', session: 's6', ...page() }]);
    await insert(shop.id, [
      { at: `${F}T09:01:00Z`, visitor: 'V5', session: 's6', ...page('HTTPS://Google.COM') },
    ]);
    await insert(shop.id, [
      { at: `${F}T09:02:00Z`, visitor: 'V5', session: 's6', ...cart(mug, 5) },
    ]);
    // Another shop's events on the same days: never counted.
    const other = await createTestShop();
    await insert(other.id, [
      { at: `${D}T10:00:00Z`, ...s1, ...page('https://t.co/') },
      { at: `${D}T10:00:00Z`, ...s1, ...view(shirt) },
    ]);
  });

  it('answers every report exactly as the raw events do, over any range', async () => {
    const ranges = [
      [D, D],
      [E, E],
      [F, F],
      [D, E],
      [E, F],
      [D, F],
      ['2026-04-01', '2026-04-30'],
    ];
    for (const [from, to] of ranges) {
      for (const limit of [1, 2, 10]) {
        const scope = { shopId: shop.id, from: from as string, to: to as string, limit };
        for (const { name, rollup, live } of await bothWays(scope)) {
          expect(rollup, `${name} ${from}..${to} limit ${limit}`).toEqual(live);
        }
      }
    }
  });

  it('counts what the raw events hold (the comparison is not between two empty reports)', async () => {
    const scope = { shopId: shop.id, from: D, to: F, limit: 10 };
    const traffic = (await run(trafficSql(scope))) as { totals: unknown };
    expect(traffic.totals).toEqual({ visitors: 5, sessions: 6, page_views: 10 });
    const funnel = await run(funnelSql(scope));
    expect(funnel).toEqual({
      sessions: 6,
      product_view: 4,
      add_to_cart: 3,
      begin_checkout: 1,
      complete_checkout: 1,
    });
    const referrers = (await run(referrersSql(scope))) as Record<string, unknown>;
    expect(referrers.referrers).toEqual([
      { host: 'google.com', sessions: 2 },
      { host: 't.co', sessions: 2 },
      { host: 'www.example.com', sessions: 2 },
    ]);
    expect(referrers.utm_sources).toEqual([
      { source: 'instagram', sessions: 1 },
      { source: 'newsletter', sessions: 1 },
    ]);
    const products = (await run(topProductsSql(scope))) as Record<string, unknown>;
    expect(products.by_add_to_cart).toHaveLength(2);
    expect(products.by_add_to_cart).toContainEqual({
      product_id: mug,
      title: 'Mug',
      add_to_cart: 2,
      quantity: 6,
    });
    expect(products.by_add_to_cart).toContainEqual({
      product_id: shirt,
      title: 'Shirt',
      add_to_cart: 2,
      quantity: 5,
    });
  });

  it('stays exact when batches touching the same sessions are stored at the same time', async () => {
    const day = '2026-05-02';
    const batch = (offset: number): Ev[] =>
      Array.from({ length: 60 }, (_, i) => ({
        at: `${day}T12:${String(i).padStart(2, '0')}:0${offset}Z`,
        visitor: `cv${i % 5}`,
        session: `cs${(i * 7 + offset) % 11}`,
        ...(i % 3 === 0 ? view(i % 2 ? shirt : mug) : page(`https://h${i % 4}.example/`)),
      }));
    await Promise.all([0, 1, 2, 3].map((offset) => insert(shop.id, batch(offset))));
    const scope = { shopId: shop.id, from: day, to: day, limit: 10 };
    for (const { name, rollup, live } of await bothWays(scope)) expect(rollup, name).toEqual(live);
    const funnel = (await run(funnelSql(scope))) as { sessions: number };
    expect(funnel.sessions).toBe(11);
  });

  it('follows a queue batch inserted by the consumer at once', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const event = (i: number): AnalyticsEvent =>
      i % 4 === 0
        ? {
            userId: `q${i % 7}`,
            sessionId: `qs${i % 9}`,
            sessionStartPage: '/',
            event: 'add_to_cart',
            metadata: { productId: i % 8 === 0 ? shirt : mug, quantity: 1 + (i % 3) },
          }
        : {
            userId: `q${i % 7}`,
            sessionId: `qs${i % 9}`,
            sessionStartPage: '/',
            event: 'page_view',
            metadata: { url: `/p${i}` },
            referrerUrl: i % 5 === 0 ? `https://r${i % 3}.example/` : null,
          };
    const messages: QueuedEvent[] = Array.from({ length: 100 }, (_, i) => ({
      shopId: shop.id,
      event: event(i),
    }));
    const batch = {
      messages: messages.map((body) => ({ body })),
      ackAll() {},
    } as unknown as MessageBatch<QueuedEvent>;
    await consumeAnalytics(batch, { database: { db: testDb() } } as never);
    const scope = { shopId: shop.id, from: today, to: today, limit: 10 };
    const reports = await bothWays(scope);
    for (const { name, rollup, live } of reports) expect(rollup, name).toEqual(live);
    const traffic = (await run(liveTrafficSql(scope))) as { totals: unknown };
    expect(traffic.totals).toEqual({
      visitors: 7,
      sessions: 9,
      page_views: 75,
    });
  });
});
