import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import type { Db, Tx } from '../../db/client';
import { merchantKeys } from '../../db/schema';
import { isUuid } from '../../lib/uuid';

export type KeyRow = typeof merchantKeys.$inferSelect;

/** Everything but the hash, which never leaves the database. */
const { keyHash: _hash, ...columns } = getTableColumns(merchantKeys);
export type KeyView = Omit<KeyRow, 'keyHash'>;

const byId = (shopId: string, id: string) =>
  and(eq(merchantKeys.shopId, shopId), eq(merchantKeys.id, id));

export async function selectKey(db: Db, shopId: string, id: string): Promise<KeyView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(columns).from(merchantKeys).where(byId(shopId, id));
  return row ?? null;
}

export function selectKeyPage(db: Db, keyset: Keyset): Promise<KeyView[]> {
  return db
    .select(columns)
    .from(merchantKeys)
    .where(keyset.where)
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
}

export async function insertKey(
  tx: Tx,
  values: Pick<KeyRow, 'shopId' | 'name' | 'prefix' | 'keyHash' | 'scopes'>,
): Promise<KeyView> {
  const [row] = await tx.insert(merchantKeys).values(values).returning(columns);
  if (!row) throw new Error('the merchant key was not inserted');
  return row;
}

export async function lockKey(tx: Tx, shopId: string, id: string): Promise<KeyView | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx.select(columns).from(merchantKeys).where(byId(shopId, id)).for('update');
  return row ?? null;
}

export async function markRevoked(tx: Tx, shopId: string, id: string): Promise<KeyView> {
  const [row] = await tx
    .update(merchantKeys)
    .set({ revokedAt: sql`now()` })
    .where(byId(shopId, id))
    .returning(columns);
  if (!row) throw new Error('a locked merchant key vanished');
  return row;
}
