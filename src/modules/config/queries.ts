import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoTimestamp, mediaFileJson } from '../../db/json';
import { categories, products } from '../../db/schema';
import { type StorefrontHostRow, storefrontHostJson } from '../../identity/storefront-origin';

export type MediaRow = { id: string; filename: string; mimeType: string };

export type ProductPageRow = {
  title: string;
  slug: string;
  description: string;
  /** The merchant's SEO title and meta description; empty when not set. */
  seoTitle: string;
  seoDescription: string;
  image: MediaRow | null;
};
export type CategoryPageRow = {
  name: string;
  slug: string;
  description: string;
  image: MediaRow | null;
};
export type PolicyPageRow = { type: string; title: string; content: string };
export type PageRow = ProductPageRow | CategoryPageRow | PolicyPageRow;

export type PageContextRow = {
  name: string;
  document: unknown;
  storefront: StorefrontHostRow | null;
  /** Whether the absolute URL's host is one of the shop's domains (null for a path). */
  hostIsDomain: boolean | null;
  /** The SEO icon and the logo, when the document names them. */
  images: MediaRow[];
  page: PageRow | null;
};

/**
 * SQL: the policy page of `type` as POST /config shows it, a JSON scalar subquery (null when
 * the shop has none): type, title and content.
 */
export const policyPageSql = (shopId: string, type: string): SQL => sql`(
  select json_build_object('type', po.type, 'title', po.title, 'content', po.content)
  from policies po where po.shop_id = ${shopId} and po.type::text = ${type})`;

/**
 * Everything POST /config shows, in one statement: the shop's name and settings
 * document, its canonical host, its icon and logo, and the page the URL names (`page`, a
 * JSON scalar subquery from the module owning the page; null for none).
 */
export async function selectPageContext(
  db: Db,
  shopId: string,
  page: SQL | null,
  host: string | null,
): Promise<PageContextRow> {
  const result = await db.execute(sql`
    select
      sh.name,
      s.document,
      ${storefrontHostJson(shopId)} as storefront,
      ${
        host === null
          ? sql`null::boolean`
          : sql`exists (select 1 from shop_domains d where d.shop_id = sh.id and lower(d.hostname) = ${host})`
      } as "hostIsDomain",
      (select coalesce(json_agg(${mediaFileJson('m')}), '[]'::json) from media m
        where m.shop_id = sh.id
          and m.id::text in (s.document->'seo'->>'iconId', s.document->'branding'->>'logoId')) as images,
      ${page ?? sql`null::json`} as page
    from shops sh
    left join shop_settings s on s.shop_id = sh.id
    where sh.id = ${shopId}::uuid
  `);
  return result.rows[0] as PageContextRow;
}

export type SitemapHeadRow = {
  document: unknown;
  settingsUpdatedAt: string | null;
  /** The latest change to a published product or category: when listing pages last changed. */
  catalogUpdatedAt: string | null;
  storefront: StorefrontHostRow | null;
  policies: Array<{ type: string; updatedAt: string }>;
};

/** The sitemap's shop-level part in one statement: settings, canonical host, policies. */
export async function selectSitemapHead(db: Db, shopId: string): Promise<SitemapHeadRow> {
  const result = await db.execute(sql`
    select
      s.document,
      ${isoTimestamp(sql`s.updated_at`)} as "settingsUpdatedAt",
      ${isoTimestamp(sql`greatest(
        (select max(p.updated_at) from products p where p.shop_id = k.id and p.status = 'published'),
        (select max(c.updated_at) from categories c where c.shop_id = k.id and c.status = 'published'))`)}
        as "catalogUpdatedAt",
      ${storefrontHostJson(shopId)} as storefront,
      (select coalesce(json_agg(json_build_object('type', po.type, 'updatedAt', ${isoTimestamp(sql`po.updated_at`)})
          order by po.created_at, po.type), '[]'::json)
        from policies po where po.shop_id = k.id) as policies
    from (select ${shopId}::uuid as id) k
    left join shop_settings s on s.shop_id = k.id
  `);
  return result.rows[0] as SitemapHeadRow;
}

export type SitemapKind = 'product' | 'category';
export type SitemapRow = { slug: string; updatedAt: Date };

/**
 * One page of published products or categories after `afterSlug`, by slug: keyset
 * pagination over the (shop_id, slug) unique index, so every page costs the same.
 */
export function selectSitemapChunk(
  db: Db,
  shopId: string,
  kind: SitemapKind,
  afterSlug: string,
  limit: number,
): Promise<SitemapRow[]> {
  const table = kind === 'product' ? products : categories;
  return db
    .select({ slug: table.slug, updatedAt: table.updatedAt })
    .from(table)
    .where(and(eq(table.shopId, shopId), eq(table.status, 'published'), gt(table.slug, afterSlug)))
    .orderBy(asc(table.slug))
    .limit(limit);
}
