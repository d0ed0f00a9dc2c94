import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { imageJson, jsonArray, uuidsAmong } from '../../db/json';
import { ALLOW_REVIEWS_DEFAULT } from './document';

/** What GET /settings shows from the modules owning it, each a subquery of the shop. */
export type OwnedSettingsParts = Record<
  'rates' | 'pickups' | 'policies' | 'menu' | 'paymentActive',
  SQL
>;

/**
 * Everything GET /settings shows, in one statement: the stored document and its logos
 * (`images`), with the owners' subqueries for shipping rates, pickup points, policies, menu
 * categories and payment state, each under its key.
 */
export async function selectSettings<Row>(
  db: Db,
  shopId: string,
  owned: OwnedSettingsParts,
): Promise<Row> {
  const result = await db.execute(sql`
    select
      s.document,
      ${owned.rates} as rates,
      ${owned.pickups} as pickups,
      ${owned.policies} as policies,
      ${owned.menu} as menu,
      (select ${jsonArray(imageJson('m'))} from media m where m.shop_id = k.id
        and m.id in ${uuidsAmong([
          sql`s.document->'branding'->>'logoId'`,
          sql`s.document->'footerConfig'->>'logoId'`,
          sql`s.document->'seo'->>'iconId'`,
        ])}) as images,
      ${owned.paymentActive} as "paymentActive"
    from (select ${shopId}::uuid as id) k
    left join shop_settings s on s.shop_id = k.id
  `);
  return result.rows[0] as Row;
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
