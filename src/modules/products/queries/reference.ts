import { type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../../lib/uuid';

/*
 * How a client names a product: by slug or by `_id`. Every endpoint that takes a product
 * reference (GET /products/:id, /products/variants, /products/variant-details,
 * /products/similar/:id and the `/product/:id` page of POST /config) finds it here, so one
 * reference always means one product.
 */

/**
 * SQL: the product aliased `p` is one a client names by slug, by a former slug (a redirect
 * kept when its slug changed) or by `_id` (maybe several rows).
 */
const refersTo = (p: string, shopId: string, ref: string): SQL => {
  const a = sql.raw(p);
  const redirected = sql`${a}.id = (select r.product_id from product_slug_redirects r
    where r.shop_id = ${shopId} and r.slug = ${ref})`;
  return isUuid(ref)
    ? sql`(${a}.id = ${ref.toLowerCase()}::uuid or ${a}.slug = ${ref} or ${redirected})`
    : sql`(${a}.slug = ${ref} or ${redirected})`;
};

/** SQL order: an `_id` match (a slug may look like an id), then a current slug, then a redirect. */
const bestMatchFirst = (p: string, ref: string): SQL => {
  const a = sql.raw(p);
  const slugFirst = sql`(${a}.slug = ${ref}) desc, ${a}.id`;
  return isUuid(ref) ? sql`(${a}.id = ${ref.toLowerCase()}::uuid) desc, ${slugFirst}` : slugFirst;
};

/**
 * SQL: a select of the whole `products` row of the one published product of the shop named
 * by `ref`: its `_id`, its slug, or a slug it had before (Shopify's URL redirects). When a
 * uuid is one product's `_id` and another product's slug, the `_id` wins; a current slug
 * wins over a redirect. Use it as a CTE body or a derived table; it yields no row when
 * nothing matches.
 */
export const publishedProductByRef = (shopId: string, ref: string): SQL => sql`
  select p.* from products p
  where p.shop_id = ${shopId} and p.status = 'published' and ${refersTo('p', shopId, ref)}
  order by ${bestMatchFirst('p', ref)} limit 1`;

/** SQL: the CTE `target` holding the product `ref` names (see publishedProductByRef). */
export const targetProduct = (shopId: string, ref: string): SQL =>
  sql`target as (${publishedProductByRef(shopId, ref)})`;
