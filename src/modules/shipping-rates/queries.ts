import { type SQL, sql } from 'drizzle-orm';
import { uuidOrNull } from '../../lib/uuid';

/** An active shipping rate of the shop, as checkout prices it. */
export type CheckoutRate = {
  id: string;
  title: string;
  priceMinor: number;
  /** Least order value (products after coupons) the rate serves; null for any. */
  minOrderMinor: number | null;
};

/** SQL: the shop's active shipping rate `rateId` as a JSON `CheckoutRate`, or null (also for a malformed id). */
export const checkoutRateSql = (shopId: string, rateId: string | null | undefined): SQL => sql`(
  select json_build_object('id', r.id, 'title', r.title, 'priceMinor', r.price_minor,
      'minOrderMinor', r.min_order_minor)
  from shipping_rates r
  where r.shop_id = ${shopId} and r.id = ${uuidOrNull(rateId)}::uuid and r.active)`;
