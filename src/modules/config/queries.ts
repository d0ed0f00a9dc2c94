import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoTimestamp, mediaFileJson, uuidsAmong } from '../../db/json';
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
          and m.id in ${uuidsAmong([
            sql`s.document->'seo'->>'iconId'`,
            sql`s.document->'branding'->>'logoId'`,
          ])}) as images,
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

/**
 * The sitemap's shop-level part in one statement: settings and canonical host, with the
 * owners' subqueries for when the catalogue last changed (each a timestamp) and the
 * policies (`[{ type, updatedAt }]`).
 */
export async function selectSitemapHead(
  db: Db,
  shopId: string,
  owned: { catalogChanges: SQL[]; policies: SQL },
): Promise<SitemapHeadRow> {
  const result = await db.execute(sql`
    select
      s.document,
      ${isoTimestamp(sql`s.updated_at`)} as "settingsUpdatedAt",
      ${isoTimestamp(sql`greatest(${sql.join(owned.catalogChanges, sql`, `)})`)} as "catalogUpdatedAt",
      ${storefrontHostJson(shopId)} as storefront,
      ${owned.policies} as policies
    from (select ${shopId}::uuid as id) k
    left join shop_settings s on s.shop_id = k.id
  `);
  return result.rows[0] as SitemapHeadRow;
}
