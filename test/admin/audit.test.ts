import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { type MerchantClient, merchantOf, type TestMerchantKey } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

const ifMatch = (etag: string) => ({ headers: { 'if-match': etag } });

describe('the audit log', () => {
  let api: MerchantClient;
  let key: TestMerchantKey;

  beforeAll(async () => {
    ({ api, key } = await merchantOf(await createTestShop()));
  });

  it('records every write in its transaction: who, what, which resource, when and what changed', async () => {
    const created = await api.post('/shipping-rates', { title: 'Audited', amount: 100 });
    const id = created.body.id;
    const updated = await api.patch(`/shipping-rates/${id}`, { amount: 150, active: false });
    await api.delete(`/shipping-rates/${id}`);
    const res = await api.get(`/audit?resource_type=shipping_rate&resource_id=${id}`);
    expect(res.status).toBe(200);
    const [deleted, changed, made] = res.body.data;
    expect(res.body.data).toHaveLength(3);
    expect(made).toMatchObject({
      object: 'audit_event',
      action: 'create',
      resource_type: 'shipping_rate',
      resource_id: id,
      key_id: key.id,
      key_prefix: key.secret.slice(0, 12),
      request_id: created.headers.get('x-request-id'),
    });
    expect(made.changes.amount).toEqual({ before: null, after: 100 });
    expect(changed).toMatchObject({
      action: 'update',
      request_id: updated.headers.get('x-request-id'),
    });
    expect(changed.changes).toEqual({
      amount: { before: 100, after: 150 },
      active: { before: true, after: false },
    });
    expect(deleted.action).toBe('delete');
    expect(deleted.changes.title).toEqual({ before: 'Audited', after: null });
    expect(Date.parse(made.created_at)).toBeLessThanOrEqual(Date.parse(deleted.created_at));
  });

  it('records nothing for a write that failed or changed nothing', async () => {
    const { id } = (await api.post('/shipping-rates', { title: 'Quiet', amount: 1 })).body;
    await api.patch(`/shipping-rates/${id}`, { title: 'Quiet' });
    await api.patch(`/shipping-rates/${id}`, { amount: 2 }, ifMatch('"9"'));
    const events = (await api.get(`/audit?resource_id=${id}`)).body.data;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['create']);
  });

  it('filters by action, key and time, and pages', async () => {
    const other = await merchantOf(await createTestShop());
    expect((await other.api.get('/audit')).body.data).toEqual([]);
    const since = new Date().toISOString();
    const { id } = (await api.post('/shipping-rates', { title: 'Filtered', amount: 1 })).body;
    await api.patch(`/shipping-rates/${id}`, { amount: 3 });
    const updates = (await api.get(`/audit?action=update&since=${since}`)).body.data;
    expect(updates.map((e: { resource_id: string }) => e.resource_id)).toEqual([id]);
    expect(
      (await api.get(`/audit?key_id=${key.id}&until=${since}`)).body.data.length,
    ).toBeGreaterThan(0);
    expect((await api.get(`/audit?key_id=${crypto.randomUUID()}`)).body.data).toEqual([]);
    const page = (await api.get('/audit?limit=1')).body;
    expect(page).toMatchObject({ object: 'list', has_more: true, url: '/admin/api/v1/audit' });
    expectError(await api.get('/audit?since=yesterday'), 422, 'VALIDATION_FAILED');
    expectError(await api.get('/audit?action=explode'), 422, 'VALIDATION_FAILED');
  });
});
