import { and, eq } from 'drizzle-orm';
import { versionedRows } from '../../admin-kit/rows';
import type { Tx } from '../../db/client';
import { media, pickupLocations } from '../../db/schema';

export type PickupRow = typeof pickupLocations.$inferSelect;

/** Read one, read a page, lock, insert, update, delete: each filtered by shop. */
export const pickups = versionedRows(pickupLocations);

/** Whether `mediaId` is an image of the shop. */
export async function isMediaOfShop(tx: Tx, shopId: string, mediaId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.shopId, shopId), eq(media.id, mediaId)));
  return row !== undefined;
}
