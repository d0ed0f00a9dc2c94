import { and, eq, sql } from 'drizzle-orm';
import { versionedRows } from '../../admin-kit/rows';
import type { Tx } from '../../db/client';
import { contentEntries, contentModels } from '../../db/schema';

export type ModelRow = typeof contentModels.$inferSelect;

/** Read one, read a page, lock, insert, update, delete: each filtered by shop. */
export const models = versionedRows(contentModels);

/** Inserts a model; null when the shop already has a model with its slug. */
export async function insertModel(
  tx: Tx,
  values: typeof contentModels.$inferInsert,
): Promise<ModelRow | null> {
  const [row] = await tx.insert(contentModels).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Whether another model of the shop has `slug`. */
export async function slugTaken(tx: Tx, shopId: string, slug: string, exceptId: string) {
  const [row] = await tx
    .select({ id: contentModels.id })
    .from(contentModels)
    .where(and(eq(contentModels.shopId, shopId), eq(contentModels.slug, slug)));
  return row !== undefined && row.id !== exceptId;
}

/** The entries of a model (id and data), to check against new fields. */
export function entriesOfModel(tx: Tx, shopId: string, modelId: string) {
  return tx
    .select({ id: contentEntries.id, data: contentEntries.data })
    .from(contentEntries)
    .where(and(eq(contentEntries.shopId, shopId), eq(contentEntries.modelId, modelId)));
}

/** Removes the values of fields a model no longer has from every entry, in one statement. */
export async function dropEntryFields(tx: Tx, shopId: string, modelId: string, names: string[]) {
  if (names.length === 0) return;
  await tx
    .update(contentEntries)
    .set({
      data: sql`${contentEntries.data} - ${sql`array[${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}]::text[]`}`,
      version: sql`${contentEntries.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(contentEntries.shopId, shopId),
        eq(contentEntries.modelId, modelId),
        sql`${contentEntries.data} ?| array[${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
}

/** How many entries a model has. */
export async function countEntries(tx: Tx, shopId: string, modelId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(contentEntries)
    .where(and(eq(contentEntries.shopId, shopId), eq(contentEntries.modelId, modelId)));
  return row?.n ?? 0;
}
