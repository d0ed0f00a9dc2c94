import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { openSecret } from '../../src/modules/webhooks/secrets';
import { webhookUrlRefusal } from '../../src/modules/webhooks/url-policy';
import { expectError } from '../helpers/api';
import { testConfig } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { receiverInbox, WEBHOOK_MANAGER_SCOPES } from '../helpers/webhooks';

type ErrorBody = { details: Array<{ field: string; message: string }> };

describe('/webhook-endpoints', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    ({ api } = await merchantOf(shop, { scopes: WEBHOOK_MANAGER_SCOPES }));
  });

  const create = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    api.post(
      '/webhook-endpoints',
      { url: receiverInbox().url, events: ['order.created'], ...body },
      headers ? { headers } : undefined,
    );

  it('creates an endpoint and shows its secret once; the database holds it sealed', async () => {
    const res = await create({ events: ['order.created', 'order.paid'], description: 'ERP' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'webhook_endpoint',
      events: ['order.created', 'order.paid'],
      description: 'ERP',
      enabled: true,
      disabled_reason: null,
      consecutive_failures: 0,
      version: 1,
    });
    expect(res.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(res.headers.get('etag')).toBe('"1"');

    const read = await api.get(`/webhook-endpoints/${res.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty('secret');
    const [row] = await testDb()
      .select()
      .from(s.webhookEndpoints)
      .where(eq(s.webhookEndpoints.id, res.body.id));
    expect(row?.secret).not.toContain(res.body.secret.slice(6));
    expect(await openSecret(testConfig().APP_HMAC_SECRET, row?.secret ?? '')).toBe(res.body.secret);
  });

  it('answers a replayed create with the endpoint but never the secret again', async () => {
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const url = receiverInbox().url;
    const first = await create({ url }, headers);
    const again = await create({ url }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toMatchObject({ id: first.body.id, secret: null });
  });

  it('lists endpoints newest first with cursors', async () => {
    const a = await create({});
    const b = await create({});
    const page = await api.get('/webhook-endpoints?limit=1');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ object: 'list', has_more: true });
    expect(page.body.data[0].id).toBe(b.body.id);
    const next = await api.get(`/webhook-endpoints?limit=1&starting_after=${b.body.id}`);
    expect(next.body.data[0].id).toBe(a.body.id);
  });

  it('updates fields with If-Match, and refuses a stale version', async () => {
    const made = await create({});
    const path = `/webhook-endpoints/${made.body.id}`;
    const res = await api.patch(
      path,
      { events: ['review.created'], enabled: false },
      { headers: { 'if-match': '"1"' } },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ events: ['review.created'], enabled: false, version: 2 });
    const stale = await api.patch(path, { description: 'x' }, { headers: { 'if-match': '"1"' } });
    expectError(stale, 412, 'PRECONDITION_FAILED');
  });

  it('re-enabling an endpoint the platform disabled clears its failures', async () => {
    const made = await create({});
    await testDb()
      .update(s.webhookEndpoints)
      .set({
        enabled: false,
        disabledReason: 'Disabled after failing repeatedly',
        consecutiveFailures: 12,
        failingSince: new Date(Date.now() - 6 * 86_400_000),
      })
      .where(eq(s.webhookEndpoints.id, made.body.id));
    const res = await api.patch(`/webhook-endpoints/${made.body.id}`, { enabled: true });
    expect(res.body).toMatchObject({
      enabled: true,
      disabled_reason: null,
      consecutive_failures: 0,
      failing_since: null,
    });
  });

  it('deletes an endpoint; it is then not found', async () => {
    const made = await create({});
    const res = await api.delete(`/webhook-endpoints/${made.body.id}`);
    expect(res.body).toEqual({ id: made.body.id, object: 'webhook_endpoint', deleted: true });
    expectError(
      await api.get(`/webhook-endpoints/${made.body.id}`),
      404,
      'WEBHOOK_ENDPOINT_NOT_FOUND',
    );
  });

  it('answers WEBHOOK_ENDPOINT_NOT_FOUND for unknown ids on every route', async () => {
    const id = crypto.randomUUID();
    const base = `/webhook-endpoints/${id}`;
    expectError(await api.get(base), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    expectError(await api.get('/webhook-endpoints/not-a-uuid'), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    expectError(await api.patch(base, { enabled: false }), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    expectError(await api.delete(base), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    expectError(await api.get(`${base}/deliveries`), 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
    const replay = await api.post(`${base}/deliveries/${crypto.randomUUID()}/replay`, {});
    expectError(replay, 404, 'WEBHOOK_ENDPOINT_NOT_FOUND');
  });

  it('refuses unknown, repeated or missing events and unknown fields, naming the field', async () => {
    const cases = [
      [{ events: ['order.shipped'] }, 'events.0'],
      [{ events: [] }, 'events'],
      [{ events: ['order.paid', 'order.paid'] }, 'events'],
      [{ secret: 'whsec_mine' }, ''],
    ] as const;
    for (const [body, field] of cases) {
      const res = await create(body);
      expectError(res, 422, 'VALIDATION_FAILED');
      if (field) expect((res.body as ErrorBody).details.map((d) => d.field)).toContain(field);
    }
  });

  it('refuses URLs to private, reserved or non-https addresses with WEBHOOK_URL_NOT_ALLOWED', async () => {
    for (const url of [
      'http://10.0.0.5/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://192.168.1.10/hook',
      'http://172.16.0.1/hook',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:10.0.0.1]/hook',
      'http://[64:ff9b::a9fe:a9fe]/hook',
      'http://167772161/hook',
      'http://metadata/computeMetadata',
      'ftp://hooks.example.com/x',
      'https://user:pass@hooks.example.com/x',
      'not a url',
    ]) {
      const res = await create({ url });
      expectError(res, 422, 'WEBHOOK_URL_NOT_ALLOWED');
      expect((res.body as ErrorBody).details[0]?.field, url).toBe('url');
    }
    const made = await create({});
    const patched = await api.patch(`/webhook-endpoints/${made.body.id}`, {
      url: 'http://10.1.2.3/',
    });
    expectError(patched, 422, 'WEBHOOK_URL_NOT_ALLOWED');
  });
});

describe('the webhook URL rule', () => {
  it('refuses loopback and plain http in production, and allows them only with the local flag', () => {
    for (const url of [
      'http://127.0.0.1:8787/hook',
      'https://127.1.2.3/hook',
      'https://localhost/hook',
      'https://api.localhost/hook',
      'https://[::1]/hook',
      'https://2130706433/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      expect(webhookUrlRefusal(url, false), url).toMatch(/loopback|https/);
      expect(webhookUrlRefusal(url.replace('https:', 'http:'), true), url).toBeNull();
    }
    expect(webhookUrlRefusal('http://hooks.example.com/x', false)).toBe('Must be an https:// URL.');
    expect(webhookUrlRefusal('https://hooks.example.com/x', false)).toBeNull();
    expect(webhookUrlRefusal('https://8.8.8.8/x', false)).toBeNull();
    expect(webhookUrlRefusal('https://[2606:4700::1111]/x', false)).toBeNull();
    expect(webhookUrlRefusal('http://10.0.0.1/x', true)).toMatch(/private/);
  });
});
