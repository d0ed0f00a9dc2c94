import { and, eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { ApiError } from '../errors';
import { jsonBodyOf } from '../http/json-body';
import { canonicalJson } from '../lib/canonical-json';
import { sha256Hex } from '../lib/crypto';
import { isIdempotencyKey } from '../lib/idempotency-key';

/** How long an Idempotency-Key and its answer are kept (Stripe's 24 hours). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** Rows past their 24 hours: no longer binding, reused by a new claim, purged by the cron. */
const expired = sql`${idempotencyKeys.createdAt} < now() - ${sql.raw(`interval '${IDEMPOTENCY_TTL_HOURS} hours'`)}`;

/** The request's `Idempotency-Key`, or null; a malformed one is 400 IDEMPOTENCY_KEY_INVALID. */
export function idempotencyKeyOf(c: Context<AppEnv>): string | null {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return null;
  if (!isIdempotencyKey(key)) throw new ApiError('IDEMPOTENCY_KEY_INVALID');
  return key;
}

/**
 * What identifies a request: its method, path and JSON body (key order ignored; an empty
 * body counts as none), or for a
 * body of another type the `fingerprint` its route gives (an upload: its bytes' digest).
 */
export async function requestHashOf(c: Context<AppEnv>, fingerprint?: unknown): Promise<string> {
  const body: unknown = fingerprint ?? (await jsonBodyOf(c));
  return sha256Hex(canonicalJson({ method: c.req.method, path: c.req.path, body }));
}

/**
 * Claims `key` for this request inside the write's transaction. Null: the key is new (or
 * expired) and now held until the transaction ends; write, then `rememberAnswer`. Otherwise
 * the earlier answer to replay: a request with the same key waits here until the first
 * one commits (or rolls back, and then claims the key itself). The same key with another
 * method, path or body is 422 IDEMPOTENCY_KEY_REUSED.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  shopId: string,
  key: string,
  requestHash: string,
): Promise<{ answer: unknown } | null> {
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ shopId, key, requestHash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.shopId, idempotencyKeys.key],
      set: { requestHash, response: null, createdAt: sql`now()` },
      setWhere: expired,
    })
    .returning({ id: idempotencyKeys.id });
  if (claimed.length > 0) return null;
  const [first] = await tx
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.shopId, shopId), eq(idempotencyKeys.key, key)));
  if (!first) throw new Error('an Idempotency-Key row vanished while it was claimed');
  if (first.requestHash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  return { answer: first.response };
}

/** Stores the answer of the write that claimed `key`, in the same transaction. */
export async function rememberAnswer(
  tx: Tx,
  shopId: string,
  key: string,
  answer: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ response: answer })
    .where(and(eq(idempotencyKeys.shopId, shopId), eq(idempotencyKeys.key, key)));
}

/** Deletes keys past their 24 hours (the cron trigger); returns how many. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(expired)
    .returning({ id: idempotencyKeys.id });
  return deleted.length;
}
