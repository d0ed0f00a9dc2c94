import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { imageJson, jsonArray } from '../../db/json';
import { type PolicyType, policies } from '../../db/schema';
import { ALLOW_REVIEWS_DEFAULT } from './document';

export type ImageRow = {
  _id: string;
  type: string;
  size: string;
  title: string;
  uploadUrl: string;
};

export type SettingsRow = {
  document: unknown;
  rates: Array<{
    _id: string;
    title: string;
    priceMinor: number;
    description: string;
    default: boolean;
  }>;
  pickups: Array<{
    _id: string;
    name: string;
    buildingName: string;
    description: string;
    feeMinor: number;
    openingHours: string;
    lat: number | null;
    lng: number | null;
    mapUrl: string;
    image: ImageRow | null;
    phone: string;
  }>;
  policies: Array<{ _id: string; type: PolicyType; title: string }>;
  menu: Array<{
    _id: string;
    name: string;
    slug: string;
    featured: boolean;
    parent: string | null;
    image: ImageRow | null;
  }>;
  images: ImageRow[];
  paymentActive: boolean;
};

/**
 * Everything GET /settings shows, in one statement: the stored document plus the
 * shipping rates, pickup points, policies, menu categories, logos and payment state.
 */
export async function selectSettings(db: Db, shopId: string): Promise<SettingsRow> {
  const result = await db.execute(sql`
    select
      s.document,
      (select ${jsonArray(
        sql`json_build_object('_id', r.id, 'title', r.title, 'priceMinor', r.price_minor,
          'description', r.description, 'default', r.is_default)`,
        sql`r.position, r.created_at`,
      )} from shipping_rates r where r.shop_id = k.id and r.active) as rates,
      (select ${jsonArray(
        sql`json_build_object('_id', p.id, 'name', p.name, 'buildingName', p.building_name,
          'description', p.description, 'feeMinor', p.fee_minor, 'openingHours', p.opening_hours,
          'lat', p.lat, 'lng', p.lng, 'mapUrl', p.map_url, 'phone', p.phone, 'image', ${imageJson('m')})`,
        sql`p.position, p.created_at`,
      )} from pickup_locations p left join media m on m.id = p.image_id and m.shop_id = p.shop_id
        where p.shop_id = k.id and p.active) as pickups,
      (select ${jsonArray(
        sql`json_build_object('_id', po.id, 'type', po.type, 'title', po.title)`,
        sql`po.created_at, po.type`,
      )} from policies po where po.shop_id = k.id) as policies,
      (select ${jsonArray(
        sql`json_build_object('_id', c.id, 'name', c.name, 'slug', c.slug, 'featured', c.featured,
          'parent', c.parent_id, 'image', ${imageJson('m')})`,
        sql`c.position, c.name`,
      )} from categories c left join media m on m.id = c.image_id and m.shop_id = c.shop_id
        where c.shop_id = k.id and c.status = 'published' and c.show_in_menu) as menu,
      (select ${jsonArray(imageJson('m'))} from media m where m.shop_id = k.id
        and m.id::text in (s.document->'branding'->>'logoId', s.document->'footerConfig'->>'logoId',
          s.document->'seo'->>'iconId')) as images,
      exists (select 1 from payment_providers pp where pp.shop_id = k.id and pp.active) as "paymentActive"
    from (select ${shopId}::uuid as id) k
    left join shop_settings s on s.shop_id = k.id
  `);
  return result.rows[0] as SettingsRow;
}

export async function selectPolicy(db: Db, shopId: string, type: PolicyType) {
  const [row] = await db
    .select({ _id: policies.id, type: policies.type, content: policies.content })
    .from(policies)
    .where(and(eq(policies.shopId, shopId), eq(policies.type, type)))
    .limit(1);
  return row ?? null;
}

/**
 * SQL: whether the shop `shopId` takes new reviews, a boolean scalar subquery, read from its
 * settings document as readSettingsDocument reads it: the stored `reviews.allowReviews` when
 * it is a boolean, else ALLOW_REVIEWS_DEFAULT (also without settings). POST /reviews folds it
 * into its one statement.
 */
export const reviewsAllowedSql = (shopId: string): SQL => {
  const stored = sql`st.document->'reviews'->'allowReviews'`;
  return sql`(select coalesce(case when jsonb_typeof(${stored}) = 'boolean' then (${stored})::boolean end,
      ${sql.raw(String(ALLOW_REVIEWS_DEFAULT))})
    from (select 1) k left join shop_settings st on st.shop_id = ${shopId})`;
};
