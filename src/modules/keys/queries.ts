import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
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
  values: Pick<KeyRow, 'shopId' | 'name' | 'prefix' | 'keyHash' | 'scopes' | 'createdByMemberId'>,
): Promise<KeyView> {
  const [row] = await tx.insert(merchantKeys).values(values).returning(columns);
  if (!row) throw new Error('the merchant key was not inserted');
  return row;
}

/**
 * Locks the shop's keys named by `ids` (in id order, so two writes locking the same keys
 * cannot deadlock) and returns them by id.
 */
export async function lockKeys(
  tx: Tx,
  shopId: string,
  ids: readonly string[],
): Promise<Map<string, KeyView>> {
  const valid = [...new Set(ids.filter(isUuid))].sort();
  if (valid.length === 0) return new Map();
  const rows = await tx
    .select(columns)
    .from(merchantKeys)
    .where(and(eq(merchantKeys.shopId, shopId), inArray(merchantKeys.id, valid)))
    .orderBy(merchantKeys.id)
    .for('update');
  return new Map(rows.map((row) => [row.id, row]));
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

/** Revokes the shop's live keys a staff member created; returns them as they are now. */
export function markRevokedMadeBy(tx: Tx, shopId: string, memberId: string): Promise<KeyView[]> {
  return tx
    .update(merchantKeys)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(merchantKeys.shopId, shopId),
        eq(merchantKeys.createdByMemberId, memberId),
        isNull(merchantKeys.revokedAt),
      ),
    )
    .returning(columns);
}
