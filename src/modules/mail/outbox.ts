import { and, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail';
import type { Db, Tx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { errorText, type Logger } from '../../lib/log';

export type EmailKind =
  | 'otp'
  | 'order-confirmation'
  | 'order-delivered'
  | 'order-shipped'
  | 'order-cancelled'
  | 'order-refunded'
  | 'merchant-new-order'
  | 'newsletter-confirmation'
  | 'newsletter'
  | 'staff-invite';

export type QueuedEmail = {
  shopId: string;
  kind: EmailKind;
  to: string;
  subject: string;
  html: string;
  text: string;
};

/** Attempts before a message is given up as `failed`. */
export const MAX_ATTEMPTS = 8;

/**
 * The insert that queues an email. Returned unexecuted so it joins the batch of the
 * change that causes it: the email exists exactly when the change does. Inside an
 * interactive transaction, `queueEmailsIn`.
 */
export const queueEmail = (db: Db, email: QueuedEmail) =>
  db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });

/**
 * A CTE `name` of a larger statement that queues the emails of `rows` (jsonb, as
 * `queuedEmailsJson` writes them) with `fill.placeholder` in their
 * subject, html and text replaced by `fill.from`'s one column `value` (a relation of the same
 * statement, such as the number an order's counter just returned): for emails naming what
 * their own statement settles. When `fill.from` has no row, nothing is queued. Its rows are
 * the queued emails as `PendingEmail`s (`deliverPending` sends them without reading them
 * again).
 */
export function queuedEmailsCte(
  name: string,
  rows: SQL,
  fill: { placeholder: string | SQL; from: SQL },
): SQL {
  const put = (column: SQL) => sql`replace(${column}, ${fill.placeholder}, v.value)`;
  return sql`${sql.identifier(name)} as (
    insert into email_outbox (shop_id, kind, "to", subject, html, "text")
    select e.shop_id, e.kind, e."to", ${put(sql`e.subject`)}, ${put(sql`e.html`)},
      ${put(sql`e."text"`)}
    from jsonb_to_recordset(${rows})
      as e(shop_id uuid, kind text, "to" text, subject text, html text, "text" text)
    cross join (select value::text as value from (${fill.from}) f) v
    returning id, "to", subject, html, "text", attempts
  )`;
}

/** The rows `queuedEmailsCte` queues, as the JSON text of its `rows` (jsonb). */
export const queuedEmailsJson = (emails: QueuedEmail[]): string =>
  JSON.stringify(
    emails.map((e) => ({
      shop_id: e.shopId,
      kind: e.kind,
      to: e.to,
      subject: e.subject,
      html: e.html,
      text: e.text,
    })),
  );

/** Queues emails inside an interactive transaction, so they exist exactly when its change does. */
export async function queueEmailsIn(tx: Tx, emails: QueuedEmail[]): Promise<Array<{ id: string }>> {
  if (emails.length === 0) return [];
  const queued = await tx.insert(emailOutbox).values(emails).returning({ id: emailOutbox.id });
  if (queued.length !== emails.length) throw new Error('the emails were not queued');
  return queued;
}

/** A queued email as delivery reads it: what it sends, and the attempts made so far. */
export type PendingEmail = Pick<
  typeof emailOutbox.$inferSelect,
  'id' | 'to' | 'subject' | 'html' | 'text' | 'attempts'
>;

/** The columns of a `PendingEmail`, for selects and `returning`. */
const PENDING_COLUMNS = {
  id: emailOutbox.id,
  to: emailOutbox.to,
  subject: emailOutbox.subject,
  html: emailOutbox.html,
  text: emailOutbox.text,
  attempts: emailOutbox.attempts,
};

/** Minutes to wait before attempt `n + 1`: 1, 2, 4 … capped at a day. */
const backoffMinutes = (attempts: number) => Math.min(2 ** attempts, 24 * 60);

/** What delivering the outbox needs: the database, the mail port, the sender and a logger. */
export type OutboxDeps = { db: Db; mailer: Mailer; from: string; log: Logger };

/** Sends one email; its id at the provider, or null when the attempt failed (recorded). */
async function sendRow({ db, mailer, from, log }: OutboxDeps, row: PendingEmail) {
  try {
    // The row id is the idempotency key: a retry after a lost answer sends nothing twice.
    const { id } = await mailer.send({
      from,
      to: row.to,
      subject: row.subject,
      html: row.html,
      text: row.text,
      idempotencyKey: `outbox-${row.id}`,
    });
    return id;
  } catch (error) {
    const attempts = [
      ...row.attempts,
      { at: new Date().toISOString(), error: errorText(error).slice(0, 500) },
    ];
    const failed = attempts.length >= MAX_ATTEMPTS;
    await db
      .update(emailOutbox)
      .set({
        attempts,
        status: failed ? 'failed' : 'pending',
        nextAttemptAt: sql`now() + make_interval(mins => ${backoffMinutes(attempts.length)})`,
        updatedAt: new Date(),
      })
      .where(eq(emailOutbox.id, row.id));
    log.warn('email delivery failed', { outboxId: row.id, attempt: attempts.length, error });
    return null;
  }
}

/**
 * Delivers pending emails: each sent at once, then every one the provider took marked sent
 * in one statement (a failed attempt is recorded with its row, for the retry).
 */
export async function deliverPending(deps: OutboxDeps, rows: PendingEmail[]) {
  const sent = await Promise.all(
    rows.map(async (row) => ({ id: row.id, providerId: await sendRow(deps, row) })),
  );
  const marks = sent.filter((s): s is { id: string; providerId: string } => s.providerId !== null);
  if (marks.length === 0) return;
  await deps.db.execute(sql`
    update email_outbox e set status = 'sent', provider_id = m.provider_id, sent_at = now(),
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(marks.map((m) => ({ id: m.id, provider_id: m.providerId })))}::jsonb)
      as m(id uuid, provider_id text)
    where e.id = m.id`);
}

/** Delivers the given queued emails now (called after the response that queued them). */
export async function deliverEmails(deps: OutboxDeps, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await deps.db
    .select(PENDING_COLUMNS)
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'pending')));
  await deliverPending(deps, rows);
}

/**
 * Retries pending emails whose next attempt is due: every shop's from the scheduled
 * handler, or one shop's when `shopId` is given.
 */
export async function deliverDueEmails(
  deps: OutboxDeps,
  options: { batchSize?: number; shopId?: string } = {},
) {
  const rows = await deps.db
    .select(PENDING_COLUMNS)
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        lte(emailOutbox.nextAttemptAt, new Date()),
        options.shopId ? eq(emailOutbox.shopId, options.shopId) : undefined,
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(options.batchSize ?? 50);
  await deliverPending(deps, rows);
  return rows.length;
}
