import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type ImageJson, imageJson, isoTimestamp, jsonArray, mediaFileJson } from '../../db/json';
import { lastPublishedChangeSql, publishedSlugsAfter } from '../../db/published-pages';
import { categories } from '../../db/schema';
import { isUuid } from '../../lib/uuid';
import type { CategoryDetail, CategoryListItem } from './schemas';

/** Which categories a list shows by parent: all, the top level, or the children of one. */
export type ParentFilter = { kind: 'all' } | { kind: 'top' } | { kind: 'of'; ref: string };

export type CategoryListParams = {
  shopId: string;
  page: number;
  limit: number;
  /** Already trimmed; undefined means no name filter. */
  term: string | undefined;
  parent: ParentFilter;
};

/** `%`, `_` and `\` match themselves in the LIKE pattern built from a search term. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

/**
 * SQL: a select of the whole `categories` row of the one published category of the shop
 * named by `ref`, its slug or its `_id`. When a uuid is one category's `_id` and another
 * category's slug, the `_id` wins. Every endpoint taking a category reference (GET
 * /categories/:id, the `parent` filter, the products `categories` filter, the
 * `/collections/:id` page of POST /config) finds it here. Use it as a derived table; it
 * yields no row when nothing matches.
 */
export const publishedCategoryByRef = (shopId: string, ref: string): SQL => {
  const id = isUuid(ref) ? ref.toLowerCase() : null;
  // A slug names at most one category of a shop (categories_shop_slug_uq), so it needs no
  // order: one would lead Postgres to walk the categories by id, misjudging how many share
  // the slug across shops, instead of reading the unique index.
  return id
    ? sql`select c.* from categories c
    where c.shop_id = ${shopId} and c.status = 'published'
      and (c.id = ${id}::uuid or c.slug = ${ref})
    order by (c.id = ${id}::uuid) desc, c.id limit 1`
    : sql`select c.* from categories c
    where c.shop_id = ${shopId} and c.status = 'published' and c.slug = ${ref}`;
};

/**
 * SQL: a select of the ids of the shop's published categories named by `refs` (each as
 * publishedCategoryByRef finds it). Self-contained, for `id in (...)`: the products
 * `categories` filter reads the cards of each, its subcategories' included, from
 * category_cards (kept by Postgres: a product in a category lists under every published
 * category above it, up to the first that is not published).
 */
export const publishedCategoryIds = (shopId: string, refs: string[]): SQL => sql`
  select r.id from (${sql.join(
    refs.map((ref) => sql`(${publishedCategoryByRef(shopId, ref)})`),
    sql` union all `,
  )}) r`;

/**
 * SQL: the page of the published category `ref` names as POST /config shows it, a JSON
 * scalar subquery (null when none): name, slug, description and its image (or header image)
 * as `{ id, filename, mimeType }`.
 */
export const categoryPageSql = (shopId: string, ref: string): SQL => sql`(
  select json_build_object('name', c.name, 'slug', c.slug, 'description', c.description,
      'image', (select ${mediaFileJson('m')} from media m
        where m.shop_id = c.shop_id and m.id = coalesce(c.image_id, c.header_image_id)))
  from (${publishedCategoryByRef(shopId, ref)}) c)`;

// The parent a client sees: the parent row only when it is published too, so a category
// under a hidden parent reads as top level (as the settings menu tree does).
const visibleParentJoin = sql`left join categories p
  on p.id = c.parent_id and p.shop_id = c.shop_id and p.status = 'published'`;

const hasChildren = (alias: string) => {
  const c = sql.raw(alias);
  return sql`exists (select 1 from categories ch
    where ch.shop_id = ${c}.shop_id and ch.parent_id = ${c}.id and ch.status = 'published')`;
};

const listItemFields = (c: string) => {
  const a = sql.raw(c);
  return sql`'_id', ${a}.id, 'name', ${a}.name, 'slug', ${a}.slug, 'featured', ${a}.featured,
    'parent', ${a}.parent, 'image', ${imageJson('m')}, 'hasChildren', ${hasChildren(c)}`;
};

function parentCondition(shopId: string, parent: ParentFilter): SQL {
  switch (parent.kind) {
    case 'all':
      return sql`true`;
    case 'top':
      return sql`p.id is null`;
    case 'of':
      return sql`p.id = (select r.id from (${publishedCategoryByRef(shopId, parent.ref)}) r)`;
  }
}

/**
 * One page of a shop's published categories, ordered by position then name, and the
 * number matching the filters, in one statement.
 */
export async function selectCategoryPage(
  db: Db,
  params: CategoryListParams,
): Promise<{ total: number; items: CategoryListItem[] }> {
  const { shopId, page, limit, term, parent } = params;
  const nameMatches = term
    ? sql`f_unaccent(lower(c.name)) like '%' || f_unaccent(lower(${escapeLike(term)})) || '%'`
    : sql`true`;
  const result = await db.execute(sql`
    with matched as (
      select c.id, c.shop_id, c.name, c.slug, c.featured, c.position, c.image_id, p.id as parent
      from categories c
      ${visibleParentJoin}
      where c.shop_id = ${shopId} and c.status = 'published'
        and ${nameMatches} and ${parentCondition(shopId, parent)}
    ),
    page as (
      select * from matched order by position, name, id
      limit ${limit} offset ${(page - 1) * limit}
    )
    select
      (select count(*)::int from matched) as total,
      (select coalesce(json_agg(json_build_object(${listItemFields('pg')})
          order by pg.position, pg.name, pg.id), '[]'::json)
        from page pg left join media m on m.id = pg.image_id and m.shop_id = pg.shop_id) as items
  `);
  const row = result.rows[0] as { total: number; items: CategoryListItem[] } | undefined;
  return { total: row?.total ?? 0, items: row?.items ?? [] };
}

/** One published category by slug or `_id` (publishedCategoryByRef), or null. */
export async function selectCategory(
  db: Db,
  shopId: string,
  ref: string,
): Promise<CategoryDetail | null> {
  const result = await db.execute(sql`
    select json_build_object(${listItemFields('c')},
        'description', c.description, 'date', ${isoTimestamp(sql`c.created_at`)},
        'headerImage', ${imageJson('h')}) as category
    from (
      select c.*, p.id as parent
      from (${publishedCategoryByRef(shopId, ref)}) c
      ${visibleParentJoin}
    ) c
    left join media m on m.id = c.image_id and m.shop_id = c.shop_id
    left join media h on h.id = c.header_image_id and h.shop_id = c.shop_id
  `);
  const row = result.rows[0] as { category: CategoryDetail } | undefined;
  return row?.category ?? null;
}

/** SQL: when a published category of the shop last changed (the sitemap), a scalar subquery. */
export const lastPublishedCategoryChangeSql = (shopId: string): SQL =>
  lastPublishedChangeSql(categories, shopId);

/** One page of the shop's published categories after `afterSlug`, by slug (the sitemap). */
export const selectPublishedCategorySlugs = (
  db: Db,
  shopId: string,
  afterSlug: string,
  limit: number,
) => publishedSlugsAfter(db, categories, shopId, afterSlug, limit);

/** A published category shown in the menu, as GET /settings lists it. */
export type MenuCategory = {
  _id: string;
  name: string;
  slug: string;
  featured: boolean;
  parent: string | null;
  image: ImageJson | null;
};

/** SQL: the shop's published menu categories as GET /settings lists them, a JSON array subquery. */
export const menuCategoriesSql = (shopId: string): SQL => sql`(select ${jsonArray(
  sql`json_build_object('_id', c.id, 'name', c.name, 'slug', c.slug, 'featured', c.featured,
    'parent', c.parent_id, 'image', ${imageJson('m')})`,
  sql`c.position, c.name`,
)} from categories c left join media m on m.id = c.image_id and m.shop_id = c.shop_id
  where c.shop_id = ${shopId}::uuid and c.status = 'published' and c.show_in_menu)`;
