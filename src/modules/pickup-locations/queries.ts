import { type SQL, sql } from 'drizzle-orm';
import { uuidOrNull } from '../../lib/uuid';

/** An active pickup point of the shop, as checkout prices it. */
export type CheckoutPickup = { id: string; name: string; feeMinor: number };

/** SQL: the shop's active pickup point `pickupId` as a JSON `CheckoutPickup`, or null (also for a malformed id). */
export const checkoutPickupSql = (shopId: string, pickupId: string | null | undefined): SQL => sql`(
  select json_build_object('id', p.id, 'name', p.name, 'feeMinor', p.fee_minor)
  from pickup_locations p
  where p.shop_id = ${shopId} and p.id = ${uuidOrNull(pickupId)}::uuid and p.active)`;
