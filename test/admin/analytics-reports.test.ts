import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createProductFixture } from '../helpers/order-fixtures';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Ev = {
  day: string;
  visitor: string;
  session: string;
  event: string;
  metadata?: Record<string, unknown>;
  referrer?: string;
};

const insertEvents = (shopId: string, events: Ev[]) =>
  testDb()
    .insert(s.analyticsEvents)
    .values(
      events.map((e, i) => ({
        shopId,
        event: e.event,
        visitorId: e.visitor,
        sessionId: e.session,
        sessionStartPage: '/',
        metadata: e.metadata ?? {},
        referrerUrl: e.referrer ?? null,
        createdAt: new Date(`${e.day}T10:00:${String(i % 60).padStart(2, '0')}Z`),
      })),
    );

describe('/analytics/reports', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let shirt: string;
  let mug: string;
  const range = '?from=2026-03-01&to=2026-03-03';

  beforeAll(async () => {
    shop = await createTestShop();
    ({ api } = await merchantOf(shop, { scopes: ['marketing:read'] }));
    shirt = (await createProductFixture(shop, { title: 'Shirt' })).id;
    mug = (await createProductFixture(shop, { title: 'Mug' })).id;
    const view = (p: string) => ({ event: 'product_view', metadata: { productId: p, url: '/p' } });
    const cart = (p: string, quantity: number) => ({
      event: 'add_to_cart',
      metadata: { productId: p, quantity },
    });
    await insertEvents(shop.id, [
      // 1 March: visitor A, two sessions; visitor B one session from a newsletter.
      {
        day: '2026-03-01',
        visitor: 'A',
        session: 'a1',
        event: 'page_view',
        referrer: 'https://www.Google.com/search?q=x',
      },
      { day: '2026-03-01', visitor: 'A', session: 'a1', ...view(shirt) },
      { day: '2026-03-01', visitor: 'A', session: 'a1', ...cart(shirt, 2) },
      { day: '2026-03-01', visitor: 'A', session: 'a1', event: 'begin_checkout' },
      {
        day: '2026-03-01',
        visitor: 'A',
        session: 'a1',
        event: 'complete_checkout',
        metadata: { orderId: 'o1' },
      },
      {
        day: '2026-03-01',
        visitor: 'A',
        session: 'a2',
        event: 'page_view',
        referrer: 'https://google.com/',
      },
      {
        day: '2026-03-01',
        visitor: 'B',
        session: 'b1',
        event: 'social_referral',
        metadata: { utm_source: 'newsletter' },
      },
      { day: '2026-03-01', visitor: 'B', session: 'b1', ...view(mug) },
      { day: '2026-03-01', visitor: 'B', session: 'b1', ...view(shirt) },
      // 3 March: visitor A again, visitor C.
      { day: '2026-03-03', visitor: 'A', session: 'a3', event: 'page_view' },
      {
        day: '2026-03-03',
        visitor: 'C',
        session: 'c1',
        event: 'page_view',
        referrer: 'https://t.co/x',
      },
      { day: '2026-03-03', visitor: 'C', session: 'c1', ...view(shirt) },
      { day: '2026-03-03', visitor: 'C', session: 'c1', ...cart(mug, 1) },
      {
        day: '2026-03-03',
        visitor: 'C',
        session: 'c1',
        event: 'social_referral',
        metadata: { utm_source: 'instagram' },
      },
      // Outside the range, and another shop's events: never counted.
      { day: '2026-03-04', visitor: 'D', session: 'd1', event: 'page_view' },
    ]);
    const other = await createTestShop();
    await insertEvents(other.id, [
      { day: '2026-03-01', visitor: 'X', session: 'x1', event: 'page_view' },
    ]);
  });

  it('traffic: visitors, sessions and page views by day, in one statement', async () => {
    const res = await api.get(`/analytics/reports/traffic${range}`);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(res.body).toEqual({
      object: 'traffic_report',
      from: '2026-03-01',
      to: '2026-03-03',
      days: [
        { date: '2026-03-01', visitors: 2, sessions: 3, page_views: 2 },
        { date: '2026-03-02', visitors: 0, sessions: 0, page_views: 0 },
        { date: '2026-03-03', visitors: 2, sessions: 2, page_views: 2 },
      ],
      totals: { visitors: 3, sessions: 5, page_views: 4 },
    });
  });

  it('top products by views and by add-to-cart, with titles', async () => {
    const res = await api.get(`/analytics/reports/top-products${range}&limit=5`);
    expect(res.roundTrips).toBe(1);
    expect(res.body.by_views).toEqual([
      { product_id: shirt, title: 'Shirt', views: 3 },
      { product_id: mug, title: 'Mug', views: 1 },
    ]);
    const carts = res.body.by_add_to_cart as Array<{ product_id: string }>;
    expect(carts).toHaveLength(2);
    expect(carts).toContainEqual({
      product_id: shirt,
      title: 'Shirt',
      add_to_cart: 1,
      quantity: 2,
    });
    expect(carts).toContainEqual({ product_id: mug, title: 'Mug', add_to_cart: 1, quantity: 1 });
    const one = await api.get(`/analytics/reports/top-products${range}&limit=1`);
    expect(one.body.by_views).toEqual([{ product_id: shirt, title: 'Shirt', views: 3 }]);
  });

  it('the funnel with conversion rates', async () => {
    const res = await api.get(`/analytics/reports/funnel${range}`);
    expect(res.roundTrips).toBe(1);
    expect(res.body.steps).toEqual([
      { step: 'sessions', sessions: 5, rate_from_previous: null, rate_from_start: null },
      { step: 'product_view', sessions: 3, rate_from_previous: 0.6, rate_from_start: 0.6 },
      { step: 'add_to_cart', sessions: 2, rate_from_previous: 0.6667, rate_from_start: 0.4 },
      { step: 'begin_checkout', sessions: 1, rate_from_previous: 0.5, rate_from_start: 0.2 },
      { step: 'complete_checkout', sessions: 1, rate_from_previous: 1, rate_from_start: 0.2 },
    ]);
  });

  it('top referrers by host and UTM sources, by sessions', async () => {
    const res = await api.get(`/analytics/reports/referrers${range}`);
    expect(res.roundTrips).toBe(1);
    expect(res.body.referrers).toEqual([
      { host: 'google.com', sessions: 1 },
      { host: 't.co', sessions: 1 },
      { host: 'www.google.com', sessions: 1 },
    ]);
    expect(res.body.utm_sources).toEqual([
      { source: 'instagram', sessions: 1 },
      { source: 'newsletter', sessions: 1 },
    ]);
  });

  it('defaults to the last 30 days, and answers empty reports for a quiet shop', async () => {
    const quiet = await createTestShop();
    const { api: quietApi } = await merchantOf(quiet, { scopes: ['marketing:read'] });
    const res = await quietApi.get('/analytics/reports/traffic');
    expect(res.body.days).toHaveLength(30);
    expect(res.body.to).toBe(new Date().toISOString().slice(0, 10));
    expect(res.body.totals).toEqual({ visitors: 0, sessions: 0, page_views: 0 });
    const funnel = await quietApi.get('/analytics/reports/funnel');
    expect(funnel.body.steps[1]).toMatchObject({ sessions: 0, rate_from_previous: null });
  });

  it('refuses a backwards, too long or malformed range, naming the field', async () => {
    const cases = [
      ['?from=2026-03-05&to=2026-03-01', 'to'],
      ['?from=2024-01-01&to=2026-03-01', 'from'],
      ['?from=2026-02-30', 'from'],
      ['?to=yesterday', 'to'],
      ['?limit=0', 'limit'],
    ] as const;
    for (const [query, field] of cases) {
      const path =
        field === 'limit' ? '/analytics/reports/referrers' : '/analytics/reports/traffic';
      const res = await api.get(`${path}${query}`);
      expectError(res, 422, 'VALIDATION_FAILED');
      expect(
        res.body.details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
  });
});
