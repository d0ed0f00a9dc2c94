import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { csvOf, waitForImport } from '../helpers/imports';
import { adminCall, merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

const HEADER = ['Handle', 'Title', 'Variant Price'];
const fileOf = (handle: string) =>
  csvOf(HEADER, [{ Handle: handle, Title: handle, 'Variant Price': '9.50' }]);

describe('imports and exports', () => {
  it('POST /imports honours Idempotency-Key: one import, the same answer, a reused key refused', async () => {
    const shop = await createTestShop();
    const { key } = await merchantOf(shop);
    const upload = (csv: string, idempotencyKey: string, query = '') =>
      adminCall(`/imports${query}`, {
        method: 'POST',
        body: csv,
        headers: {
          authorization: `Bearer ${key.secret}`,
          'content-type': 'text/csv',
          'idempotency-key': idempotencyKey,
        },
      });
    const idempotencyKey = crypto.randomUUID();
    const first = await upload(fileOf('mug'), idempotencyKey);
    expect(first.status, JSON.stringify(first.body)).toBe(202);
    const again = await upload(fileOf('mug'), idempotencyKey);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expectError(await upload(fileOf('bowl'), idempotencyKey), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(
      await upload(fileOf('mug'), idempotencyKey, '?dry_run=true'),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    const done = await waitForImport(key.secret, first.body.id);
    expect(done).toMatchObject({ status: 'completed', created: 1 });
    const imports = await testDb()
      .select({ id: s.productImports.id })
      .from(s.productImports)
      .where(eq(s.productImports.shopId, shop.id));
    expect(imports).toEqual([{ id: first.body.id }]);
  });

  it('records each import and each export in the audit log, with the key that made it', async () => {
    const shop = await createTestShop();
    const { key } = await merchantOf(shop);
    const auth = { authorization: `Bearer ${key.secret}` };
    const imported = await adminCall('/imports', {
      method: 'POST',
      body: fileOf('plate'),
      headers: { ...auth, 'content-type': 'text/csv' },
    });
    expect(imported.status).toBe(202);
    const exported = await adminCall('/exports/products', { headers: auth });
    expect(exported.status).toBe(200);
    const audit = await testDb()
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.shopId, shop.id), eq(s.auditEvents.keyId, key.id)));
    const of = (type: string) => audit.filter((event) => event.resourceType === type);
    expect(of('import')).toEqual([
      expect.objectContaining({
        action: 'create',
        resourceId: imported.body.id,
        requestId: imported.headers.get('x-request-id'),
      }),
    ]);
    expect(of('import')[0]?.changes).toMatchObject({ status: { before: null, after: 'queued' } });
    expect(of('export')).toEqual([
      expect.objectContaining({
        action: 'create',
        requestId: expect.any(String),
        changes: expect.objectContaining({ kind: { before: null, after: 'products' } }),
      }),
    ]);
  });
});
