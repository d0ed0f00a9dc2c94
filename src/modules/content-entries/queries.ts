import { and, eq, inArray } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import { versionedRows } from '../../admin-kit/rows';
import type { Db, Tx } from '../../db/client';
import { contentEntries, media } from '../../db/schema';
import { isUuid } from '../../lib/uuid';

export type EntryRow = typeof contentEntries.$inferSelect;

/** Read one, lock, insert, update, delete: each filtered by shop. */
export const entries = versionedRows(contentEntries);

/** A page of a model's entries, optionally of one status. */
export function entryPage(
  db: Db,
  keyset: Keyset,
  filter: { modelId: string; status?: EntryRow['status'] | undefined },
) {
  return db
    .select()
    .from(contentEntries)
    .where(
      and(
        keyset.where,
        eq(contentEntries.modelId, filter.modelId),
        filter.status ? eq(contentEntries.status, filter.status) : undefined,
      ),
    )
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
}

/** The model an entry belongs to (unlocked: the caller locks the model, then the entry). */
export async function modelIdOfEntry(tx: Tx, shopId: string, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select({ modelId: contentEntries.modelId })
    .from(contentEntries)
    .where(and(eq(contentEntries.shopId, shopId), eq(contentEntries.id, id)));
  return row?.modelId ?? null;
}

/** The shop's images among `ids`. */
export function imagesOf(tx: Tx, shopId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(media)
    .where(and(eq(media.shopId, shopId), inArray(media.id, ids)));
}
