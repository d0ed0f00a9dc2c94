import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoTimestamp } from '../../db/json';

/** A published entry as stored: the merchant's `data` and the entry's own fields. */
export type EntryRow = { id: string; data: unknown; updatedAt: string };

export type ModelListing =
  | { kind: 'singleton'; entry: EntryRow | null }
  | { kind: 'collection'; total: number; entries: EntryRow[] };

const entryJson = (alias: string) => {
  const e = sql.raw(alias);
  return sql`json_build_object('id', ${e}.id, 'data', ${e}.data, 'updatedAt',
    ${isoTimestamp(sql`${e}.updated_at`)})`;
};

const publishedOf = (alias: string): SQL => {
  const e = sql.raw(alias);
  return sql`${e}.shop_id = m.shop_id and ${e}.model_id = m.id and ${e}.status = 'published'`;
};

/**
 * A model and what GET /content/:modelSlug shows of it, in one statement: for a singleton
 * its most recently updated published entry, for a collection one page of published
 * entries (newest first) and their count. Null when the shop has no such model.
 */
export async function selectModelListing(
  db: Db,
  params: { shopId: string; slug: string; page: number; limit: number },
): Promise<ModelListing | null> {
  const { shopId, slug, page, limit } = params;
  // CASE evaluates only the sub-selects of the model's own kind.
  const result = await db.execute(sql`
    select m.kind,
      case when m.kind = 'singleton' then (
        select ${entryJson('e')} from content_entries e where ${publishedOf('e')}
        order by e.updated_at desc, e.created_at desc, e.id desc limit 1
      ) end as entry,
      case when m.kind = 'collection' then (
        select count(*)::int from content_entries e where ${publishedOf('e')}
      ) end as total,
      case when m.kind = 'collection' then (
        select coalesce(json_agg(${entryJson('pg')} order by pg.created_at desc, pg.id desc), '[]'::json)
        from (
          select e.id, e.data, e.updated_at, e.created_at from content_entries e
          where ${publishedOf('e')}
          order by e.created_at desc, e.id desc
          limit ${limit} offset ${(page - 1) * limit}
        ) pg
      ) end as entries
    from content_models m
    where m.shop_id = ${shopId} and m.slug = ${slug}
  `);
  const row = result.rows[0] as
    | {
        kind: 'singleton' | 'collection';
        entry: EntryRow | null;
        total: number;
        entries: EntryRow[];
      }
    | undefined;
  if (!row) return null;
  return row.kind === 'singleton'
    ? { kind: 'singleton', entry: row.entry }
    : { kind: 'collection', total: row.total, entries: row.entries };
}

/**
 * One published entry of a model, in one statement: null when the model does not exist,
 * `{ entry: null }` when the model exists but has no such published entry.
 */
export async function selectModelEntry(
  db: Db,
  params: { shopId: string; slug: string; entryId: string | null },
): Promise<{ entry: EntryRow | null } | null> {
  const { shopId, slug, entryId } = params;
  const idMatches = entryId === null ? sql`false` : sql`e.id = ${entryId}::uuid`;
  const result = await db.execute(sql`
    select (
      select ${entryJson('e')} from content_entries e where ${publishedOf('e')} and ${idMatches}
    ) as entry
    from content_models m
    where m.shop_id = ${shopId} and m.slug = ${slug}
  `);
  const row = result.rows[0] as { entry: EntryRow | null } | undefined;
  return row ? { entry: row.entry } : null;
}
