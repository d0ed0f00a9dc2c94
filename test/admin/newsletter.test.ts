import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { createSubscribers, newAddress, subscribe } from '../newsletter/support';

/** Parses the export's CSV (quoted fields with doubled quotes, CRLF lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter(Boolean)) {
    const fields: string[] = [];
    const re = /("((?:[^"]|"")*)"|[^,]*)(,|$)/g;
    for (let m = re.exec(line); m && m[0] !== ''; m = re.exec(line)) {
      fields.push(m[2] !== undefined ? m[2].replaceAll('""', '"') : (m[1] ?? ''));
    }
    rows.push(fields);
  }
  return rows;
}

describe('/newsletter', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let rows: Awaited<ReturnType<typeof createSubscribers>>;

  beforeAll(async () => {
    shop = await createTestShop();
    ({ api } = await merchantOf(shop, { scopes: ['marketing:write'] }));
    rows = await createSubscribers(shop, ['pending', 'verified', 'verified', 'unsubscribed']);
  });

  it('lists subscribers newest first, by state, with cursors', async () => {
    const all = await api.get('/newsletter/subscribers');
    expect(all.status).toBe(200);
    expect(all.body.data.map((r: { id: string }) => r.id)).toEqual(
      [...rows].reverse().map((r) => r.id),
    );
    const verified = await api.get('/newsletter/subscribers?status=verified&limit=1');
    expect(verified.body).toMatchObject({ has_more: true, data: [{ id: rows[2]?.id }] });
    expect(verified.body.data[0]).toMatchObject({
      object: 'newsletter_subscriber',
      status: 'verified',
      email: rows[2]?.email,
    });
    const next = await api.get(
      `/newsletter/subscribers?status=verified&limit=1&starting_after=${rows[2]?.id}`,
    );
    expect(next.body).toMatchObject({ has_more: false, data: [{ id: rows[1]?.id }] });
    expectError(await api.get('/newsletter/subscribers?status=gone'), 422, 'VALIDATION_FAILED');
    const cursor = await api.get(`/newsletter/subscribers?starting_after=${crypto.randomUUID()}`);
    expectError(cursor, 422, 'VALIDATION_FAILED');
  });

  it('exports every subscriber as CSV, oldest first, beyond one chunk', async () => {
    const big = await createTestShop();
    const { api: bigApi } = await merchantOf(big, { scopes: ['marketing:read'] });
    const made = await createSubscribers(
      big,
      Array.from({ length: 2_100 }, (_, i) => (i % 3 === 0 ? 'verified' : 'pending')),
    );
    const res = await bigApi.get('/newsletter/subscribers/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const [header, ...lines] = parseCsv(res.body as string);
    expect(header).toEqual([
      'id',
      'email',
      'status',
      'created_at',
      'verified_at',
      'unsubscribed_at',
    ]);
    expect(lines.map((l) => l[0])).toEqual(made.map((r) => r.id));
    const only = await bigApi.get('/newsletter/subscribers/export?status=verified');
    expect(parseCsv(only.body as string)).toHaveLength(1 + 700);
  });

  it('neutralises values a spreadsheet would run as formulas, and quotes what needs it', async () => {
    const odd = await createTestShop();
    const { api: oddApi } = await merchantOf(odd, { scopes: ['marketing:read'] });
    await testDb()
      .insert(s.newsletterSubscriptions)
      .values([
        { shopId: odd.id, email: '=cmd|calc@example.test', createdAt: new Date(Date.now() - 1000) },
        { shopId: odd.id, email: '"quoted",x@example.test', createdAt: new Date() },
      ]);
    const [, first, second] = parseCsv(
      (await oddApi.get('/newsletter/subscribers/export')).body as string,
    );
    expect(first?.[1]).toBe("'=cmd|calc@example.test");
    expect(second?.[1]).toBe('"quoted",x@example.test');
  });

  it('removes one subscriber for good; a second removal is not found', async () => {
    const [row] = await createSubscribers(shop, ['verified']);
    const res = await api.delete(`/newsletter/subscribers/${row?.id}`);
    expect(res.body).toEqual({ id: row?.id, object: 'newsletter_subscriber', deleted: true });
    const left = await testDb()
      .select()
      .from(s.newsletterSubscriptions)
      .where(eq(s.newsletterSubscriptions.id, row?.id ?? ''));
    expect(left).toHaveLength(0);
    const again = await api.delete(`/newsletter/subscribers/${row?.id}`);
    expectError(again, 404, 'SUBSCRIPTION_NOT_FOUND');
    expectError(await api.delete('/newsletter/subscribers/nope'), 404, 'SUBSCRIPTION_NOT_FOUND');
  });

  it('sets the subscriber cap, which the storefront then enforces', async () => {
    const capped = await createTestShop();
    const { api: capApi } = await merchantOf(capped, { scopes: ['marketing:write'] });
    await createSubscribers(capped, ['verified', 'pending', 'unsubscribed']);
    const read = await capApi.get('/newsletter/settings');
    expect(read.body).toEqual({
      object: 'newsletter_settings',
      subscriber_cap: null,
      counts: { pending: 1, verified: 1, unsubscribed: 1 },
    });
    const set = await capApi.patch('/newsletter/settings', { subscriber_cap: 2 });
    expect(set.status).toBe(200);
    expect(set.body.subscriber_cap).toBe(2);
    const refused = await subscribe(capped.apiKey, { email: newAddress(), _hp: '' });
    expectError(refused, 403, 'NEWSLETTER_LIMIT_EXCEEDED');

    const lifted = await capApi.patch('/newsletter/settings', { subscriber_cap: null });
    expect(lifted.body.subscriber_cap).toBeNull();
    const accepted = await subscribe(capped.apiKey, { email: newAddress(), _hp: '' });
    expect(accepted.status).toBe(200);
    const audit = await testDb()
      .select()
      .from(s.auditEvents)
      .where(eq(s.auditEvents.shopId, capped.id));
    expect(audit.filter((a) => a.resourceType === 'newsletter_settings')).toHaveLength(2);

    for (const body of [{ subscriber_cap: -1 }, { subscriber_cap: 1.5 }, {}, { cap: 3 }]) {
      expectError(await capApi.patch('/newsletter/settings', body), 422, 'VALIDATION_FAILED');
    }
  });
});
