import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import worker from '../../src/index';
import { IMPORT_MAX_DELIVERIES, type ImportMessage } from '../../src/modules/imports/jobs';
import { testDb } from '../helpers/db';
import { adminCall, createMerchantKey } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

/** A queued import whose file is not in storage: reading it fails on every delivery. */
async function importWithoutFile(shopId: string) {
  const [row] = await testDb()
    .insert(s.productImports)
    .values({
      shopId,
      status: 'queued',
      objectKey: `${shopId}/imports/gone.csv`,
      sizeBytes: 10,
      headers: ['Handle', 'Title'],
      ignored: [],
    })
    .returning({ id: s.productImports.id });
  if (!row) throw new Error('could not create the import');
  return row.id;
}

/** Delivers one message to the queue consumer as its `attempts`-th delivery. */
async function deliver(body: ImportMessage, attempts: number) {
  const batch = createMessageBatch<ImportMessage>('product-imports', [
    { id: crypto.randomUUID(), timestamp: new Date(), attempts, body },
  ]);
  const ctx = createExecutionContext();
  // biome-ignore lint/suspicious/noExplicitAny: the worker's queue handler with the test's env
  await (worker as any).queue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

describe('an import part that fails on every delivery', () => {
  it('is retried until its last delivery, then fails the import with the reason, never left running', async () => {
    const shop = await createTestShop();
    const key = await createMerchantKey(shop);
    const importId = await importWithoutFile(shop.id);
    const body: ImportMessage = { kind: 'plan', shopId: shop.id, importId };

    const first = await deliver(body, 1);
    expect(first.retryMessages).toHaveLength(1);
    expect(first.explicitAcks).toHaveLength(0);
    const [still] = await testDb()
      .select({ status: s.productImports.status })
      .from(s.productImports)
      .where(eq(s.productImports.id, importId));
    expect(still?.status).toBe('queued');

    const last = await deliver(body, IMPORT_MAX_DELIVERIES);
    expect(last.retryMessages).toHaveLength(0);
    expect(last.explicitAcks).toHaveLength(1);

    const res = await adminCall(`/imports/${importId}`, {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('failed');
    expect(res.body.completed_at).not.toBeNull();
    expect(res.body.error).toMatchObject({ code: 'IMPORT_INTERRUPTED', line: 1, column: null });
    expect(res.body.error.message).toContain(`after ${IMPORT_MAX_DELIVERIES} tries`);
  });
});
