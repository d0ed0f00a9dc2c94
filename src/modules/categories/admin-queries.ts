import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { versionedRows } from '../../admin-kit/rows';
import type { Db, Tx } from '../../db/client';
import { categories } from '../../db/schema';

export type CategoryRow = typeof categories.$inferSelect;

/** Read one, read a page, lock, insert, update, delete: each filtered by shop. */
export const categoryRows = versionedRows(categories);

/**
 * Serialises the writes that change a shop's tree (create, move, delete) until the
 * transaction ends, so two concurrent moves cannot each pass the cycle check and together
 * form a cycle.
 */
export async function lockTree(tx: Tx, shopId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('categories:' || ${shopId}))`);
}

/** Whether `id` is `ancestorOf` or one of its ancestors (walking parent links up the tree). */
export async function isSelfOrAncestor(
  tx: Tx,
  shopId: string,
  id: string,
  ancestorOf: string,
): Promise<boolean> {
  const result = await tx.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select c.id, c.parent_id, 0 from categories c where c.shop_id = ${shopId} and c.id = ${ancestorOf}
      union all
      select c.id, c.parent_id, up.depth + 1 from categories c
        join up on c.id = up.parent_id and c.shop_id = ${shopId}
      where up.depth < 10000
    )
    select exists (select 1 from up where up.id = ${id}) as found`);
  return (result.rows[0] as { found: boolean } | undefined)?.found === true;
}

/** The position after the last of the siblings under `parentId` (null: the top level). */
export async function nextPosition(
  tx: Tx,
  shopId: string,
  parentId: string | null,
): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${categories.position}) + 1, 0)::int` })
    .from(categories)
    .where(
      and(
        eq(categories.shopId, shopId),
        parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId),
      ),
    );
  return row?.next ?? 0;
}

/** The slugs of the shop that are `base` or `base-<n>` (to find a free one). */
export async function slugsLike(tx: Tx, shopId: string, base: string): Promise<string[]> {
  const rows = await tx
    .select({ slug: categories.slug })
    .from(categories)
    .where(
      and(
        eq(categories.shopId, shopId),
        sql`(${categories.slug} = ${base} or ${categories.slug} ~ ${`^${base}-[0-9]+$`})`,
      ),
    );
  return rows.map((row) => row.slug);
}

/** Moves the children of `parentId` under `newParentId`; returns them as they were, locked. */
export async function reparentChildren(
  tx: Tx,
  shopId: string,
  parentId: string,
  newParentId: string | null,
): Promise<{ before: CategoryRow[]; after: CategoryRow[] }> {
  const before = (await tx
    .select()
    .from(categories)
    .where(and(eq(categories.shopId, shopId), eq(categories.parentId, parentId)))
    .for('update')) as CategoryRow[];
  if (before.length === 0) return { before, after: [] };
  const after = await tx
    .update(categories)
    .set({
      parentId: newParentId,
      version: sql`${categories.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(categories.shopId, shopId), eq(categories.parentId, parentId)))
    .returning();
  return { before, after };
}

/** The shop's categories whose name (any case) is in `lowerNames` or whose slug is in `slugs`. */
export function selectCategoriesNamed(
  tx: Db | Tx,
  shopId: string,
  lowerNames: string[],
  slugs: string[],
): Promise<CategoryRow[]> {
  return tx
    .select()
    .from(categories)
    .where(
      and(
        eq(categories.shopId, shopId),
        or(inArray(sql`lower(${categories.name})`, lowerNames), inArray(categories.slug, slugs)),
      ),
    );
}

/** Inserts categories; one whose slug was taken meanwhile is skipped. Returns those inserted. */
export function insertCategories(
  tx: Tx,
  rows: Array<typeof categories.$inferInsert>,
): Promise<CategoryRow[]> {
  return tx.insert(categories).values(rows).onConflictDoNothing().returning();
}
