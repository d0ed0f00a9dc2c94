import { versionedRows } from '../../admin-kit/rows';
import { pickupLocations } from '../../db/schema';

export type PickupRow = typeof pickupLocations.$inferSelect;

/** Read one, read a page, lock, insert, update, delete: each filtered by shop. */
export const pickups = versionedRows(pickupLocations);
