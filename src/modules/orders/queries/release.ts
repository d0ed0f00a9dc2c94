import { type SQL, sql } from 'drizzle-orm';

/**
 * CTEs adding back to stock the quantities of the CTE `from` (`product_id`, `variant_id`,
 * `quantity`): `held` sums them per product or variant, `products_back` and `variants_back`
 * add them, in the same statement as what produced them.
 */
export function stockBackCtes(shopId: string, from: string): SQL {
  const source = sql.raw(from);
  return sql`held as (
      select product_id, variant_id, sum(quantity)::int as quantity
      from ${source} group by product_id, variant_id
    ), products_back as (
      update products p set stock = p.stock + h.quantity, updated_at = now()
      from held h where p.shop_id = ${shopId} and h.variant_id is null and p.id = h.product_id
    ), variants_back as (
      update product_variants v set stock = v.stock + h.quantity, updated_at = now()
      from held h where v.shop_id = ${shopId} and v.id = h.variant_id
    )`;
}

/**
 * CTEs giving back what the orders of the CTE `released` (one `id` column) held, the one
 * rule for every release (a merchant's cancel or refund with restock, an expired checkout):
 *
 * - `given_back`, `held`, `products_back`, `variants_back`: the stock their lines took and
 *   still hold (a refund may have given part of a line back already).
 *   Each line that took stock is marked as no longer holding it in the statement that adds
 *   its quantity back, so stock comes back exactly once however often a release runs (a
 *   line that never took stock gives none, even if tracking was switched on since).
 * - `redemptions`, `coupons_back` (with `coupons: true`): their coupon use; the redemption
 *   goes, so the customer's own use comes back too.
 */
export function releaseCtes(shopId: string, options: { coupons: boolean }): SQL {
  const stock = sql`
    given_back as (
      update order_lines l set stock_taken = false
      from released r where l.shop_id = ${shopId} and l.order_id = r.id and l.stock_taken
      returning l.id, l.product_id, l.variant_id, l.quantity - l.restocked_quantity as quantity
    ), ${stockBackCtes(shopId, 'given_back')}`;
  if (!options.coupons) return stock;
  return sql`${stock}, redemptions as (
      delete from coupon_redemptions cr using released r
      where cr.shop_id = ${shopId} and cr.order_id = r.id
      returning cr.coupon_id
    ), coupons_back as (
      update coupons c set used_count = greatest(c.used_count - 1, 0), updated_at = now()
      from redemptions x where c.shop_id = ${shopId} and c.id = x.coupon_id
    )`;
}
