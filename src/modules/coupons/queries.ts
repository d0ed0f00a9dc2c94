import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A coupon as checkout evaluates it. */
export type CouponRow = {
  id: string;
  code: string;
  kind: 'percentage' | 'fixed';
  value: number;
  minTotalMinor: number;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  usedCount: number;
  active: boolean;
  /** Inside its validity window now. */
  inWindow: boolean;
  productIds: string[];
  /** The scoped categories and all their descendants. */
  categoryIds: string[];
  /** Redemptions by the given email (0 without one). */
  redeemedByEmail: number;
};

/**
 * The statement reading the coupon whose code matches `code` case-insensitively, with its
 * category scope expanded to descendants and its redemptions by `email`. Unexecuted, so it
 * can join a batch.
 */
export function selectCoupon(db: Db, shopId: string, code: string, email: string | null) {
  return db.execute<CouponRow>(sql`
    select c.id, c.code, c.kind, c.value, c.min_total_minor as "minTotalMinor",
      c.usage_limit as "usageLimit", c.per_customer_limit as "perCustomerLimit",
      c.used_count as "usedCount", c.active,
      (c.starts_at is null or c.starts_at <= now()) and (c.ends_at is null or c.ends_at > now())
        as "inWindow",
      c.product_ids::text[] as "productIds",
      array(
        with recursive scope(id) as (
          select unnest(c.category_ids)
          union
          select child.id from categories child join scope on child.parent_id = scope.id
          where child.shop_id = c.shop_id
        )
        select id::text from scope
      ) as "categoryIds",
      (select count(*)::int from coupon_redemptions r
        where r.shop_id = c.shop_id and r.coupon_id = c.id and r.email = ${email ?? ''})
        as "redeemedByEmail"
    from coupons c
    where c.shop_id = ${shopId} and upper(c.code) = upper(${code})
    limit 1
  `);
}
