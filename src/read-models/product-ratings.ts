import { type SQL, sql } from 'drizzle-orm';

/*
 * A product's rating as the storefront shows it, from its listed reviews: the review list and
 * summary (src/modules/reviews/) and every product list item and card read it from here.
 */

/**
 * SQL: the review aliased `r` is listed (anyone may see it and it counts in every rating):
 * approved and not hidden by the merchant.
 */
export const listedReview = (r: string): SQL => {
  const a = sql.raw(r);
  return sql`(${a}.status = 'approved' and not ${a}.hidden)`;
};

/**
 * SQL: a one-row subquery over the listed reviews of the product aliased `p`, to join
 * laterally: `count`, and `average`, the mean rating rounded to one decimal (0 without
 * reviews). Product list items and the review summary both read it.
 */
export const listedReviewStats = (p: string): SQL => {
  const a = sql.raw(p);
  return sql`(
    select count(*)::int as count, coalesce(round(avg(lr.rating), 1), 0) as average
    from reviews lr
    where lr.shop_id = ${a}.shop_id and lr.product_id = ${a}.id and ${listedReview('lr')}
  )`;
};
