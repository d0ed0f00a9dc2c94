import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('policies through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  const storefront = () => client(shop.apiKey);
  const set = (type: string, body: unknown, headers: Record<string, string> = {}) =>
    api.put(`/policies/${type}`, body, { headers });

  it('sets a policy the storefront serves and lists on its very next request', async () => {
    const res = await set('privacy', { title: 'Privacy policy', body: '<p>Safe</p>' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'policy',
      type: 'privacy',
      title: 'Privacy policy',
      body: '<p>Safe</p>',
      version: 1,
    });
    expect(res.headers.get('etag')).toBe('"1"');
    const served = await storefront().get('/settings/policy/privacy');
    expect(served.status).toBe(200);
    expect(served.body.data).toEqual({
      _id: res.body.id,
      type: 'privacy',
      content: '&lt;p&gt;Safe&lt;/p&gt;',
    });
    const settings = (await storefront().get('/settings')).body.data;
    expect(settings.policies).toContainEqual({
      _id: res.body.id,
      policyId: res.body.id,
      type: 'privacy',
    });
    expect(settings.footerPolicies).toContainEqual({
      title: 'Privacy policy',
      link: expect.any(String),
    });
  });

  it('replaces the text: the storefront answers the new text at once', async () => {
    const first = await set('refund', { title: 'Refunds', body: 'Old' });
    const second = await set('refund', { title: 'Refunds', body: 'New' }, { 'if-match': '"1"' });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, body: 'New', version: 2 });
    expect((await storefront().get('/settings/policy/refund')).body.data.content).toBe('New');
    const same = await set('refund', { title: 'Refunds', body: 'New' });
    expect(same.body.version).toBe(2);
    expectError(
      await set('refund', { title: 'Refunds', body: 'Stale' }, { 'if-match': '"1"' }),
      412,
      'PRECONDITION_FAILED',
    );
    expectError(
      await set('warranty', { title: 'W', body: 'x' }, { 'if-match': '"3"' }),
      412,
      'PRECONDITION_FAILED',
    );
    expect((await set('warranty', { title: 'W', body: 'x' }, { 'if-match': '"0"' })).status).toBe(
      200,
    );
  });

  it('reads one and lists with a cursor', async () => {
    const own = await createTestShop();
    const m = await merchantOf(own);
    const types = ['cookie', 'shipping', 'order'];
    for (const type of types) {
      await m.api.put(`/policies/${type}`, { title: type, body: `${type} text` });
    }
    const page = await m.api.get('/policies?limit=2');
    expect(page.body).toMatchObject({
      object: 'list',
      has_more: true,
      url: '/admin/api/v1/policies',
    });
    expect(page.body.data.map((p: { type: string }) => p.type)).toEqual(['order', 'shipping']);
    const last = page.body.data[1].id;
    const rest = await m.api.get(`/policies?starting_after=${last}`);
    expect(rest.body.data.map((p: { type: string }) => p.type)).toEqual(['cookie']);
    const one = await m.api.get('/policies/cookie');
    expect(one.body).toMatchObject({ type: 'cookie', body: 'cookie text' });
    expect(one.headers.get('etag')).toBe('"1"');
    expectError(await m.api.get('/policies/privacy'), 404, 'POLICY_NOT_FOUND');
  });

  it('clears a policy: the storefront no longer serves or lists it', async () => {
    const made = await set('disclaimer', { title: 'Disclaimer', body: 'As is' });
    const res = await api.delete('/policies/disclaimer', { headers: { 'if-match': '"1"' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: made.body.id, object: 'policy', deleted: true });
    expectError(await storefront().get('/settings/policy/disclaimer'), 404, 'POLICY_NOT_FOUND');
    const listed = (await storefront().get('/settings')).body.data.policies as Array<{
      type: string;
    }>;
    expect(listed.map((p) => p.type)).not.toContain('disclaimer');
    expectError(await api.delete('/policies/disclaimer'), 404, 'POLICY_NOT_FOUND');
  });

  it('refuses an unknown type and an invalid text, naming the field', async () => {
    expectError(await api.get('/policies/gdpr'), 400, 'POLICY_TYPE_INVALID');
    expectError(await set('gdpr', { title: 'T', body: 'B' }), 400, 'POLICY_TYPE_INVALID');
    expectError(await api.delete('/policies/gdpr'), 400, 'POLICY_TYPE_INVALID');
    const bad = await set('payment', { title: '  ', body: 5, extra: true });
    expectError(bad, 422, 'VALIDATION_FAILED');
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'body',
      'extra',
      'title',
    ]);
    expectError(await api.get('/policies/payment'), 404, 'POLICY_NOT_FOUND');
  });

  it('replays an Idempotency-Key and refuses its reuse', async () => {
    const key = crypto.randomUUID();
    const body = { title: 'Terms', body: 'Be nice' };
    const once = await set('terms-of-service', body, { 'idempotency-key': key });
    const again = await set('terms-of-service', body, { 'idempotency-key': key });
    expect(again.body).toEqual(once.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(
      await set('terms-of-service', { ...body, body: 'Other' }, { 'idempotency-key': key }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});
