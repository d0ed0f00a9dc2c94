import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assertSessionUsable, type SessionCheck, sessionCheckSql } from '../../identity/sessions';
import type { TokenClaims } from '../../identity/tokens';

const NO_ROW: SessionCheck = {
  customerFound: false,
  sessionFound: false,
  sessionRevoked: null,
  sessionExpired: null,
  status: null,
};

/**
 * DELETE /auth/session: signs out, ending the token's own session on the server (the
 * theme's sign-out). One statement: the session check and the revocation, which only happens
 * when the check passes. The token answers AUTH_TOKEN_INVALID from its next request; the
 * customer's other sessions are untouched.
 */
export async function endThisSession(db: Db, shopId: string, claims: TokenClaims): Promise<void> {
  const result = await db.execute(sql`
    with chk as (${sessionCheckSql(shopId, claims)}),
    ended as (
      update sessions s set revoked_at = now()
      where s.shop_id = ${shopId} and s.customer_id = ${claims.customerId}
        and s.id = ${claims.sessionId} and s.revoked_at is null
        and (select usable from chk)
      returning 1
    )
    select chk.*, (select count(*) from ended)::int as revoked from chk
  `);
  assertSessionUsable((result.rows[0] as SessionCheck | undefined) ?? NO_ROW);
}

/**
 * DELETE /auth/sessions: ends every other open session of the token's customer (a lost
 * phone, a shared computer) and keeps the one asking. One statement: the session check and
 * the revocation, which only happens when the check passes. Revoked tokens answer
 * AUTH_TOKEN_INVALID from their next request on. Returns how many sessions were ended.
 */
export async function endOtherSessions(
  db: Db,
  shopId: string,
  claims: TokenClaims,
): Promise<{ revoked: number }> {
  const result = await db.execute(sql`
    with chk as (${sessionCheckSql(shopId, claims)}),
    ended as (
      update sessions s set revoked_at = now()
      where s.shop_id = ${shopId} and s.customer_id = ${claims.customerId}
        and s.id <> ${claims.sessionId} and s.revoked_at is null and s.expires_at > now()
        and (select usable from chk)
      returning 1
    )
    select chk.*, (select count(*) from ended)::int as revoked from chk
  `);
  const row = result.rows[0] as (SessionCheck & { revoked: number }) | undefined;
  assertSessionUsable(row ?? NO_ROW);
  return { revoked: row?.revoked ?? 0 };
}
