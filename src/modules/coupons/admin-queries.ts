import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { versionedRows } from '../../admin-kit/rows';
import type { Tx } from '../../db/client';
import { categories, couponRedemptions, coupons, products } from '../../db/schema';

export type CouponAdminRow = typeof coupons.$inferSelect;

/** Read one, read a page, lock, insert, update, delete: each filtered by shop. */
export const couponRows = versionedRows(coupons);

type Owned = PgTable & { id: AnyPgColumn; shopId: AnyPgColumn };

/** The ids among `ids` that name no row of `table` in the shop. */
async function missingIn(tx: Tx, table: Owned, shopId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.shopId, shopId), inArray(table.id, ids)));
  const present = new Set(found.map((row) => row.id as string));
  return ids.filter((id) => !present.has(id));
}

export const missingProducts = (tx: Tx, shopId: string, ids: string[]) =>
  missingIn(tx, products, shopId, ids);

export const missingCategories = (tx: Tx, shopId: string, ids: string[]) =>
  missingIn(tx, categories, shopId, ids);

/** Whether any order has redeemed the coupon. */
export async function isRedeemed(tx: Tx, shopId: string, couponId: string): Promise<boolean> {
  const [row] = await tx
    .select({ found: sql<number>`1` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.shopId, shopId), eq(couponRedemptions.couponId, couponId)))
    .limit(1);
  return row !== undefined;
}
