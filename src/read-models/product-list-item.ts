import { type SQL, sql } from 'drizzle-orm';
import { imageJson, isoTimestamp, jsonArray } from '../db/json';
import { actualPriceMinor, saleActive } from './prices';
import { listedReviewStats } from './product-ratings';

/*
 * The SQL building blocks of a product as the storefront sees it. Every fragment takes the
 * alias of a `products` row in the enclosing query and reads only that shop's rows.
 * Amounts are minor units; the service converts them at the edge.
 */

/**
 * SQL: a one-row subquery summarising a product's prices and stock, to join laterally.
 * Without variants: price, sale_price (only while a sale is active), actual_price; the
 * range columns are null. With variants: the three prices are null, min_price/max_price
 * span the active variants' actual prices. on_sale: a sale is active (on any active
 * variant). sellable: units on hand, null when stock is not tracked; for variant products
 * the sum over active tracked variants, null when none tracks stock, 0 when no variant is
 * active. in_stock: the product (one of its active variants) can be bought.
 */
export const productSummary = (p: string): SQL => {
  const a = sql.raw(p);
  return sql`(
    select sva.variants > 0 as has_variants,
      case when sva.variants = 0 then ${a}.price_minor end as price,
      case when sva.variants = 0 and ${saleActive(p)} then ${a}.sale_price_minor end as sale_price,
      case when sva.variants = 0 then ${actualPriceMinor(p)} end as actual_price,
      sva.min_price, sva.max_price,
      case when sva.variants > 0 then coalesce(sva.on_sale, false) else ${saleActive(p)} end
        as on_sale,
      case when sva.variants = 0 then (case when ${a}.track_stock then ${a}.stock end)
        when sva.active = 0 then 0
        else sva.tracked_stock end as sellable,
      case when sva.variants > 0 then coalesce(sva.available, false)
        else not ${a}.track_stock or ${a}.stock > 0 end as in_stock
    from (
      select count(*)::int as variants,
        count(*) filter (where sv.active)::int as active,
        (sum(sv.stock) filter (where sv.active and sv.track_stock))::int as tracked_stock,
        min(${actualPriceMinor('sv')}) filter (where sv.active) as min_price,
        max(${actualPriceMinor('sv')}) filter (where sv.active) as max_price,
        bool_or(${saleActive('sv')}) filter (where sv.active) as on_sale,
        bool_or(not sv.track_stock or sv.stock > 0) filter (where sv.active) as available
      from product_variants sv
      where sv.shop_id = ${a}.shop_id and sv.product_id = ${a}.id
    ) sva
  )`;
};

const categoryRef = (c: string): SQL => {
  const a = sql.raw(c);
  return sql`json_build_object('_id', ${a}.id, 'name', ${a}.name, 'slug', ${a}.slug)`;
};

/** SQL: the product's published categories as `{ _id, name, slug }`, in the merchant's order. */
export const productCategoriesJson = (p: string): SQL => {
  const a = sql.raw(p);
  return sql`(select ${jsonArray(categoryRef('pcc'), sql`pcl.position, pcc.name, pcc.id`)}
    from product_categories pcl
    join categories pcc on pcc.id = pcl.category_id and pcc.shop_id = pcl.shop_id
      and pcc.status = 'published'
    where pcl.shop_id = ${a}.shop_id and pcl.product_id = ${a}.id)`;
};

/** SQL: the primary category if published, else the first published category, else null. */
export const primaryCategoryJson = (p: string): SQL => {
  const a = sql.raw(p);
  return sql`coalesce(
    (select ${categoryRef('pc1')} from categories pc1
      where pc1.shop_id = ${a}.shop_id and pc1.id = ${a}.primary_category_id
        and pc1.status = 'published'),
    (select ${categoryRef('pc2')} from product_categories pcl2
      join categories pc2 on pc2.id = pcl2.category_id and pc2.shop_id = pcl2.shop_id
        and pc2.status = 'published'
      where pcl2.shop_id = ${a}.shop_id and pcl2.product_id = ${a}.id
      order by pcl2.position, pc2.name, pc2.id limit 1))`;
};

/**
 * SQL: the product's image at `index` (0 = primary, 1 = secondary) by position, or null;
 * `json` builds it from the `media` row (the contract's image object by default).
 */
export const productImageJson = (
  p: string,
  index: number,
  json: (media: string) => SQL = imageJson,
): SQL => {
  const a = sql.raw(p);
  return sql`(select ${json('pim')} from product_media ppm
    join media pim on pim.id = ppm.media_id and pim.shop_id = ppm.shop_id
    where ppm.shop_id = ${a}.shop_id and ppm.product_id = ${a}.id
    order by ppm.position, ppm.media_id limit 1 offset ${sql.raw(String(index))})`;
};

/** SQL: `in-stock` / `out-of-stock` from a boolean expression. */
export const stockStatus = (inStock: SQL): SQL =>
  sql`(case when ${inStock} then 'in-stock' else 'out-of-stock' end)`;

/**
 * SQL: the product list item (the contract's "Product (list item)") of the product aliased
 * `p`, as JSON with amounts in minor units. List, best sellers, similar products, cart
 * similarities and search all build their items with this one fragment.
 *
 * `reviewAggregate` holds one entry per product with approved, visible reviews:
 * `{ _id: <product _id>, count, average }`; it is empty without reviews.
 */
export const productListItemJson = (p: string): SQL => {
  const a = sql.raw(p);
  return sql`(select json_build_object(
      '_id', ${a}.id, 'title', ${a}.title, 'slug', ${a}.slug, 'featured', ${a}.featured,
      'hasVariantions', ps.has_variants, 'date', ${isoTimestamp(sql`${a}.created_at`)},
      'categories', ${productCategoriesJson(p)}, 'primaryCategory', ${primaryCategoryJson(p)},
      'primaryImage', ${productImageJson(p, 0)}, 'secondaryImage', ${productImageJson(p, 1)},
      'price', ps.price, 'salePrice', ps.sale_price, 'onSale', ps.on_sale,
      'actualPrice', ps.actual_price, 'minPrice', ps.min_price, 'maxPrice', ps.max_price,
      'sku', ${a}.sku, 'status', ${stockStatus(sql`ps.in_stock`)}, 'sellable', ps.sellable,
      'reviewAggregate', case when rs.count = 0 then '[]'::json else json_build_array(
        json_build_object('_id', ${a}.id, 'count', rs.count, 'average', rs.average)) end,
      'reviewCount', rs.count, 'averageRating', rs.average)
    from ${productSummary(p)} ps, ${listedReviewStats(p)} rs)`;
};
