import { DependencyUnavailableError, errorChain, isAbort } from '../lib/dependency';

/** The SQLSTATE of a Postgres error, looked for along the error's `cause` chain. */
export function sqlState(error: unknown): string | undefined {
  for (const e of errorChain(error)) {
    if (e instanceof Error && 'code' in e && typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/** A unique index refused the write (another request wrote the same key first). */
export const isUniqueViolation = (error: unknown) => sqlState(error) === '23505';

/** `newsletter_claim_place` found the shop's subscriber cap full (drizzle/0007). */
export const isNewsletterCapFull = (error: unknown) => sqlState(error) === 'SF001';

/** `access_link_claim` found the sign-in link used or expired (drizzle/0010). */
export const isAccessLinkSpent = (error: unknown) => sqlState(error) === 'SF002';

const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * SQLSTATEs that say the database cannot serve now rather than that the statement is wrong:
 * connection exceptions (08), insufficient resources (53), shutdown or start-up (57P0x), a
 * statement cancelled by a timeout (57014), and conflicts a retry resolves (40001, 40P01).
 */
const UNAVAILABLE_STATE = /^(08|53|57P0|57014$|40001$|40P01$)/;

/** How the WebSocket client reports a connection that failed, closed or timed out. */
const TRANSPORT_FAILURE =
  /connection terminated|connection timeout|query read timeout|timeout expired|not queryable|ECONNREFUSED|ECONNRESET|websocket|network connection lost|fetch failed/i;

/**
 * True when a failure means Postgres could not be reached, did not answer in time, or cannot
 * serve now. The driver's error is wrapped (Drizzle puts it in `cause`, the Neon driver
 * keeps a failed fetch in `sourceError`), so the whole chain is read: a SQLSTATE decides when
 * there is one; otherwise a timeout, a failed connection or Neon's own server error does.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state && SQLSTATE.test(state)) return UNAVAILABLE_STATE.test(state);
  for (const e of errorChain(error)) {
    if (!(e instanceof Error)) return false;
    if (e instanceof DependencyUnavailableError) return e.dependency === 'database';
    if (isAbort(e) || e.name === 'NeonDbError') return true;
    // A failed query's message repeats its parameters (customers' text): never matched.
    if (e.name !== 'DrizzleQueryError' && TRANSPORT_FAILURE.test(e.message)) return true;
  }
  return false;
}
