import { unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { pickupLocations } from '../../db/schema';
import { ApiError, type ErrorCode, type ErrorDetail } from '../../errors';
import { defined } from '../../lib/defined';
import { isMediaOfShop } from '../media/queries';
import { type PickupRow, pickups } from './admin-queries';
import type { PickupLocation, PickupLocationCreate, PickupLocationUpdate } from './admin-schemas';

const TYPE = 'pickup_location';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getPickupLocation: ['PICKUP_LOCATION_NOT_FOUND'],
  createPickupLocation: ['VALIDATION_FAILED'],
  updatePickupLocation: ['PICKUP_LOCATION_NOT_FOUND', 'VALIDATION_FAILED'],
  deletePickupLocation: ['PICKUP_LOCATION_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** A pickup point as the merchant API shows it. */
export function toPickupLocation(row: PickupRow, shop: ShopContext): PickupLocation {
  return {
    id: row.id,
    object: TYPE,
    name: row.name,
    building_name: row.buildingName,
    description: row.description,
    fee_amount: row.feeMinor,
    currency: shop.currency,
    opening_hours: row.openingHours,
    lat: row.lat,
    lng: row.lng,
    map_url: row.mapUrl,
    image_id: row.imageId,
    phone: row.phone,
    position: row.position,
    active: row.active,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns a create or update sets; fields left out of the request are left out. */
const valuesOf = (input: PickupLocationUpdate) =>
  defined({
    name: input.name,
    buildingName: input.building_name,
    description: input.description,
    feeMinor: input.fee_amount,
    openingHours: input.opening_hours,
    lat: input.lat,
    lng: input.lng,
    mapUrl: input.map_url,
    imageId: input.image_id,
    phone: input.phone,
    position: input.position,
    active: input.active,
  });

/**
 * The rules a pickup point must keep once the request is applied: coordinates come in
 * pairs (a map needs both), and the image is one of the shop's own.
 */
async function assertValid(w: WriteScope, next: Pick<PickupRow, 'lat' | 'lng' | 'imageId'>) {
  const details: ErrorDetail[] = [];
  if ((next.lat === null) !== (next.lng === null)) {
    const missing = next.lat === null ? 'lat' : 'lng';
    details.push({ field: missing, message: 'lat and lng are set together, or neither.' });
  }
  if (next.imageId && !(await isMediaOfShop(w.tx, w.shop.id, next.imageId))) {
    details.push({ field: 'image_id', message: 'No image with this id in the shop.' });
  }
  if (details.length > 0) throw new ApiError('VALIDATION_FAILED', { details });
}

export async function listPickupLocations(db: Db, shop: ShopContext, params: ListParams) {
  const page = await listPage(db, pickupLocations, shop.id, params, (keyset) =>
    pickups.page(db, keyset),
  );
  return { data: page.rows.map((row) => toPickupLocation(row, shop)), hasMore: page.hasMore };
}

export async function getPickupLocation(db: Db, shop: ShopContext, id: string) {
  const row = await pickups.one(db, shop.id, id);
  if (!row) throw new ApiError('PICKUP_LOCATION_NOT_FOUND');
  return toPickupLocation(row, shop);
}

export async function createPickupLocation(w: WriteScope, input: PickupLocationCreate) {
  const values = { ...valuesOf(input), name: input.name };
  await assertValid(w, { lat: null, lng: null, imageId: null, ...values });
  const row = await pickups.insert(w.tx, w.shop.id, values);
  const location = toPickupLocation(row, w.shop);
  await w.audit({
    action: 'create',
    resourceType: TYPE,
    resourceId: row.id,
    before: null,
    after: location,
  });
  return location;
}

/** Changes the given fields; a request that changes nothing writes nothing. */
export async function updatePickupLocation(w: WriteScope, id: string, input: PickupLocationUpdate) {
  const current = await pickups.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('PICKUP_LOCATION_NOT_FOUND');
  w.expectVersion(current.version);
  const before = toPickupLocation(current, w.shop);
  const values = valuesOf(input);
  const next = { ...current, ...values };
  if (unchanged(before, toPickupLocation(next, w.shop))) return before;
  await assertValid(w, next);
  const after = toPickupLocation(await pickups.update(w.tx, w.shop.id, id, values), w.shop);
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after });
  return after;
}

/** Deletes a pickup point; orders placed with it keep their own copy of its name and fee. */
export async function deletePickupLocation(w: WriteScope, id: string) {
  const current = await pickups.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('PICKUP_LOCATION_NOT_FOUND');
  w.expectVersion(current.version);
  await pickups.remove(w.tx, w.shop.id, id);
  await w.audit({
    action: 'delete',
    resourceType: TYPE,
    resourceId: id,
    before: toPickupLocation(current, w.shop),
    after: null,
  });
  return { id, object: TYPE, deleted: true as const };
}
