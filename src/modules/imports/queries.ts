import { and, eq, sql } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import type { ShopContext } from '../../app-env';
import type { Db, Tx } from '../../db/client';
import {
  type CategoryMappingRow,
  type ImportProblemRow,
  productImports,
  shops,
} from '../../db/schema';
import { shopColumns } from '../../identity/shops';

export type ImportRow = typeof productImports.$inferSelect;

/** At most this many problems are kept per import. */
export const MAX_PROBLEMS = 1000;

export async function insertImport(db: Db | Tx, values: typeof productImports.$inferInsert) {
  const [row] = await db.insert(productImports).values(values).returning();
  if (!row) throw new Error('the import was not stored');
  return row;
}

export async function selectImport(db: Db, shopId: string, id: string) {
  const [row] = await db
    .select()
    .from(productImports)
    .where(and(eq(productImports.shopId, shopId), eq(productImports.id, id)));
  return row ?? null;
}

/** One page of a shop's imports (src/admin-kit/list.ts's keyset), newest first. */
export const selectImportPage = (db: Db, keyset: Keyset) =>
  db
    .select()
    .from(productImports)
    .where(keyset.where)
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);

export async function selectShop(db: Db, shopId: string): Promise<ShopContext | null> {
  const [shop] = await db.select(shopColumns).from(shops).where(eq(shops.id, shopId));
  return shop ?? null;
}

const appendProblems = (problems: ImportProblemRow[]) => sql`case
  when jsonb_array_length(${productImports.problems}) >= ${MAX_PROBLEMS} then ${productImports.problems}
  else ${productImports.problems} || ${JSON.stringify(problems.slice(0, MAX_PROBLEMS))}::jsonb end`;

/** The file has been read through: its size in products and slices, and its own problems. */
export async function markPlanned(
  db: Db,
  row: ImportRow,
  plan: {
    products: number;
    slices: number;
    failed: number;
    problems: ImportProblemRow[];
    mapping: CategoryMappingRow;
  },
) {
  const done = plan.slices === 0;
  await db
    .update(productImports)
    .set({
      status: done ? 'completed' : 'running',
      totalProducts: plan.products,
      totalSlices: plan.slices,
      failed: plan.failed,
      problems: plan.problems.slice(0, MAX_PROBLEMS),
      mapping: plan.mapping,
      updatedAt: new Date(),
      completedAt: done ? new Date() : null,
    })
    .where(and(eq(productImports.shopId, row.shopId), eq(productImports.id, row.id)));
}

export async function markFailed(db: Db, row: ImportRow, error: ImportProblemRow) {
  await db
    .update(productImports)
    .set({ status: 'failed', error, updatedAt: new Date(), completedAt: new Date() })
    .where(and(eq(productImports.shopId, row.shopId), eq(productImports.id, row.id)));
}

export type SliceTally = {
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  imagesFailed: number;
  problems: ImportProblemRow[];
};

/**
 * Adds one slice's counts, once (a redelivered slice already counted changes nothing), and
 * completes the import with its last slice. One statement.
 */
export async function recordSlice(db: Db, row: ImportRow, index: number, tally: SliceTally) {
  const t = productImports;
  const last = sql`cardinality(${t.slicesDone}) + 1 >= ${t.totalSlices}`;
  await db
    .update(t)
    .set({
      created: sql`${t.created} + ${tally.created}`,
      updated: sql`${t.updated} + ${tally.updated}`,
      unchanged: sql`${t.unchanged} + ${tally.unchanged}`,
      failed: sql`${t.failed} + ${tally.failed}`,
      imagesFailed: sql`${t.imagesFailed} + ${tally.imagesFailed}`,
      problems: tally.problems.length > 0 ? appendProblems(tally.problems) : sql`${t.problems}`,
      slicesDone: sql`array_append(${t.slicesDone}, ${index}::int)`,
      status: sql`case when ${last} then 'completed'::import_status else ${t.status} end`,
      completedAt: sql`case when ${last} then now() else null end`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(t.shopId, row.shopId),
        eq(t.id, row.id),
        sql`not (${index}::int = any(${t.slicesDone}))`,
      ),
    );
}
