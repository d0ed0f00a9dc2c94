import { type SQL, sql } from 'drizzle-orm';
import { uuidOrNull } from '../../lib/uuid';

/** An active shipping rate of the shop, as checkout prices it. */
export type RateRow = {
  id: string;
  title: string;
  priceMinor: number;
  /** Least order value (products after coupons) the rate serves; null for any. */
  minOrderMinor: number | null;
};
/** An active pickup point of the shop, as checkout prices it. */
export type PickupRow = { id: string; name: string; feeMinor: number };

/** SQL: the shop's active shipping rate `rateId` as a JSON `RateRow`, or null (also for a malformed id). */
export const shippingRateSql = (shopId: string, rateId: string | null | undefined): SQL => sql`(
  select json_build_object('id', r.id, 'title', r.title, 'priceMinor', r.price_minor,
      'minOrderMinor', r.min_order_minor)
  from shipping_rates r
  where r.shop_id = ${shopId} and r.id = ${uuidOrNull(rateId)}::uuid and r.active)`;

/** SQL: the shop's active pickup point `pickupId` as a JSON `PickupRow`, or null (also for a malformed id). */
export const pickupLocationSql = (shopId: string, pickupId: string | null | undefined): SQL => sql`(
  select json_build_object('id', p.id, 'name', p.name, 'feeMinor', p.fee_minor)
  from pickup_locations p
  where p.shop_id = ${shopId} and p.id = ${uuidOrNull(pickupId)}::uuid and p.active)`;
