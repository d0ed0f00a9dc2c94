import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orders, shops } from '../db/schema';

/** What a merchant may change of the shop itself, and whether orders fix its currency. */
export type ShopProfile = {
  name: string;
  currency: string;
  currencyDigits: number;
  /** Whether the shop has any order: their amounts are minor units of the currency as it is. */
  hasOrders: boolean;
};

export type ShopProfileChange = Partial<Pick<ShopProfile, 'name' | 'currency' | 'currencyDigits'>>;

/** The columns of a ShopProfile, for a statement that selects from `shops`. */
export const shopProfileColumns = (shopId: string) => ({
  name: shops.name,
  currency: shops.currency,
  currencyDigits: shops.currencyDigits,
  hasOrders: sql<boolean>`exists (select 1 from ${orders} where ${orders.shopId} = ${shopId})`,
});

/** The shop's profile; with `lock`, its row stays locked until the transaction ends. */
export async function selectShopProfile(
  db: Db | Tx,
  shopId: string,
  options: { lock?: boolean } = {},
): Promise<ShopProfile> {
  const query = db.select(shopProfileColumns(shopId)).from(shops).where(eq(shops.id, shopId));
  const [row] = await (options.lock ? query.for('update', { of: shops }) : query);
  if (!row) throw new Error('the shop of a request vanished');
  return row;
}

/** Changes the shop's name or currency (the caller checked the rules and locked the row). */
export async function updateShopProfile(tx: Tx, shopId: string, change: ShopProfileChange) {
  if (Object.keys(change).length === 0) return;
  await tx
    .update(shops)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(shops.id, shopId));
}
