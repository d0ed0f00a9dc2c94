import type { Context } from 'hono';
import { shopChanged } from '../adapters/generations';
import type { AppEnv, Services, ShopContext } from '../app-env';
import { type Tx, withTransaction } from '../db/client';
import { assertScope } from '../http/merchant';
import type { MerchantScope } from '../identity/merchant-scopes';
import { type Actor, actorOf, type Change, recordAudit } from './audit';
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
  /** The request's (or the job's) services, for effects after the commit. */
  readonly services: Services;
  /**
   * Throws 412 PRECONDITION_FAILED unless the request's `If-Match` (when it sent one)
   * names `version`, the version of the row the verb has just locked.
   */
  expectVersion(version: number): void;
  /**
   * The request named the version it read (If-Match other than `*`): a verb that sets a
   * value others also move (stock) sets it only while it is still what that version showed.
   */
  readonly versioned: boolean;
  /** Records changes in the audit log, in this transaction. Every write calls it. */
  audit(...changes: Change[]): Promise<void>;
  /** Runs `effect` once the transaction has committed (never on rollback or replay). */
  afterCommit(effect: () => void | Promise<void>): void;
  /**
   * Throws 403 MERCHANT_SCOPE_MISSING unless the caller holds `scope`: for a verb whose
   * scope depends on what it finds (cancelling a paid order refunds it), called before the
   * verb writes anything. Jobs and the operator's CLI hold every scope.
   */
  requireScope(scope: MerchantScope): void;
};

export type WriteOptions<T> = {
  /**
   * What an Idempotency-Key replay answers with, when it must differ from the first
   * answer (a key's secret is shown once and never stored).
   */
  remember?: (answer: T) => unknown;
  /**
   * What identifies a request whose body is not JSON (an upload), for Idempotency-Key: the
   * same key with another fingerprint is refused as reused.
   */
  fingerprint?: unknown;
  /** Roll the transaction back once the verb has answered: the answer says what would change. */
  dryRun?: boolean;
};

/** Where a write runs outside a request (a queue job, the operator's CLI): shop and actor. */
export type WriteTarget = {
  services: Services;
  shop: ShopContext;
  actor: Actor;
};

type Hooks<T> = {
  ifMatch: ReturnType<typeof parseIfMatch>;
  /** Before the verb: an earlier answer ends the write there (an Idempotency-Key replay). */
  claim?: (tx: Tx) => Promise<{ answer: T } | null>;
  /** After the verb, in the transaction. */
  remember?: (tx: Tx, answer: T) => Promise<void>;
  /** Roll the transaction back once the verb has answered (a dry run). */
  dryRun?: boolean;
  /** The scope check for what the verb finds (none: every scope, as for jobs). */
  requireScope?: (scope: MerchantScope) => void;
};

/** Signals a dry run's rollback, carrying the answer out of the transaction. */
class DryRun<T> extends Error {
  constructor(readonly answer: T) {
    super('dry run');
  }
}

/** The core of every merchant write: one transaction with the verb and its audit records. */
async function runWrite<T>(
  target: WriteTarget,
  verb: (w: WriteScope) => Promise<T>,
  hooks: Hooks<T>,
): Promise<{ replayed: boolean; answer: T }> {
  const { shop, actor } = target;
  const effects: Array<() => void | Promise<void>> = [];
  try {
    const outcome = await withTransaction(target.services.database, async (tx) => {
      const earlier = await hooks.claim?.(tx);
      if (earlier) return { replayed: true, answer: earlier.answer };
      const answer = await verb({
        tx,
        shop,
        services: target.services,
        expectVersion: (version) => assertFresh(hooks.ifMatch, version),
        versioned: hooks.ifMatch !== null && !hooks.ifMatch.includes('*'),
        audit: (...changes) => recordAudit(tx, shop.id, actor, changes),
        afterCommit: (effect) => effects.push(effect),
        requireScope: hooks.requireScope ?? (() => {}),
      });
      if (hooks.dryRun) throw new DryRun(answer);
      await hooks.remember?.(tx, answer);
      return { replayed: false, answer };
    });
    // Committed: what public storefront reads show may have changed (a replay changed nothing).
    if (!outcome.replayed) await shopChanged(target.services, shop.id);
    for (const effect of effects) await effect();
    return outcome;
  } catch (error) {
    if (error instanceof DryRun) return { replayed: false, answer: error.answer as T };
    throw error;
  }
}

/**
 * A merchant write outside a request, as merchantWrite runs it (one transaction, audit
 * records, after-commit effects) without Idempotency-Key or If-Match. With `dryRun` the
 * transaction is rolled back after the verb: the answer says what would change.
 */
export async function writeFor<T>(
  target: WriteTarget,
  verb: (w: WriteScope) => Promise<T>,
  options: { dryRun?: boolean } = {},
): Promise<T> {
  const hooks: Hooks<T> = { ifMatch: parseIfMatch(undefined), dryRun: options.dryRun ?? false };
  return (await runWrite(target, verb, hooks)).answer;
}

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
  const actor = actorOf(c.get('merchant'), c.get('requestId') ?? null);
  const key = idempotencyKeyOf(c);
  const requestHash = key ? await requestHashOf(c, options.fingerprint) : '';
  const target = { services: c.get('services'), shop, actor };
  const outcome = await runWrite(target, verb, {
    ifMatch: parseIfMatch(c.req.header('if-match')),
    dryRun: options.dryRun ?? false,
    requireScope: (scope) => assertScope(c.get('merchant'), scope),
    ...(key
      ? {
          claim: async (tx) => {
            const earlier = await claimIdempotencyKey(tx, shop.id, key, requestHash);
            return earlier ? { answer: earlier.answer as T } : null;
          },
          remember: (tx, answer) =>
            rememberAnswer(tx, shop.id, key, options.remember?.(answer) ?? answer),
        }
      : {}),
  });
  if (outcome.replayed) c.header('Idempotent-Replayed', 'true');
  setEtag(c, outcome.answer);
  return outcome.answer;
}
