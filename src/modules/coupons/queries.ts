import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refuseWhen } from '../../db/refusal';

/**
 * SQL: the coupon row aliased `alias` can be used now: active, and now is inside
 * [starts_at, ends_at) (an unset bound is open). Every check of a coupon's window uses this.
 */
export const couponOpenSql = (alias: string): SQL => {
  const c = sql.raw(alias);
  return sql`(${c}.active and (${c}.starts_at is null or ${c}.starts_at <= now())
    and (${c}.ends_at is null or ${c}.ends_at > now()))`;
};

/** SQL: the coupon row aliased `alias` has uses left under its total usage limit. */
export const couponUsesLeftSql = (alias: string): SQL => {
  const c = sql.raw(alias);
  return sql`(${c}.usage_limit is null or ${c}.used_count < ${c}.usage_limit)`;
};

/** SQL: `email` has redeemed the coupon row aliased `alias` fewer times than its per-customer limit. */
export const customerUsesLeftSql = (alias: string, email: SQL): SQL => {
  const c = sql.raw(alias);
  return sql`(${c}.per_customer_limit is null or (select count(*) from coupon_redemptions r
    where r.shop_id = ${c}.shop_id and r.coupon_id = ${c}.id and r.email = ${email})
    < ${c}.per_customer_limit)`;
};

/** A coupon as checkout evaluates it. */
export type CouponRow = {
  id: string;
  code: string;
  kind: 'percentage' | 'fixed';
  value: number;
  minTotalMinor: number;
  /** Active and inside its validity window now (couponOpenSql). */
  open: boolean;
  /** Its total usage limit is not reached (couponUsesLeftSql). */
  usesLeft: boolean;
  /** The given email has not reached the per-customer limit (customerUsesLeftSql). */
  customerUsesLeft: boolean;
  productIds: string[];
  /** The scoped categories and all their descendants. */
  categoryIds: string[];
};

/**
 * SQL: the coupon whose normalised code is `code` (the unique index is on `upper(code)`),
 * with its category scope expanded to descendants and whether `email` may still use it.
 * The database runs it as `public.checkout_coupon(shop, code, email)`, rendered from here
 * (scripts/db/rendered-sql.ts), so each connection plans it once.
 */
export const couponByCodeQuery = (shop: SQL, code: SQL, email: SQL): SQL => sql`
    select c.id, c.code, c.kind, c.value, c.min_total_minor as "minTotalMinor",
      ${couponOpenSql('c')} as open,
      ${couponUsesLeftSql('c')} as "usesLeft",
      ${customerUsesLeftSql('c', email)} as "customerUsesLeft",
      c.product_ids::text[] as "productIds",
      array(
        with recursive scope(id) as (
          select unnest(c.category_ids)
          union
          select child.id from categories child join scope on child.parent_id = scope.id
          where child.shop_id = c.shop_id
        )
        select scope.id::text from scope
      ) as "categoryIds"
    from coupons c
    where c.shop_id = ${shop} and upper(c.code) = ${code}
    limit 1`;

/** SQL: the call of public.checkout_coupon (`couponByCodeQuery`), a row source of at most one row. */
export const couponCall = (shopId: string, code: string, email: string | null): SQL =>
  sql`public.checkout_coupon(${shopId}::uuid, ${code}::text, ${email ?? ''}::text)`;

/** Why a coupon refused an order in the order's write batch (src/db/refusal.ts). */
export const COUPON_REFUSALS = {
  usedUp: 'coupon-used-up',
  alreadyUsed: 'coupon-already-used',
} as const;

/**
 * Counts one use of the coupon for an order, locking its row until the order commits; the
 * batch is refused (`COUPON_REFUSALS.usedUp`) when the coupon is no longer open or has no
 * use left. Unexecuted, for the order's write batch.
 */
export const takeCouponUseQuery = (db: Db, shopId: string, couponId: string) =>
  db.execute(sql`
    with taken as (
      update coupons c set used_count = c.used_count + 1, updated_at = now()
      where c.shop_id = ${shopId} and c.id = ${couponId}
        and ${couponOpenSql('c')} and ${couponUsesLeftSql('c')}
      returning c.id
    )
    ${refuseWhen(sql`not exists (select 1 from taken)`, COUPON_REFUSALS.usedUp)}
  `);

/**
 * Records the order's redemption of the coupon, only while the order's email is under the
 * per-customer limit (a statement after the coupon's row is locked, so under READ COMMITTED
 * it sees every committed redemption); else the batch is refused
 * (`COUPON_REFUSALS.alreadyUsed`). Unexecuted, for the order's write batch.
 */
export const recordRedemptionQuery = (
  db: Db,
  input: { shopId: string; couponId: string; orderId: string; amountMinor: number },
) =>
  db.execute(sql`
    with recorded as (
      insert into coupon_redemptions (shop_id, coupon_id, order_id, customer_id, email, amount_minor)
      select o.shop_id, c.id, o.id, o.customer_id, o.email, ${input.amountMinor}::bigint
      from orders o
      join coupons c on c.shop_id = o.shop_id and c.id = ${input.couponId}
      where o.shop_id = ${input.shopId} and o.id = ${input.orderId}
        and ${customerUsesLeftSql('c', sql`o.email`)}
      returning id
    )
    ${refuseWhen(sql`not exists (select 1 from recorded)`, COUPON_REFUSALS.alreadyUsed)}
  `);
