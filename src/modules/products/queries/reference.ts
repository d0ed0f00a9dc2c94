import { type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../../lib/uuid';

/*
 * How a client names a product: by slug or by `_id`. Every endpoint that takes a product
 * reference (GET /products/:id, /products/variants, /products/variant-details,
 * /products/similar/:id and the `/product/:id` page of POST /config) finds it here, so one
 * reference always means one product.
 */

/**
 * SQL: a select of the whole `products` row of the one published product of the shop
 * `shop` named by `ref` (text): its `_id` (`refId`: `ref` as a uuid, or null when it is not
 * one), its slug, or a slug it had before (Shopify's URL redirects). When a uuid is one
 * product's `_id` and another product's slug, the `_id` wins; a current slug wins over a
 * redirect. Use it as a CTE body or a derived table; it yields no row when nothing matches.
 * Written with SQL arguments so a database function can run it (`product_detail`).
 */
export const productByRefQuery = (shop: SQL, ref: SQL, refId: SQL): SQL => sql`
  select p.* from products p
  where p.shop_id = ${shop} and p.status = 'published'
    and (p.id = ${refId} or p.slug = ${ref} or p.id = (select r.product_id
      from product_slug_redirects r where r.shop_id = ${shop} and r.slug = ${ref}))
  order by coalesce(p.id = ${refId}, false) desc, (p.slug = ${ref}) desc, p.id limit 1`;

/** SQL: the arguments of `productByRefQuery` for a request's `ref`. */
export const refArguments = (shopId: string, ref: string) => ({
  shop: sql`${shopId}::uuid`,
  ref: sql`${ref}::text`,
  refId: sql`${isUuid(ref) ? ref.toLowerCase() : null}::uuid`,
});

/** SQL: `productByRefQuery` for a request's `ref`. */
export const publishedProductByRef = (shopId: string, ref: string): SQL => {
  const a = refArguments(shopId, ref);
  return productByRefQuery(a.shop, a.ref, a.refId);
};

/** SQL: the CTE `target` holding the product `ref` names (see publishedProductByRef). */
export const targetProduct = (shopId: string, ref: string): SQL =>
  sql`target as (${publishedProductByRef(shopId, ref)})`;
