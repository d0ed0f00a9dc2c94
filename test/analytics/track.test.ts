import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const newSession = () => `s-${crypto.randomUUID()}`;

const event = (sessionId: string, kind: string, metadata: Record<string, unknown>) => ({
  userId: 'visitor-1',
  sessionId,
  sessionStartPage: '/',
  event: kind,
  metadata,
});

/** The stored events of a session, once `expected` have arrived (writes happen after the response). */
async function storedEvents(shopId: string, sessionId: string, expected: number, settleMs = 300) {
  const read = () =>
    testDb()
      .select()
      .from(s.analyticsEvents)
      .where(and(eq(s.analyticsEvents.shopId, shopId), eq(s.analyticsEvents.sessionId, sessionId)))
      .orderBy(s.analyticsEvents.id);
  const deadline = Date.now() + 60_000; // a guard against a hang, not a measure
  let rows = await read();
  while (rows.length < expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    rows = await read();
  }
  // Give stragglers (duplicates that should not be stored) the chance to show up.
  await new Promise((resolve) => setTimeout(resolve, settleMs));
  return read();
}

describe('PUT /analytics', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
  });

  it('accepts an event at once with 202 and stores it after the response', async () => {
    const sessionId = newSession();
    const res = await api.put('/analytics', {
      ...event(sessionId, 'page_view', { url: '/shop' }),
      referrerUrl: 'https://social.example/post/1',
      hasCustomerAccount: true,
      customersId: 'cust-9',
    });
    expect(res.status).toBe(202);

    const [row] = await storedEvents(shop.id, sessionId, 1);
    expect(row).toMatchObject({
      event: 'page_view',
      visitorId: 'visitor-1',
      sessionStartPage: '/',
      metadata: { url: '/shop' },
      referrerUrl: 'https://social.example/post/1',
      hasCustomerAccount: true,
      customerId: 'cust-9',
    });
  });

  it('stores every event kind with its metadata, dropping unknown metadata keys', async () => {
    const sessionId = newSession();
    const productId = crypto.randomUUID();
    const events: Array<[string, Record<string, unknown>]> = [
      ['page_view', { url: '/product/linen' }],
      ['product_view', { productId, url: '/product/linen' }],
      ['add_to_cart', { productId, quantity: 2 }],
      ['remove_from_cart', { productId }],
      ['begin_checkout', {}],
      ['complete_checkout', { orderId: 'ord-1' }],
      ['search', { term: 'linen shirt' }],
      ['add_to_wishlist', { productId }],
      ['social_referral', { utm_source: 'insta', utm_medium: 'social', utm_campaign: 'spring' }],
    ];
    for (const [kind, metadata] of events) {
      const res = await api.put(
        '/analytics',
        event(sessionId, kind, { ...metadata, extra: 'dropped' }),
      );
      expect(res.status, kind).toBe(202);
    }
    const rows = await storedEvents(shop.id, sessionId, events.length);
    expect(rows.map((r) => r.event).sort()).toEqual(events.map(([kind]) => kind).sort());
    for (const [kind, metadata] of events) {
      expect(rows.find((r) => r.event === kind)?.metadata).toEqual(metadata);
    }
  });

  it('stores 50 identical page views of one session once', async () => {
    const sessionId = newSession();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.put('/analytics', event(sessionId, 'page_view', { url: '/shop' })),
      ),
    );
    expect(answers.every((a) => a.status === 202)).toBe(true);
    expect(await storedEvents(shop.id, sessionId, 1, 500)).toHaveLength(1);
  });

  it('counts page views per URL, product views per product, referrals per utm triple', async () => {
    const sessionId = newSession();
    const send = (kind: string, metadata: Record<string, unknown>) =>
      api.put('/analytics', event(sessionId, kind, metadata));
    await send('page_view', { url: '/a' });
    await send('page_view', { url: '/b' });
    await send('page_view', { url: '/a' });
    await send('product_view', { productId: 'p1', url: '/product/p1' });
    await send('product_view', { productId: 'p1', url: '/product/p1?color=red' });
    await send('product_view', { productId: 'p2', url: '/product/p2' });
    await send('social_referral', { utm_source: 'insta', utm_medium: 'social', utm_campaign: 'a' });
    await send('social_referral', { utm_source: 'insta', utm_medium: 'social', utm_campaign: 'a' });
    await send('social_referral', { utm_source: 'insta', utm_medium: 'social', utm_campaign: 'b' });
    await send('social_referral', { utm_source: 'insta' });
    const rows = await storedEvents(shop.id, sessionId, 7);
    const count = (kind: string) => rows.filter((r) => r.event === kind).length;
    expect(count('page_view')).toBe(2);
    expect(count('product_view')).toBe(2);
    expect(count('social_referral')).toBe(3);
  });

  it('stores repeated non-deduplicated events every time', async () => {
    const sessionId = newSession();
    for (let i = 0; i < 3; i++) {
      await api.put(
        '/analytics',
        event(sessionId, 'add_to_cart', { productId: 'p1', quantity: 1 }),
      );
    }
    expect(await storedEvents(shop.id, sessionId, 3)).toHaveLength(3);
  });

  it('deduplicates per session and per shop', async () => {
    const sessionA = newSession();
    const sessionB = newSession();
    const other = await createTestShop();
    await api.put('/analytics', event(sessionA, 'page_view', { url: '/x' }));
    await api.put('/analytics', event(sessionB, 'page_view', { url: '/x' }));
    await client(other.apiKey).put('/analytics', event(sessionA, 'page_view', { url: '/x' }));
    expect(await storedEvents(shop.id, sessionA, 1)).toHaveLength(1);
    expect(await storedEvents(shop.id, sessionB, 1)).toHaveLength(1);
    expect(await storedEvents(other.id, sessionA, 1)).toHaveLength(1);
  });

  it.each([
    ['an unknown kind', event('s', 'checkout_abandoned', {})],
    ['no kind', { ...event('s', 'page_view', { url: '/' }), event: undefined }],
    ['missing metadata', { ...event('s', 'page_view', {}), metadata: undefined }],
    ['page_view without url', event('s', 'page_view', {})],
    ['product_view without productId', event('s', 'product_view', { url: '/p' })],
    ['a fractional quantity', event('s', 'add_to_cart', { productId: 'p', quantity: 1.5 })],
    ['a zero quantity', event('s', 'add_to_cart', { productId: 'p', quantity: 0 })],
    ['a quantity as text', event('s', 'add_to_cart', { productId: 'p', quantity: '2' })],
    ['an empty search term', event('s', 'search', { term: '  ' })],
    ['a referral without utm_source', event('s', 'social_referral', { utm_medium: 'x' })],
    ['an over-long url', event('s', 'page_view', { url: `/${'a'.repeat(2048)}` })],
    ['an over-long session id', event('s'.repeat(129), 'page_view', { url: '/' })],
    ['no userId', { ...event('s', 'page_view', { url: '/' }), userId: undefined }],
    ['no sessionStartPage', { ...event('s', 'page_view', { url: '/' }), sessionStartPage: '' }],
    [
      'a non-boolean hasCustomerAccount',
      { ...event('s', 'begin_checkout', {}), hasCustomerAccount: 'yes' },
    ],
  ])('refuses %s with ANALYTICS_EVENT_INVALID and details', async (_case, body) => {
    const res = await api.put('/analytics', body);
    const envelope = expectError(res, 422, 'ANALYTICS_EVENT_INVALID') as { details?: unknown[] };
    expect(envelope.details?.length).toBeGreaterThan(0);
  });

  it('needs a valid storefront key', async () => {
    const body = event(newSession(), 'page_view', { url: '/' });
    expectError(await client('').put('/analytics', body), 401, 'API_KEY_MISSING');
    expectError(await client('sf_test_nope').put('/analytics', body), 401, 'API_KEY_INVALID');
  });
});
