import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { MAX_VERIFY_ATTEMPTS } from '../../identity/sign-in-codes';

/** A membership as sessions and /me list it. */
export type MembershipRow = {
  member_id: string;
  shop_id: string;
  handle: string;
  shop_name: string;
  role_id: string;
  role_name: string;
  role_key: string | null;
};

/**
 * A person's active memberships, by shop name; with `onlyShopId` (a session opened by an
 * invite), that shop's alone.
 */
export async function selectMemberships(
  db: Db | Tx,
  personId: string,
  onlyShopId: string | null = null,
): Promise<MembershipRow[]> {
  const result = await db.execute(sql`
    select m.id as member_id, m.shop_id, sh.handle, sh.name as shop_name,
      r.id as role_id, r.name as role_name, r.key as role_key
    from staff_members m
    join shops sh on sh.id = m.shop_id
    join staff_roles r on r.id = m.role_id
    where m.person_id = ${personId} and m.status = 'active'
      ${onlyShopId === null ? sql`` : sql`and m.shop_id = ${onlyShopId}`}
    order by sh.name, sh.id
  `);
  return result.rows as MembershipRow[];
}

/** The person of an email and the shop to send their code from (their latest active one). */
export async function selectCodeRecipient(db: Db, email: string) {
  const result = await db.execute(sql`
    select p.id as person_id, sh.id as shop_id, sh.name as shop_name
    from staff_people p
    join staff_members m on m.person_id = p.id and m.status = 'active'
    join shops sh on sh.id = m.shop_id
    where p.email = ${email}
    order by m.last_sign_in_at desc nulls last
    limit 1
  `);
  return (result.rows[0] as { person_id: string; shop_id: string; shop_name: string }) ?? null;
}

export type StaffCodeCheck = { found: boolean; closed: boolean; matched: boolean | null };

/**
 * Evaluates a code against the email's newest code in one statement, as the storefront's
 * checkCode does: the attempt is counted and the code consumed on a match under the row's
 * lock, so at most MAX_VERIFY_ATTEMPTS guesses are evaluated and a code works once.
 */
export async function checkStaffCode(db: Db, email: string, codeHmac: string) {
  const result = await db.execute(sql`
    with v as (
      select id, (consumed_at is not null or voided_at is not null or expires_at <= now()) as closed
      from staff_sign_in_codes where email = ${email}
      order by created_at desc limit 1
    ),
    u as (
      update staff_sign_in_codes
      set attempts = attempts + 1,
        consumed_at = case when code_hmac = ${codeHmac} then now() end
      where id = (select id from v) and consumed_at is null and voided_at is null
        and expires_at > now() and attempts < ${MAX_VERIFY_ATTEMPTS}
      returning consumed_at is not null as matched
    )
    select true as found, v.closed, u.matched from v left join u on true
  `);
  return (
    (result.rows[0] as StaffCodeCheck | undefined) ?? { found: false, closed: true, matched: null }
  );
}

/** The shop's handle and its primary domain (else its first one, else null), in one statement. */
export async function selectShopAddress(db: Db, shopId: string) {
  const result = await db.execute(sql`
    select sh.handle, (
      select d.hostname from shop_domains d where d.shop_id = sh.id
      order by d.is_primary desc, d.created_at limit 1
    ) as hostname
    from shops sh where sh.id = ${shopId}
  `);
  return (result.rows[0] as { handle: string; hostname: string | null } | undefined) ?? null;
}

/** A person's email and name. */
export async function selectPerson(db: Db | Tx, personId: string) {
  const result = await db.execute(sql`select email, name from staff_people where id = ${personId}`);
  return (result.rows[0] as { email: string; name: string } | undefined) ?? null;
}
