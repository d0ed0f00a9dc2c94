import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { shopSettings, shops } from '../../db/schema';
import { type ShopProfile, shopProfileColumns } from '../../identity/shop-profile';

export type SettingsRecord = typeof shopSettings.$inferSelect;

/** The settings row (null before the first change) and the shop's profile, in one statement. */
export async function selectSettingsRecord(
  db: Db,
  shopId: string,
): Promise<{ record: SettingsRecord | null; profile: ShopProfile }> {
  const [row] = await db
    .select({ record: shopSettings, profile: shopProfileColumns(shopId) })
    .from(shops)
    .leftJoin(shopSettings, eq(shopSettings.shopId, shops.id))
    .where(eq(shops.id, shopId));
  if (!row) throw new Error('the shop of a request vanished');
  return row;
}

/** The shop's settings row, locked until the transaction ends (made first if it is missing). */
export async function lockSettingsRecord(tx: Tx, shopId: string): Promise<SettingsRecord> {
  await tx.insert(shopSettings).values({ shopId, version: 0 }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(shopSettings)
    .where(eq(shopSettings.shopId, shopId))
    .for('update');
  if (!row) throw new Error('the settings row was neither inserted nor found');
  return row;
}

export async function writeSettingsDocument(
  tx: Tx,
  shopId: string,
  document: Record<string, unknown>,
): Promise<SettingsRecord> {
  const [row] = await tx
    .update(shopSettings)
    .set({ document, version: sql`${shopSettings.version} + 1`, updatedAt: sql`now()` })
    .where(eq(shopSettings.shopId, shopId))
    .returning();
  if (!row) throw new Error('a locked settings row vanished');
  return row;
}
