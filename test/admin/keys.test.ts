import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { sha256Hex } from '../../src/lib/crypto';
import { client, expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import {
  type MerchantClient,
  merchant,
  merchantOf,
  type TestMerchantKey,
} from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('merchant keys through the API', () => {
  let shop: TestShop;
  let admin: MerchantClient;
  let adminKey: TestMerchantKey;

  beforeAll(async () => {
    shop = await createTestShop();
    ({ api: admin, key: adminKey } = await merchantOf(shop));
  });

  it('issues a key whose secret is shown once and stored only as its SHA-256', async () => {
    const res = await admin.post('/keys', {
      name: 'Warehouse sync',
      scopes: ['catalogue:write', 'catalogue:read', 'orders:read'],
    });
    expect(res.status).toBe(201);
    expect(res.roundTrips).toBe(5); // BEGIN, the calling key locked live, insert, audit, COMMIT
    const { secret, ...key } = res.body;
    expect(secret).toMatch(/^sk_live_[A-Za-z0-9_-]{32}$/);
    expect(key).toMatchObject({
      object: 'merchant_key',
      name: 'Warehouse sync',
      prefix: secret.slice(0, 12),
      scopes: ['catalogue:write', 'orders:read'],
      rate_limit: 600,
      last_used_at: null,
      revoked_at: null,
    });
    const [row] = await testDb().select().from(s.merchantKeys).where(eq(s.merchantKeys.id, key.id));
    expect(row?.keyHash).toBe(await sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const read = await admin.get(`/keys/${key.id}`);
    expect(read.body).toMatchObject({ id: key.id, name: 'Warehouse sync' });
    expect(read.body.secret).toBeUndefined();
    const listed = (await admin.get('/keys')).body.data;
    expect(listed.map((k: { id: string }) => k.id)).toContain(key.id);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(JSON.stringify(listed)).not.toContain(row?.keyHash);

    const used = merchant(secret);
    expect((await used.get('/shipping-rates')).status).toBe(403);
    const seen = (await admin.get(`/keys/${key.id}`)).body;
    expect(Date.parse(seen.last_used_at)).toBeGreaterThan(Date.parse(seen.created_at) - 1000);
  });

  it('never shows the secret again, even to an Idempotency-Key replay', async () => {
    const headers = { headers: { 'idempotency-key': crypto.randomUUID() } };
    const body = { name: 'CI', scopes: ['settings:read'] };
    const first = await admin.post('/keys', body, headers);
    const replay = await admin.post('/keys', body, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual({ ...first.body, secret: null });
    const [stored] = await testDb()
      .select()
      .from(s.idempotencyKeys)
      .where(eq(s.idempotencyKeys.key, headers.headers['idempotency-key']));
    expect(JSON.stringify(stored)).not.toContain(first.body.secret);
  });

  it('grants only scopes the calling key holds', async () => {
    const limited = await merchantOf(shop, { scopes: ['admin', 'catalogue:write', 'orders:read'] });
    const ok = await limited.api.post('/keys', { name: 'Sub', scopes: ['catalogue:read'] });
    expect(ok.status).toBe(201);
    const refused = expectError(
      await limited.api.post('/keys', {
        name: 'Escalate',
        scopes: ['catalogue:write', 'orders:write', 'settings:read'],
      }),
      403,
      'MERCHANT_SCOPE_MISSING',
    ) as { details?: Array<{ field: string }> };
    expect(refused.details?.map((d) => d.field)).toEqual(['scopes.1', 'scopes.2']);
  });

  it('revokes a key: it stops working at once, and revoking again changes nothing', async () => {
    const { secret, id } = (
      await admin.post('/keys', { name: 'Short-lived', scopes: ['settings:read'] })
    ).body;
    const doomed = merchant(secret);
    expect((await doomed.get('/shipping-rates')).status).toBe(200);
    const res = await admin.delete(`/keys/${id}`);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(5); // BEGIN, lock, update, audit, COMMIT
    expect(res.body.revoked_at).not.toBeNull();
    expectError(await doomed.get('/shipping-rates'), 401, 'MERCHANT_KEY_INVALID');
    const again = await admin.delete(`/keys/${id}`);
    expect(again.body.revoked_at).toBe(res.body.revoked_at);
    const revocations = (await admin.get(`/audit?resource_id=${id}&action=revoke`)).body.data;
    expect(revocations).toHaveLength(1);
    expect(revocations[0]).toMatchObject({ resource_type: 'merchant_key', key_id: adminKey.id });
    expect(revocations[0].changes.revoked_at.before).toBeNull();
  });

  it('answers unknown ids and bad bodies with codes', async () => {
    expectError(await admin.get(`/keys/${crypto.randomUUID()}`), 404, 'MERCHANT_KEY_NOT_FOUND');
    expectError(await admin.delete('/keys/nope'), 404, 'MERCHANT_KEY_NOT_FOUND');
    const bad = expectError(
      await admin.post('/keys', { name: '', scopes: ['catalogue:delete'], secret: 'mine' }),
      422,
      'VALIDATION_FAILED',
    ) as { details?: Array<{ field: string }> };
    expect(bad.details?.map((d) => d.field).sort()).toEqual(['name', 'scopes.0', 'secret']);
    expectError(await admin.post('/keys', { name: 'None', scopes: [] }), 422, 'VALIDATION_FAILED');
  });

  it('keeps the storefront key and the merchant key apart in both directions', async () => {
    const { secret } = (await admin.post('/keys', { name: 'Leaked', scopes: ['admin'] })).body;
    expectError(await client(secret).get('/settings'), 401, 'MERCHANT_KEY_NOT_ALLOWED');
    expectError(await merchant(shop.apiKey).get('/keys'), 401, 'STOREFRONT_KEY_NOT_ALLOWED');
    expect((await client(shop.apiKey).get('/settings/health')).status).toBe(200);
  });

  it('manages a shop that is not open yet', async () => {
    const closed = await createTestShop({ status: 'development' });
    const { api } = await merchantOf(closed);
    expect((await api.post('/shipping-rates', { title: 'Ready', amount: 1 })).status).toBe(201);
    expectError(await client(closed.apiKey).get('/settings'), 503, 'SHOP_UNDER_DEVELOPMENT');
  });
});
