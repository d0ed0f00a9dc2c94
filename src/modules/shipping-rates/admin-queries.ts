import { and, eq, ne, sql } from 'drizzle-orm';
import { versionedRows } from '../../admin-kit/rows';
import type { Tx } from '../../db/client';
import { shippingRates } from '../../db/schema';

export type RateRow = typeof shippingRates.$inferSelect;

/** Read one, read a page, lock, insert, update, delete: each filtered by shop. */
export const rates = versionedRows(shippingRates);

/** Unsets the default flag of every other rate of the shop; returns the rates it changed. */
export function unsetOtherDefaults(tx: Tx, shopId: string, keepId: string): Promise<RateRow[]> {
  return tx
    .update(shippingRates)
    .set({
      isDefault: false,
      version: sql`${shippingRates.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(shippingRates.shopId, shopId),
        eq(shippingRates.isDefault, true),
        ne(shippingRates.id, keepId),
      ),
    )
    .returning();
}
