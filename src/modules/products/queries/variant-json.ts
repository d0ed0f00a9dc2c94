import { type SQL, sql } from 'drizzle-orm';
import { imageJson, jsonArray } from '../../../db/json';
import { actualPriceMinor, saleActive } from '../../../read-models/prices';
import { stockStatus } from '../../../read-models/product-list-item';

/*
 * SQL for options and variants. A variant's key is its option value ids joined with '-'
 * in option order (position, then id), so the values of a key are the option values of
 * the product whose id the key contains.
 */

/** Options in the order a variation key lists them. */
const OPTION_ORDER = sql`ko.position, ko.id`;

/** SQL (FROM clause): options `ko` and the value `kv` of each one that `key` names. */
const keyValues = (key: SQL, p: string): SQL => {
  const a = sql.raw(p);
  return sql`product_options ko
    join product_option_values kv on kv.shop_id = ko.shop_id and kv.option_id = ko.id
    where ko.shop_id = ${a}.shop_id and ko.product_id = ${a}.id
      and strpos(${key}, kv.id::text) > 0`;
};

const valueRef = sql`json_build_object('_id', kv.id, 'value', kv.value)`;

/** SQL: the options of the product aliased `p`, each with its values, in option order. */
export const productOptionsJson = (p: string): SQL => {
  const a = sql.raw(p);
  return sql`(select ${jsonArray(
    sql`json_build_object('_id', ko.id, 'name', ko.name, 'position', ko.position,
      'values', (select ${jsonArray(sql`json_build_object('_id', ov.id, 'value', ov.value)`, sql`ov.position, ov.id`)}
        from product_option_values ov where ov.shop_id = ko.shop_id and ov.option_id = ko.id))`,
    OPTION_ORDER,
  )} from product_options ko where ko.shop_id = ${a}.shop_id and ko.product_id = ${a}.id)`;
};

/**
 * SQL: the pre-selected values `[{ _id, name, value: { _id, value } }]` of the product
 * aliased `p`: those of its default variant when set and active, else of the first active
 * in-stock variant, else the first active one, else the first variant (by position).
 */
export const defaultOptionsJson = (p: string): SQL => {
  const a = sql.raw(p);
  return sql`(select ${jsonArray(
    sql`json_build_object('_id', ko.id, 'name', ko.name, 'value', ${valueRef})`,
    OPTION_ORDER,
  )} from (
      select dv.key from product_variants dv
      where dv.shop_id = ${a}.shop_id and dv.product_id = ${a}.id
      order by (dv.active and dv.id = ${a}.default_variant_id) is true desc,
        (dv.active and (not dv.track_stock or dv.stock > 0)) desc,
        dv.active desc, dv.position, dv.id
      limit 1
    ) dk, ${keyValues(sql`dk.key`, p)})`;
};

const positionedImage = (m: string, position: SQL) =>
  sql`(${imageJson(m)})::jsonb || jsonb_build_object('position', ${position})`;

/**
 * SQL: the contract's variant object for the variant aliased `v` of the product aliased
 * `p`, amounts in minor units. `shipping` falls back to the product's dimensions and is
 * null when the variant ships nothing; `primaryImage` is the variant's first image, else
 * the product's.
 */
export const variantJson = (v: string, p: string): SQL => {
  const va = sql.raw(v);
  const pa = sql.raw(p);
  return sql`json_build_object(
    '_id', ${va}.id, 'key', ${va}.key, 'position', ${va}.position,
    'optionsValues', (select ${jsonArray(
      sql`json_build_object('key', json_build_object('_id', ko.id, 'name', ko.name),
        'value', ${valueRef})`,
      OPTION_ORDER,
    )} from ${keyValues(sql`${va}.key`, p)}),
    'sku', ${va}.sku, 'trackStock', ${va}.track_stock,
    'status', ${stockStatus(sql`(not ${va}.track_stock or ${va}.stock > 0)`)},
    'sellable', case when ${va}.track_stock then ${va}.stock end,
    'price', ${va}.price_minor,
    'salePrice', case when ${saleActive(v)} then ${va}.sale_price_minor end,
    'actualPrice', ${actualPriceMinor(v)}, 'onSale', ${saleActive(v)},
    'hasShipping', ${va}.has_shipping,
    'shipping', case when ${va}.has_shipping then coalesce(${va}.shipping, ${pa}.shipping) end,
    'media', (select ${jsonArray(positionedImage('vmm', sql`vml.position`), sql`vml.position, vml.media_id`)}
      from variant_media vml
      join media vmm on vmm.id = vml.media_id and vmm.shop_id = vml.shop_id
      where vml.shop_id = ${va}.shop_id and vml.variant_id = ${va}.id),
    'primaryImage', coalesce(
      (select ${positionedImage('vpm', sql`vpl.position`)} from variant_media vpl
        join media vpm on vpm.id = vpl.media_id and vpm.shop_id = vpl.shop_id
        where vpl.shop_id = ${va}.shop_id and vpl.variant_id = ${va}.id
        order by vpl.position, vpl.media_id limit 1),
      (select ${positionedImage('ppm', sql`ppl.position`)} from product_media ppl
        join media ppm on ppm.id = ppl.media_id and ppm.shop_id = ppl.shop_id
        where ppl.shop_id = ${pa}.shop_id and ppl.product_id = ${pa}.id
        order by ppl.position, ppl.media_id limit 1)))`;
};
