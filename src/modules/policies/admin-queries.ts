import { and, eq, sql } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import type { Db, Tx } from '../../db/client';
import { type PolicyType, policies } from '../../db/schema';

export type PolicyRow = typeof policies.$inferSelect;

const byType = (shopId: string, type: PolicyType) =>
  and(eq(policies.shopId, shopId), eq(policies.type, type));

export async function selectPolicyRow(db: Db, shopId: string, type: PolicyType) {
  const [row] = await db.select().from(policies).where(byType(shopId, type));
  return row ?? null;
}

export async function selectPolicyPage(db: Db, keyset: Keyset): Promise<PolicyRow[]> {
  return db
    .select()
    .from(policies)
    .where(keyset.where)
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
}

/** The shop's policy of `type`, locked until the transaction ends, or null. */
export async function lockPolicy(tx: Tx, shopId: string, type: PolicyType) {
  const [row] = await tx.select().from(policies).where(byType(shopId, type)).for('update');
  return row ?? null;
}

/** Inserts the policy unless one of its type exists (a concurrent PUT); null then. */
export async function insertPolicy(
  tx: Tx,
  shopId: string,
  values: { type: PolicyType; title: string; content: string },
): Promise<PolicyRow | null> {
  const [row] = await tx
    .insert(policies)
    .values({ ...values, shopId })
    .onConflictDoNothing({ target: [policies.shopId, policies.type] })
    .returning();
  return row ?? null;
}

export async function updatePolicy(
  tx: Tx,
  shopId: string,
  type: PolicyType,
  values: { title: string; content: string },
): Promise<PolicyRow> {
  const [row] = await tx
    .update(policies)
    .set({ ...values, version: sql`${policies.version} + 1`, updatedAt: sql`now()` })
    .where(byType(shopId, type))
    .returning();
  if (!row) throw new Error('a locked policy vanished');
  return row;
}

export async function deletePolicy(tx: Tx, shopId: string, type: PolicyType): Promise<void> {
  await tx.delete(policies).where(byType(shopId, type));
}
