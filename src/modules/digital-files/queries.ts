import { sql } from 'drizzle-orm';
import { versionedRows } from '../../admin-kit/rows';
import type { Tx } from '../../db/client';
import { digitalFiles } from '../../db/schema';

export type FileRow = typeof digitalFiles.$inferSelect;

/** Read one, read a page, lock, insert, update, delete: each filtered by shop. */
export const files = versionedRows(digitalFiles);

/** Orders that were granted the file (their buyers may still download it). */
export async function countGrants(tx: Tx, shopId: string, fileId: string): Promise<number> {
  const result = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from download_grants g
    where g.shop_id = ${shopId} and g.file_id = ${fileId}
  `);
  return result.rows[0]?.n ?? 0;
}
