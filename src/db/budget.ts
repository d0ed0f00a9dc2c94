import { DependencyUnavailableError } from '../lib/dependency';

/** The longest one statement may wait (an HTTP round trip, a connect, a transaction statement). */
export const DB_STATEMENT_TIMEOUT_MS = 3_000;

/**
 * What one request may spend waiting on Postgres before its response: a read (GET) about
 * 3 s in total, shop resolution included; a write 8 s, since its transaction holds several
 * statements and may queue on row locks behind simultaneous orders of the same stock. After
 * the response (streamed bodies, deferred work, the cron) only the per-statement timeout applies.
 */
export const DB_BUDGET_MS = { read: 3_000, write: 8_000 } as const;

/** The longest interactive transaction when no request budget applies (cron, deferred work). */
const TRANSACTION_TIMEOUT_MS = DB_BUDGET_MS.write;

/** The time a request may still spend waiting on Postgres, spent by every wait. */
export class DbBudget {
  #spentMs = 0;
  #limitMs: number;

  constructor(limitMs = Number.POSITIVE_INFINITY) {
    this.#limitMs = limitMs;
  }

  get remainingMs(): number {
    return this.#limitMs - this.#spentMs;
  }

  /** The timeout of the next statement; throws when the budget is spent. */
  nextWait(): number {
    const left = this.remainingMs;
    if (left <= 0) {
      throw new DependencyUnavailableError(
        'database',
        `request budget of ${this.#limitMs} ms spent`,
      );
    }
    return Math.min(DB_STATEMENT_TIMEOUT_MS, Math.ceil(left));
  }

  /**
   * The connect timeout of a transaction and the bound of the whole, which is also each of
   * its statements' bound: a statement waiting on a row lock is waiting on the transaction
   * ahead of it, not on a dead server, and may use what the request has left.
   */
  transactionWaits(): { connectMs: number; totalMs: number } {
    const connectMs = this.nextWait();
    return { connectMs, totalMs: Math.ceil(Math.min(this.remainingMs, TRANSACTION_TIMEOUT_MS)) };
  }

  spend(ms: number): void {
    this.#spentMs += Math.max(0, ms);
  }

  /** Once the response is on its way, only the per-statement timeout bounds what follows. */
  lift(): void {
    this.#limitMs = Number.POSITIVE_INFINITY;
  }
}

/**
 * Whether Postgres answered this isolate lately: the last outcome of any statement. Lets
 * caches of database data (the shop resolution) stop answering as soon as it fails.
 */
export const reachability = {
  okAt: 0,
  failedAt: 0,
  record(ok: boolean, now = Date.now()) {
    if (ok) reachability.okAt = now;
    else reachability.failedAt = now;
  },
};

/** True when Postgres answered within `ms` and has not failed since. */
export const databaseAnsweredWithin = (ms: number, now = Date.now()) =>
  reachability.okAt >= reachability.failedAt &&
  reachability.okAt > 0 &&
  now - reachability.okAt <= ms;
