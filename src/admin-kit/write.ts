import type { Context } from 'hono';
import type { AppEnv, ShopContext } from '../app-env';
import { type Tx, withTransaction } from '../db/client';
import { type Change, recordAudit } from './audit';
import { assertFresh, parseIfMatch, setEtag } from './concurrency';
import {
  claimIdempotencyKey,
  idempotencyKeyOf,
  rememberAnswer,
  requestHashOf,
} from './idempotency';

/** What a service's write verb works with: one transaction, the shop, and its duties. */
export type WriteScope = {
  readonly tx: Tx;
  readonly shop: ShopContext;
  /**
   * Throws 412 PRECONDITION_FAILED unless the request's `If-Match` (when it sent one)
   * names `version`, the version of the row the verb has just locked.
   */
  expectVersion(version: number): void;
  /** Records changes in the audit log, in this transaction. Every write calls it. */
  audit(...changes: Change[]): Promise<void>;
  /** Runs `effect` once the transaction has committed (never on rollback or replay). */
  afterCommit(effect: () => void): void;
};

export type WriteOptions<T> = {
  /**
   * What an Idempotency-Key replay answers with, when it must differ from the first
   * answer (a key's secret is shown once and never stored).
   */
  remember?: (answer: T) => unknown;
};

/**
 * Runs one merchant write: one transaction holding the Idempotency-Key claim (when the
 * request sent one), the verb's own statements, its audit records and the stored answer,
 * so nothing is half-written. A replay answers the first answer again, with
 * `Idempotent-Replayed: true`. Sets `ETag` from the answer's `version`.
 */
export async function merchantWrite<T extends object>(
  c: Context<AppEnv>,
  verb: (w: WriteScope) => Promise<T>,
  options: WriteOptions<T> = {},
): Promise<T> {
  const shop = c.get('shop');
  const actor = { keyId: c.get('merchant').keyId, requestId: c.get('requestId') ?? null };
  const ifMatch = parseIfMatch(c.req.header('if-match'));
  const key = idempotencyKeyOf(c);
  const requestHash = key ? await requestHashOf(c) : '';

  const effects: Array<() => void> = [];
  const outcome = await withTransaction(c.get('services').database, async (tx) => {
    if (key) {
      const earlier = await claimIdempotencyKey(tx, shop.id, key, requestHash);
      if (earlier) return { replayed: true, answer: earlier.answer as T };
    }
    const answer = await verb({
      tx,
      shop,
      expectVersion: (version) => assertFresh(ifMatch, version),
      audit: (...changes) => recordAudit(tx, shop.id, actor, changes),
      afterCommit: (effect) => effects.push(effect),
    });
    if (key) await rememberAnswer(tx, shop.id, key, options.remember?.(answer) ?? answer);
    return { replayed: false, answer };
  });

  for (const effect of effects) effect();
  if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
  setEtag(c, outcome.answer);
  return outcome.answer;
}
