import { type Change, unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { shippingRates } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { defined } from '../../lib/defined';
import { type RateRow, rates, unsetOtherDefaults } from './admin-queries';
import type { ShippingRate, ShippingRateCreate, ShippingRateUpdate } from './admin-schemas';

const TYPE = 'shipping_rate';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getShippingRate: ['SHIPPING_RATE_NOT_FOUND'],
  updateShippingRate: ['SHIPPING_RATE_NOT_FOUND'],
  deleteShippingRate: ['SHIPPING_RATE_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** A rate as the merchant API shows it. */
export function toShippingRate(row: RateRow, shop: ShopContext): ShippingRate {
  return {
    id: row.id,
    object: TYPE,
    title: row.title,
    description: row.description,
    amount: row.priceMinor,
    currency: shop.currency,
    min_order_amount: row.minOrderMinor,
    is_default: row.isDefault,
    position: row.position,
    active: row.active,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The columns a create or update sets; fields left out of the request are left out. */
const valuesOf = (input: ShippingRateUpdate) =>
  defined({
    title: input.title,
    description: input.description,
    priceMinor: input.amount,
    minOrderMinor: input.min_order_amount,
    isDefault: input.is_default,
    position: input.position,
    active: input.active,
  });

export async function listShippingRates(db: Db, shop: ShopContext, params: ListParams) {
  const page = await listPage(db, shippingRates, shop.id, params, (keyset) =>
    rates.page(db, keyset),
  );
  return { data: page.rows.map((row) => toShippingRate(row, shop)), hasMore: page.hasMore };
}

export async function getShippingRate(db: Db, shop: ShopContext, id: string) {
  const row = await rates.one(db, shop.id, id);
  if (!row) throw new ApiError('SHIPPING_RATE_NOT_FOUND');
  return toShippingRate(row, shop);
}

/** One default rate per shop: making a rate the default unsets the others (each audited). */
async function unsetOtherDefaultsOf(w: WriteScope, keepId: string): Promise<Change[]> {
  const rows = await unsetOtherDefaults(w.tx, w.shop.id, keepId);
  return rows.map((row) => {
    const after = toShippingRate(row, w.shop);
    return {
      action: 'update',
      resourceType: TYPE,
      resourceId: row.id,
      before: { ...after, is_default: true },
      after,
    };
  });
}

export async function createShippingRate(w: WriteScope, input: ShippingRateCreate) {
  const row = await rates.insert(w.tx, w.shop.id, {
    ...valuesOf(input),
    title: input.title,
    priceMinor: input.amount,
  });
  const rate = toShippingRate(row, w.shop);
  const others = row.isDefault ? await unsetOtherDefaultsOf(w, row.id) : [];
  await w.audit(
    { action: 'create', resourceType: TYPE, resourceId: row.id, before: null, after: rate },
    ...others,
  );
  return rate;
}

/** Changes the given fields; a request that changes nothing writes nothing. */
export async function updateShippingRate(w: WriteScope, id: string, input: ShippingRateUpdate) {
  const current = await rates.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('SHIPPING_RATE_NOT_FOUND');
  w.expectVersion(current.version);
  const before = toShippingRate(current, w.shop);
  const values = valuesOf(input);
  if (unchanged(before, toShippingRate({ ...current, ...values }, w.shop))) return before;
  const row = await rates.update(w.tx, w.shop.id, id, values);
  const after = toShippingRate(row, w.shop);
  const others = values.isDefault ? await unsetOtherDefaultsOf(w, id) : [];
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after }, ...others);
  return after;
}

/** Deletes a rate; orders placed with it keep their own copy of its title and price. */
export async function deleteShippingRate(w: WriteScope, id: string) {
  const current = await rates.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('SHIPPING_RATE_NOT_FOUND');
  w.expectVersion(current.version);
  await rates.remove(w.tx, w.shop.id, id);
  await w.audit({
    action: 'delete',
    resourceType: TYPE,
    resourceId: id,
    before: toShippingRate(current, w.shop),
    after: null,
  });
  return { id, object: TYPE, deleted: true as const };
}
