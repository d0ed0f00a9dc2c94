import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import type { Db, Tx } from '../../db/client';
import { isoTimestamp, jsonArray } from '../../db/json';
import { products } from '../../db/schema/index';
import { isUuid } from '../../lib/uuid';
import { holdsEveryWord } from '../../read-models/search';
import type { Product } from './admin-schemas';

/*
 * The product as the merchant API shows it, built by Postgres in one statement: the row,
 * its links, options, variants and files. Every fragment reads only the product's shop.
 */

type Runner = Db | Tx;

const iso = (column: SQL) =>
  sql`case when ${column} is null then null else ${isoTimestamp(column)} end`;

/** SQL: stored parcel dimensions (camelCase jsonb) as the API shows them, or null. */
const shippingJson = (column: SQL) => sql`case when ${column} is null then null else
  json_build_object('weight', ${column}->'weight', 'length', ${column}->'length',
    'width', ${column}->'width', 'height', ${column}->'height',
    'weight_unit', ${column}->'weightUnit', 'measurement_unit', ${column}->'measurementUnit') end`;

/** SQL: the sellable fields of the product or variant row aliased `a`. */
const sellableJson = (a: SQL) => sql`'sku', ${a}.sku, 'price', ${a}.price_minor,
  'sale_price', ${a}.sale_price_minor,
  'sale_starts_at', ${iso(sql`${a}.sale_starts_at`)}, 'sale_ends_at', ${iso(sql`${a}.sale_ends_at`)},
  'track_stock', ${a}.track_stock, 'stock', ${a}.stock,
  'has_shipping', ${a}.has_shipping, 'shipping', ${shippingJson(sql`${a}.shipping`)}`;

const optionsJson = (p: SQL) =>
  sql`(select ${jsonArray(
    sql`json_build_object('id', ao.id, 'name', ao.name, 'position', ao.position,
    'values', (select ${jsonArray(sql`json_build_object('id', av.id, 'value', av.value)`, sql`av.position, av.id`)}
      from product_option_values av where av.shop_id = ao.shop_id and av.option_id = ao.id))`,
    sql`ao.position, ao.id`,
  )} from product_options ao where ao.shop_id = ${p}.shop_id and ao.product_id = ${p}.id)`;

const variantsJson = (p: SQL) =>
  sql`(select ${jsonArray(
    sql`json_build_object('id', vv.id, 'object', 'product_variant',
    'option_values', (select ${jsonArray(sql`kv.value`, sql`ko.position, ko.id`)}
      from product_options ko
      join product_option_values kv on kv.shop_id = ko.shop_id and kv.option_id = ko.id
      where ko.shop_id = vv.shop_id and ko.product_id = vv.product_id
        and strpos(vv.key, kv.id::text) > 0),
    'key', vv.key, 'position', vv.position, ${sellableJson(sql`vv`)}, 'active', vv.active,
    'media', (select ${jsonArray(sql`json_build_object('media_id', vm.media_id, 'position', vm.position)`, sql`vm.position, vm.media_id`)}
      from variant_media vm where vm.shop_id = vv.shop_id and vm.variant_id = vv.id))`,
    sql`vv.position, vv.id`,
  )} from product_variants vv where vv.shop_id = ${p}.shop_id and vv.product_id = ${p}.id)`;

/**
 * SQL: the version the merchant API shows for the product row `p` (its ETag): what raises
 * the row's own `version` (an edit) plus every change of units on hand of the product and its
 * variants (a sale, a restock, an adjustment), so a read taken before a sale no longer
 * matches after it. Each part only rises; a removed variant's moves are carried into the
 * row's `version` (retireVariants), so the sum never falls back to a value it had.
 */
export const productVersion = (p: SQL): SQL => sql`(${p}.version + ${p}.stock_moves
  + coalesce((select sum(vm.stock_moves) from product_variants vm
      where vm.shop_id = ${p}.shop_id and vm.product_id = ${p}.id), 0))::int`;

/** SQL: the merchant API's product object of the `products` row aliased `alias`. */
export const productViewJson = (alias: string): SQL => {
  const p = sql.raw(alias);
  return sql`json_build_object('id', ${p}.id, 'object', 'product', 'title', ${p}.title,
    'slug', ${p}.slug, 'description', ${p}.description, 'status', ${p}.status,
    'featured', ${p}.featured, 'seo_title', ${p}.seo_title,
    'seo_description', ${p}.seo_description, 'vendor', ${p}.vendor,
    'tags', to_json(${p}.tags),
    'category_ids', (select ${jsonArray(sql`pc.category_id`, sql`pc.position, pc.category_id`)}
      from product_categories pc where pc.shop_id = ${p}.shop_id and pc.product_id = ${p}.id),
    'primary_category_id', ${p}.primary_category_id,
    'media', (select ${jsonArray(sql`json_build_object('media_id', pm.media_id, 'position', pm.position)`, sql`pm.position, pm.media_id`)}
      from product_media pm where pm.shop_id = ${p}.shop_id and pm.product_id = ${p}.id),
    ${sellableJson(p)}, 'is_digital', ${p}.is_digital,
    'options', ${optionsJson(p)}, 'variants', ${variantsJson(p)},
    'digital_files', (select ${jsonArray(
      sql`json_build_object('id', df.id, 'title', df.title, 'filename', df.filename,
        'mime_type', df.mime_type, 'size_bytes', df.size_bytes)`,
      sql`df.created_at, df.id`,
    )} from digital_files df
      where df.shop_id = ${p}.shop_id and df.product_id = ${p}.id and df.active),
    'redirect_slugs', (select ${jsonArray(sql`rs.slug`, sql`rs.created_at, rs.slug`)}
      from product_slug_redirects rs where rs.shop_id = ${p}.shop_id and rs.product_id = ${p}.id),
    'version', ${productVersion(p)}, 'created_at', ${isoTimestamp(sql`${p}.created_at`)},
    'updated_at', ${isoTimestamp(sql`${p}.updated_at`)})`;
};

/** One product of the shop as the API shows it, or null (one statement). */
export async function selectProductView(
  db: Runner,
  shopId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<Product | null> {
  if (!isUuid(id)) return null;
  const result = await db.execute(sql`
    select ${productViewJson('p')} as product from products p
    where p.shop_id = ${shopId} and p.id = ${id}
    ${options.lock ? sql`for update of p` : sql``}`);
  const row = result.rows[0] as { product: Product } | undefined;
  return row?.product ?? null;
}

/** The id of the shop's product whose current slug is `slug`, locked, or null. */
export async function lockProductBySlug(tx: Tx, shopId: string, slug: string) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.shopId, shopId), eq(products.slug, slug)))
    .for('update');
  return row?.id ?? null;
}

export type ProductFilters = {
  shopId: string;
  status?: string | undefined;
  category?: string | undefined;
  tag?: string | undefined;
  query?: string | undefined;
};

/** SQL: the list filters, on the unaliased `products` table. */
const filtersOf = (f: ProductFilters): SQL[] => {
  const out: SQL[] = [];
  if (f.status) out.push(sql`${products.status} = ${f.status}`);
  if (f.category) {
    out.push(sql`exists (select 1 from product_categories fc
      where fc.shop_id = ${products.shopId} and fc.product_id = ${products.id}
        and fc.category_id = ${f.category})`);
  }
  if (f.tag) {
    out.push(
      // The whole tag in any case, through products_shop_tag_keys_idx.
      sql`public.product_tag_keys(${products.tags}) @> array[lower(${f.tag})]::text[]`,
    );
  }
  if (f.query) {
    const like = `%${f.query.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;
    out.push(sql`(${products.title} ilike ${like} or ${products.slug} ilike ${like}
      or ${products.sku} ilike ${like}
      or exists (select 1 from unnest(${products.tags}) qt where qt ilike ${like})
      or exists (select 1 from product_variants fv where fv.shop_id = ${f.shopId}
        and fv.product_id = ${products.id} and fv.sku ilike ${like})
      or (${products.status} = 'published'
        and ${holdsEveryWord(sql`${products.searchVector}`, sql`${f.shopId}::uuid`, sql`${f.query}::text`)}))`);
  }
  return out;
};

/** One page of the shop's products (the keyset from listPage), filtered, in one statement. */
export async function selectProductPage(
  db: Db,
  keyset: Keyset,
  filters: ProductFilters,
): Promise<Product[]> {
  const rows = await db
    .select({ product: sql<Product>`${productViewJson('products')}` })
    .from(products)
    .where(and(keyset.where, ...filtersOf(filters)))
    .orderBy(...(keyset.orderBy.length ? keyset.orderBy : [desc(products.createdAt)]))
    .limit(keyset.limit);
  return rows.map((row) => row.product);
}
