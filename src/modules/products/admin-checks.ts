import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { arrayOf } from '../../db/json';
import { ApiError, type ErrorDetail } from '../../errors/index';
import { refuse } from './admin-plan';
import type { ProductUpdate, Warning } from './admin-schemas';

/*
 * What a product write must know about the rest of the shop, asked in one statement: do
 * the categories, images and files it names belong to the shop, is the slug free, which of
 * its SKUs are used elsewhere.
 */

export type CheckInput = {
  productId: string | null;
  input: ProductUpdate;
  /** The slug the product will have, when it changes (or is new). */
  slug: string | null;
  /** A slug made from the title: taken ones get a number (`shirt-2`) instead of a 409. */
  generated: boolean;
};

type CheckRow = {
  missing_categories: string[];
  missing_media: string[];
  missing_files: string[];
  slug_taken: boolean;
  similar_slugs: string[];
  used_skus: string[];
};

const uuids = (ids: Array<string | null | undefined>) => [
  ...new Set(ids.filter((id): id is string => !!id)),
];

/** The SKUs the request sets, each with the field that sets it. */
function skusOf(input: ProductUpdate): Array<{ field: string; sku: string }> {
  const out: Array<{ field: string; sku: string }> = [];
  if (input.sku) out.push({ field: 'sku', sku: input.sku });
  input.variants?.forEach((v, i) => {
    if (v.sku) out.push({ field: `variants.${i}.sku`, sku: v.sku });
  });
  return out;
}

/** Problems naming each id the shop does not have. */
function missingDetails(input: ProductUpdate, row: CheckRow): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const flag = (ids: string[], field: string, missing: string[], what: string) => {
    ids.forEach((id, i) => {
      if (missing.includes(id))
        details.push({ field: `${field}.${i}`, message: `No such ${what} in this shop.` });
    });
  };
  flag(input.category_ids ?? [], 'category_ids', row.missing_categories, 'category');
  if (input.primary_category_id && row.missing_categories.includes(input.primary_category_id)) {
    details.push({ field: 'primary_category_id', message: 'No such category in this shop.' });
  }
  flag(
    (input.media ?? []).map((m) => m.media_id),
    'media',
    row.missing_media,
    'media file',
  );
  for (const [i, v] of (input.variants ?? []).entries()) {
    const ids = (v.media ?? []).map((m) => m.media_id);
    flag(ids, `variants.${i}.media`, row.missing_media, 'media file');
  }
  flag(input.digital_file_ids ?? [], 'digital_file_ids', row.missing_files, 'digital file');
  return details;
}

/** The first free slug among `base`, `base-2`, `base-3`, … */
const freeSlug = (base: string, taken: string[]) => {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.includes(`${base}-${n}`)) return `${base}-${n}`;
};

/**
 * Checks a write against the shop: unknown ids are 422 naming each field, a slug another
 * product has is 409 PRODUCT_SLUG_TAKEN (a generated one gets a number instead). Answers
 * the slug to use and a warning for each SKU used elsewhere in the shop or in the request.
 */
export async function checkAgainstShop(tx: Tx, shopId: string, c: CheckInput) {
  const { input } = c;
  const categories = uuids([...(input.category_ids ?? []), input.primary_category_id]);
  const media = uuids([
    ...(input.media ?? []).map((m) => m.media_id),
    ...(input.variants ?? []).flatMap((v) => (v.media ?? []).map((m) => m.media_id)),
  ]);
  const files = uuids(input.digital_file_ids ?? []);
  const skus = skusOf(input);
  const self = c.productId ?? '00000000-0000-0000-0000-000000000000';
  const missing = (table: string, ids: string[]) =>
    sql`(select coalesce(array_agg(x), '{}') from unnest(${arrayOf(ids, 'uuid')}) x
      where not exists (select 1 from ${sql.raw(table)} t where t.shop_id = ${shopId} and t.id = x))`;
  const result = await tx.execute(sql`select
    ${missing('categories', categories)} as missing_categories,
    ${missing('media', media)} as missing_media,
    ${missing('digital_files', files)} as missing_files,
    exists (select 1 from products p where p.shop_id = ${shopId} and p.slug = ${c.slug}
      and p.id <> ${self}) as slug_taken,
    (select coalesce(array_agg(p.slug), '{}') from products p where p.shop_id = ${shopId}
      and p.id <> ${self} and ${c.generated}
      and (p.slug = ${c.slug} or p.slug ~ ('^' || ${c.slug ?? ''} || '-[0-9]+$'))) as similar_slugs,
    (select coalesce(array_agg(distinct u.sku), '{}') from (
      select p.sku from products p where p.shop_id = ${shopId} and p.id <> ${self}
        and p.sku = any(${arrayOf(
          skus.map((s) => s.sku),
          'text',
        )})
      union all
      select v.sku from product_variants v where v.shop_id = ${shopId} and v.product_id <> ${self}
        and v.sku = any(${arrayOf(
          skus.map((s) => s.sku),
          'text',
        )})) u) as used_skus`);
  const row = result.rows[0] as CheckRow;
  refuse(missingDetails(input, row));
  let slug = c.slug;
  if (slug !== null && row.slug_taken) {
    if (!c.generated) {
      throw new ApiError('PRODUCT_SLUG_TAKEN', {
        details: [{ field: 'slug', message: 'Another product of the shop has this slug.' }],
      });
    }
    slug = freeSlug(slug, row.similar_slugs);
  }
  const warnings: Warning[] = skus.flatMap(({ field, sku }, i) =>
    row.used_skus.includes(sku) || skus.findIndex((s) => s.sku === sku) !== i
      ? [
          {
            code: 'DUPLICATE_SKU' as const,
            field,
            message: `The SKU ${sku} is also used by another product or variant of the shop.`,
          },
        ]
      : [],
  );
  return { slug, warnings };
}

/** A slug from a title: lower-case ASCII words joined by hyphens (`product` when none). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '')
    .slice(0, 180)
    .replace(/-+$/, '');
  return slug || 'product';
}
