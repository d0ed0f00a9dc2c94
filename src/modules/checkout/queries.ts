import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uuidOrNull } from '../../lib/uuid';
import { type CartLineInput, type CartLineRow, cartLinesSelect } from '../products/queries/pricing';

/** One cart line priced from the catalogue, with what checkout needs beyond cart hydration. */
export type CatalogRow = CartLineRow & {
  has_shipping: boolean | null;
  category_ids: string[];
};

/**
 * The statement pricing `items` from the catalogue now: the catalogue's own cart pricing
 * (`cartLinesSelect`, the SQL cart hydration uses, so a cart and its order can never
 * disagree) plus what checkout needs beyond it: whether a line is delivered and the
 * product's categories (coupon scope). Unexecuted, so it can join a batch.
 */
export function selectCartCatalog(db: Db, shopId: string, items: CartLineInput[]) {
  return db.execute<CatalogRow>(sql`
    with lines as (${cartLinesSelect(shopId, items)})
    select l.*, coalesce(v.has_shipping, p.has_shipping) as has_shipping,
      array_remove(array(select pc.category_id::text from product_categories pc
        where pc.shop_id = p.shop_id and pc.product_id = p.id) || p.primary_category_id::text, null)
        as category_ids
    from lines l
    left join products p on p.shop_id = ${shopId} and p.id = l.product_id
    left join product_variants v on v.shop_id = ${shopId} and v.id = l.variant_id
    order by l.i
  `);
}

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
