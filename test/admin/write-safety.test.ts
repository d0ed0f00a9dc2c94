import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { purgeExpiredIdempotencyKeys } from '../../src/admin-kit/idempotency';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const idem = (key: string) => ({ headers: { 'idempotency-key': key } });
const ifMatch = (etag: string) => ({ headers: { 'if-match': etag } });

describe('optimistic concurrency', () => {
  let api: MerchantClient;
  let id: string;

  beforeAll(async () => {
    api = (await merchantOf(await createTestShop())).api;
    id = (await api.post('/shipping-rates', { title: 'Courier', amount: 500 })).body.id;
  });

  it('lets exactly one of two simultaneous updates with the same ETag through; the other gets 412', async () => {
    const etag = (await api.get(`/shipping-rates/${id}`)).headers.get('etag') ?? '';
    const results = await Promise.all([
      api.patch(`/shipping-rates/${id}`, { amount: 510 }, ifMatch(etag)),
      api.patch(`/shipping-rates/${id}`, { amount: 520 }, ifMatch(etag)),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 412]);
    const loser = results.find((r) => r.status === 412);
    if (loser) expectError(loser, 412, 'PRECONDITION_FAILED');
    const winner = results.find((r) => r.status === 200)?.body;
    const now = (await api.get(`/shipping-rates/${id}`)).body;
    expect(now).toMatchObject({ amount: winner.amount, version: 2 });
  });

  it('refuses a stale ETag on update and delete, changing nothing; accepts the current one, * and the bare version', async () => {
    const current = (await api.get(`/shipping-rates/${id}`)).body;
    const stale = `"${current.version - 1}"`;
    const refused = await api.patch(`/shipping-rates/${id}`, { amount: 1 }, ifMatch(stale));
    expect(expectError(refused, 412, 'PRECONDITION_FAILED').message).toContain(
      `"${current.version}"`,
    );
    expectError(
      await api.delete(`/shipping-rates/${id}`, ifMatch(stale)),
      412,
      'PRECONDITION_FAILED',
    );
    expectError(
      await api.patch(`/shipping-rates/${id}`, { amount: 1 }, ifMatch(`W/"${current.version}"`)),
      412,
      'PRECONDITION_FAILED',
    );
    expect((await api.get(`/shipping-rates/${id}`)).body).toEqual(current);

    const byTag = await api.patch(
      `/shipping-rates/${id}`,
      { amount: 530 },
      ifMatch(`"${current.version}"`),
    );
    expect(byTag.headers.get('etag')).toBe(`"${current.version + 1}"`);
    const byStar = await api.patch(`/shipping-rates/${id}`, { amount: 540 }, ifMatch('*'));
    expect(byStar.status).toBe(200);
    const byNumber = await api.patch(
      `/shipping-rates/${id}`,
      { amount: 550 },
      ifMatch(`"0", ${byStar.body.version}`),
    );
    expect(byNumber.body).toMatchObject({ amount: 550, version: current.version + 3 });
  });
});

describe('Idempotency-Key', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  const ratesTitled = async (title: string) =>
    testDb()
      .select({ id: s.shippingRates.id })
      .from(s.shippingRates)
      .where(and(eq(s.shippingRates.shopId, shop.id), eq(s.shippingRates.title, title)));

  it('replays the stored answer for the same key and body, creating once', async () => {
    const key = crypto.randomUUID();
    const first = await api.post('/shipping-rates', { title: 'Once', amount: 100 }, idem(key));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(first.roundTrips).toBe(6); // BEGIN, claim, insert, audit, store answer, COMMIT
    const again = await api.post('/shipping-rates', { amount: 100, title: 'Once' }, idem(key));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('etag')).toBe('"1"');
    expect(again.roundTrips).toBe(4); // BEGIN, claim, read the stored answer, COMMIT
    expect(again.body).toEqual(first.body);
    expect(JSON.stringify(again.body)).toBe(JSON.stringify(first.body));
    expect(await ratesTitled('Once')).toHaveLength(1);
  });

  it('refuses the same key with another body or another endpoint, and a malformed key', async () => {
    const key = crypto.randomUUID();
    expect(
      (await api.post('/shipping-rates', { title: 'Twice', amount: 1 }, idem(key))).status,
    ).toBe(201);
    expectError(
      await api.post('/shipping-rates', { title: 'Twice', amount: 2 }, idem(key)),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectError(
      await api.post('/pickup-locations', { name: 'Twice' }, idem(key)),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expectError(
      await api.post('/shipping-rates', { title: 'Bad', amount: 1 }, idem('x'.repeat(256))),
      400,
      'IDEMPOTENCY_KEY_INVALID',
    );
    expect(await ratesTitled('Twice')).toHaveLength(1);
    expect(await ratesTitled('Bad')).toHaveLength(0);
  });

  it('creates once when requests with the same key arrive together', async () => {
    const key = crypto.randomUUID();
    const body = { title: 'Together', amount: 100 };
    const results = await Promise.all(
      Array.from({ length: 4 }, () => api.post('/shipping-rates', body, idem(key))),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(results.filter((r) => r.headers.get('idempotent-replayed')).length).toBe(3);
    expect(await ratesTitled('Together')).toHaveLength(1);
  });

  it('keeps nothing of a failed write, so a retry with the key runs again', async () => {
    const key = crypto.randomUUID();
    const missing = crypto.randomUUID();
    expectError(
      await api.patch(`/shipping-rates/${missing}`, { amount: 1 }, idem(key)),
      404,
      'SHIPPING_RATE_NOT_FOUND',
    );
    const stored = await testDb()
      .select()
      .from(s.idempotencyKeys)
      .where(and(eq(s.idempotencyKeys.shopId, shop.id), eq(s.idempotencyKeys.key, key)));
    expect(stored).toEqual([]);
  });

  it('forgets a key after 24 hours', async () => {
    const key = crypto.randomUUID();
    const first = await api.post('/shipping-rates', { title: 'Day one', amount: 1 }, idem(key));
    await testDb()
      .update(s.idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(s.idempotencyKeys.shopId, shop.id), eq(s.idempotencyKeys.key, key)));
    const later = await api.post('/shipping-rates', { title: 'Day two', amount: 2 }, idem(key));
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
  });

  it('purges keys past their 24 hours (the cron trigger), keeping the rest', async () => {
    const [fresh, stale] = [crypto.randomUUID(), crypto.randomUUID()];
    await api.post('/shipping-rates', { title: 'Fresh', amount: 1 }, idem(fresh));
    await api.post('/shipping-rates', { title: 'Stale', amount: 1 }, idem(stale));
    await testDb()
      .update(s.idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(and(eq(s.idempotencyKeys.shopId, shop.id), eq(s.idempotencyKeys.key, stale)));
    expect(await purgeExpiredIdempotencyKeys(testDb())).toBeGreaterThanOrEqual(1);
    const left = await testDb()
      .select({ key: s.idempotencyKeys.key })
      .from(s.idempotencyKeys)
      .where(eq(s.idempotencyKeys.shopId, shop.id));
    expect(left.map((r) => r.key)).toContain(fresh);
    expect(left.map((r) => r.key)).not.toContain(stale);
  });

  it('scopes keys to the shop', async () => {
    const key = crypto.randomUUID();
    const other = (await merchantOf(await createTestShop())).api;
    const mine = await api.post('/shipping-rates', { title: 'Mine', amount: 1 }, idem(key));
    const theirs = await other.post('/shipping-rates', { title: 'Mine', amount: 1 }, idem(key));
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
  });
});
