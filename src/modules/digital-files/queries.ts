import { sql } from 'drizzle-orm';
import { versionedRows } from '../../admin-kit/rows';
import type { Tx } from '../../db/client';
import { arrayOf } from '../../db/json';
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

/**
 * Attaches the shop's digital files `ids` to the product and detaches (deactivates) the
 * product's others: buyers keep their grants, but a detached file is no longer served.
 */
export async function attachFiles(tx: Tx, shopId: string, productId: string, ids: string[]) {
  await tx.execute(sql`update digital_files set product_id = ${productId},
      active = (id = any(${arrayOf(ids, 'uuid')}))
    where shop_id = ${shopId} and (id = any(${arrayOf(ids, 'uuid')}) or product_id = ${productId})`);
}
