import { type SQL, sql } from 'drizzle-orm';
import { jsonArray } from '../../db/json';

/** An active shipping rate of the shop, as checkout prices it. */
export type CheckoutRate = {
  id: string;
  title: string;
  priceMinor: number;
  /** Least order value (products after coupons) the rate serves; null for any. */
  minOrderMinor: number | null;
};

/** SQL: the shop's active shipping rate `rateId` (a uuid, or null for none) as a JSON `CheckoutRate`, or null. */
export const checkoutRateSql = (shop: SQL, rateId: SQL): SQL => sql`(
  select json_build_object('id', r.id, 'title', r.title, 'priceMinor', r.price_minor,
      'minOrderMinor', r.min_order_minor)
  from shipping_rates r
  where r.shop_id = ${shop} and r.id = ${rateId} and r.active)`;

/** An active shipping rate as GET /settings lists it. */
export type StorefrontRate = {
  _id: string;
  title: string;
  priceMinor: number;
  description: string;
  default: boolean;
  minOrderMinor: number | null;
};

/** SQL: the shop's active shipping rates as GET /settings lists them, in order, a JSON array subquery. */
export const storefrontRatesSql = (shopId: string): SQL =>
  sql`(select ${jsonArray(
    sql`json_build_object('_id', r.id, 'title', r.title, 'priceMinor', r.price_minor,
    'description', r.description, 'default', r.is_default, 'minOrderMinor', r.min_order_minor)`,
    sql`r.position, r.created_at`,
  )} from shipping_rates r where r.shop_id = ${shopId}::uuid and r.active)`;
