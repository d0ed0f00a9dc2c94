import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { MAX_VERIFY_ATTEMPTS } from '../../identity/sign-in-codes';

export type SignInState = {
  initialized: boolean;
  document: unknown;
  customerId: string | null;
  status: 'active' | 'inactive' | 'blacklisted' | null;
};

/** The shop's stored settings and the customer of `email`, in one statement. */
export async function selectSignInState(db: Db, shopId: string, email: string) {
  const result = await db.execute(sql`
    select s.shop_id is not null as "initialized", s.document, c.id as "customerId", c.status
    from (select 1) k
    left join shop_settings s on s.shop_id = ${shopId}
    left join customers c on c.shop_id = ${shopId} and c.email = ${email}
  `);
  return result.rows[0] as SignInState;
}

export type CodeCheck = {
  email: string;
  closed: boolean;
  /** null when the code was not evaluated (locked, closed or another email). */
  matched: boolean | null;
  customerId: string | null;
  status: 'active' | 'inactive' | 'blacklisted' | null;
};

/**
 * Evaluates one code against an open verification in a single statement. The UPDATE
 * counts the attempt and consumes the verification on a match; its row lock and
 * re-checked WHERE make parallel guesses queue, so no more than MAX_VERIFY_ATTEMPTS
 * are ever evaluated and a code is consumed once. The CTE `v` reports the state seen
 * before, so the caller can tell why nothing was evaluated.
 */
export async function checkCode(
  db: Db,
  input: { shopId: string; verificationId: string; email: string; codeHmac: string },
): Promise<CodeCheck | null> {
  const { shopId, verificationId, email, codeHmac } = input;
  const result = await db.execute(sql`
    with v as (
      select email,
        (consumed_at is not null or voided_at is not null or expires_at <= now()) as closed
      from otp_verifications
      where id = ${verificationId} and shop_id = ${shopId}
    ),
    u as (
      update otp_verifications
      set attempts = attempts + 1,
        consumed_at = case when code_hmac = ${codeHmac} then now() end
      where id = ${verificationId} and shop_id = ${shopId} and email = ${email}
        and consumed_at is null and voided_at is null and expires_at > now()
        and attempts < ${MAX_VERIFY_ATTEMPTS}
      returning consumed_at is not null as matched
    )
    select v.email, v.closed, u.matched, c.id as "customerId", c.status
    from v
    left join u on true
    left join customers c on c.shop_id = ${shopId} and c.email = v.email
  `);
  return (result.rows[0] as CodeCheck | undefined) ?? null;
}

/**
 * Whether a verification is closed (used, voided or expired) as committed now. checkCode
 * sees the state from before its statement, so when a parallel request consumed the code
 * first, only this fresh read tells "already used" from "attempts used up".
 */
export async function isVerificationClosed(db: Db, shopId: string, verificationId: string) {
  const result = await db.execute(sql`
    select (consumed_at is not null or voided_at is not null or expires_at <= now()) as closed
    from otp_verifications where id = ${verificationId} and shop_id = ${shopId}
  `);
  return (result.rows[0] as { closed: boolean } | undefined)?.closed ?? true;
}

export type AccessLinkState = {
  linkId: string;
  email: string;
  orderId: string;
  /** Past its lifetime, or already used once (a link signs in once). */
  expired: boolean;
  orderStatus: string;
  refundState: string;
  orderName: string;
  orderPhone: string;
  customerId: string | null;
  status: 'active' | 'inactive' | 'blacklisted' | null;
};

/**
 * A sign-in link by the hash of its id, with its order and the customer who gets the
 * session: the customer of the link's email (the address the link was sent to), never the
 * order's customer as such, since a signed-in customer may send an order's email elsewhere.
 */
export async function selectAccessLink(db: Db, shopId: string, tokenHash: string) {
  const result = await db.execute(sql`
    select l.id as "linkId", l.email, l.order_id as "orderId",
      (l.expires_at <= now() or l.last_used_at is not null) as expired,
      o.status as "orderStatus", o.refund_state as "refundState",
      o.name as "orderName", o.phone as "orderPhone",
      c.id as "customerId", c.status
    from access_links l
    join orders o on o.id = l.order_id and o.shop_id = l.shop_id
    left join customers c on c.shop_id = l.shop_id and c.email = l.email
    where l.shop_id = ${shopId} and l.token_hash = ${tokenHash}
    limit 1
  `);
  return (result.rows[0] as AccessLinkState | undefined) ?? null;
}
