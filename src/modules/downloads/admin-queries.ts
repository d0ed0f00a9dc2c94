import { and, eq, type SQL } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import type { Db, Tx } from '../../db/client';
import { downloadGrants, orders } from '../../db/schema';
import { isUuid } from '../../lib/uuid';

export type GrantRow = typeof downloadGrants.$inferSelect & { customerId: string | null };

/** Grants with the customer of their order. */
const grantsWithCustomer = (db: Db | Tx) =>
  db
    .select({ grant: downloadGrants, customerId: orders.customerId })
    .from(downloadGrants)
    .innerJoin(
      orders,
      and(eq(orders.shopId, downloadGrants.shopId), eq(orders.id, downloadGrants.orderId)),
    );

const flatten = (
  rows: Array<{ grant: typeof downloadGrants.$inferSelect; customerId: string | null }>,
) => rows.map((r) => ({ ...r.grant, customerId: r.customerId }));

export async function selectGrantPage(
  db: Db,
  keyset: Keyset,
  filters: { orderId?: string; customerId?: string },
): Promise<GrantRow[]> {
  const where: Array<SQL | undefined> = [
    keyset.where,
    filters.orderId ? eq(downloadGrants.orderId, filters.orderId) : undefined,
    filters.customerId ? eq(orders.customerId, filters.customerId) : undefined,
  ];
  const rows = await grantsWithCustomer(db)
    .where(and(...where))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
  return flatten(rows);
}

/** One grant of the shop (locked in a transaction when asked). */
export async function selectGrant(
  db: Db | Tx,
  shopId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<GrantRow | null> {
  if (!isUuid(id)) return null;
  const query = grantsWithCustomer(db).where(
    and(eq(downloadGrants.shopId, shopId), eq(downloadGrants.id, id)),
  );
  const rows = options.lock ? await query.for('update', { of: downloadGrants }) : await query;
  return flatten(rows)[0] ?? null;
}

/** Sets a grant's count back to zero. */
export async function resetGrantCount(tx: Tx, shopId: string, id: string) {
  await tx
    .update(downloadGrants)
    .set({ downloadCount: 0 })
    .where(and(eq(downloadGrants.shopId, shopId), eq(downloadGrants.id, id)));
}
