import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoTimestamp, jsonArray } from '../../db/json';
import { type PolicyType, policies } from '../../db/schema';

/** A policy as GET /settings lists it. */
export type StorefrontPolicy = { _id: string; type: PolicyType; title: string };

/** SQL: the shop's policies as GET /settings lists them, oldest first, a JSON array subquery. */
export const storefrontPoliciesSql = (shopId: string): SQL =>
  sql`(select ${jsonArray(
    sql`json_build_object('_id', po.id, 'type', po.type, 'title', po.title)`,
    sql`po.created_at, po.type`,
  )} from policies po where po.shop_id = ${shopId}::uuid)`;

/** The shop's policy of `type` as GET /settings/policy/{type} shows it, or null. */
export async function selectPolicy(db: Db, shopId: string, type: PolicyType) {
  const [row] = await db
    .select({ _id: policies.id, type: policies.type, content: policies.content })
    .from(policies)
    .where(and(eq(policies.shopId, shopId), eq(policies.type, type)))
    .limit(1);
  return row ?? null;
}

/**
 * SQL: the policy page of `type` as POST /config shows it, a JSON scalar subquery (null when
 * the shop has none): type, title and content.
 */
export const policyPageSql = (shopId: string, type: string): SQL => sql`(
  select json_build_object('type', po.type, 'title', po.title, 'content', po.content)
  from policies po where po.shop_id = ${shopId} and po.type::text = ${type})`;

/** SQL: the shop's policies as `[{ type, updatedAt }]`, oldest first, a JSON scalar subquery. */
export const policyDatesSql = (shopId: string): SQL => sql`(
  select coalesce(json_agg(json_build_object('type', po.type, 'updatedAt', ${isoTimestamp(sql`po.updated_at`)})
      order by po.created_at, po.type), '[]'::json)
  from policies po where po.shop_id = ${shopId}::uuid)`;
