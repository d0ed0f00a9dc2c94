import { type SQL, sql } from 'drizzle-orm';
import { isUuid } from '../../../lib/uuid';

/*
 * How a client names a product: by slug or by `_id`. Every endpoint that takes a product
 * reference (GET /products/:id, /products/variants, /products/variant-details,
 * /products/similar/:id and the `/product/:id` page of POST /config) finds it here, so one
 * reference always means one product.
 */

/** SQL: the product aliased `p` is one a client names by slug or `_id` (maybe two rows). */
const refersTo = (p: string, ref: string): SQL => {
  const a = sql.raw(p);
  return isUuid(ref)
    ? sql`(${a}.id = ${ref.toLowerCase()}::uuid or ${a}.slug = ${ref})`
    : sql`${a}.slug = ${ref}`;
};

/** SQL order putting an `_id` match before a slug match (a slug may look like an id). */
const idMatchFirst = (p: string, ref: string): SQL => {
  const a = sql.raw(p);
  return isUuid(ref) ? sql`(${a}.id = ${ref.toLowerCase()}::uuid) desc, ${a}.id` : sql`${a}.id`;
};

/**
 * SQL: a select of the whole `products` row of the one published product of the shop named
 * by `ref`, its slug or its `_id`. When a uuid is one product's `_id` and another product's
 * slug, the `_id` wins. Use it as a CTE body or a derived table; it yields no row when
 * nothing matches.
 */
export const publishedProductByRef = (shopId: string, ref: string): SQL => sql`
  select p.* from products p
  where p.shop_id = ${shopId} and p.status = 'published' and ${refersTo('p', ref)}
  order by ${idMatchFirst('p', ref)} limit 1`;

/** SQL: the CTE `target` holding the product `ref` names (see publishedProductByRef). */
export const targetProduct = (shopId: string, ref: string): SQL =>
  sql`target as (${publishedProductByRef(shopId, ref)})`;
