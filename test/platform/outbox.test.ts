import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Mailer } from '../../src/adapters/mail';
import { createMemoryMailer } from '../../src/adapters/mail';
import * as s from '../../src/db/schema';
import { createLogger } from '../../src/lib/log';
import { deliverDueEmails, deliverEmails, queueEmail } from '../../src/modules/mail/outbox';
import { testDb } from '../helpers/db';
import { createTestShop } from '../helpers/shop-factory';

const email = (shopId: string, to: string) => ({
  shopId,
  kind: 'otp' as const,
  to,
  subject: 'Your code',
  html: '<p>123456</p>',
  text: '123456',
});

describe('the email outbox', () => {
  it('delivers a queued email once and marks it sent', async () => {
    const shop = await createTestShop();
    const db = testDb();
    const [row] = await queueEmail(db, email(shop.id, 'a@shop.test'));
    const mailer = createMemoryMailer();
    await deliverEmails(
      { db: db, mailer: mailer, from: 'Shop <s@shop.test>', log: createLogger() },
      [row?.id ?? ''],
    );
    await deliverEmails(
      { db: db, mailer: mailer, from: 'Shop <s@shop.test>', log: createLogger() },
      [row?.id ?? ''],
    );
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: 'a@shop.test',
      idempotencyKey: `outbox-${row?.id}`,
    });
    const [stored] = await db
      .select()
      .from(s.emailOutbox)
      .where(eq(s.emailOutbox.id, row?.id ?? ''));
    expect(stored?.status).toBe('sent');
  });

  it('keeps a failed delivery pending with back-off, and the retry sends it', async () => {
    const shop = await createTestShop();
    const db = testDb();
    const [row] = await queueEmail(db, email(shop.id, 'b@shop.test'));
    const id = row?.id ?? '';
    const failing: Mailer = { send: async () => Promise.reject(new Error('provider down')) };
    const attempted = Date.now();
    await deliverEmails(
      { db: db, mailer: failing, from: 'Shop <s@shop.test>', log: createLogger() },
      [id],
    );
    const [afterFailure] = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, id));
    expect(afterFailure?.status).toBe('pending');
    expect(afterFailure?.attempts).toHaveLength(1);
    // Backed off from the attempt (2 minutes after a first failure; a second's leeway for the
    // database's clock), however long the attempt took.
    expect(afterFailure?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(
      attempted + 2 * 60_000 - 1000,
    );

    await db
      .update(s.emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(s.emailOutbox.id, id));
    const mailer = createMemoryMailer();
    await deliverDueEmails(
      { db: db, mailer: mailer, from: 'Shop <s@shop.test>', log: createLogger() },
      { shopId: shop.id },
    );
    expect(mailer.sent.map((m) => m.to)).toContain('b@shop.test');
    const [afterRetry] = await db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, id));
    expect(afterRetry?.status).toBe('sent');
  });
});
