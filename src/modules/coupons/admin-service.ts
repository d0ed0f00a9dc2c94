import { unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import { uniqueOr } from '../../admin-kit/unique';
import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import { ApiError, type ErrorCode, type ErrorDetail } from '../../errors';
import { defined } from '../../lib/defined';
import {
  type CouponAdminRow,
  couponRows,
  isRedeemed,
  missingCategories,
  missingProducts,
} from './admin-queries';
import type { Coupon, CouponCreate, CouponUpdate } from './admin-schemas';
import { normaliseCouponCode } from './service';

const TYPE = 'coupon';
/** The longest code the storefront looks up (requestedCouponCodes). */
const MAX_CODE = 64;

/** The codes each merchant verb can raise; routes document them from here. */
export const ADMIN_RAISES = {
  getCoupon: ['COUPON_NOT_FOUND'],
  createCoupon: ['COUPON_CODE_TAKEN'],
  updateCoupon: ['COUPON_NOT_FOUND', 'COUPON_CODE_TAKEN'],
  deleteCoupon: ['COUPON_NOT_FOUND', 'COUPON_REDEEMED'],
} as const satisfies Record<string, readonly ErrorCode[]>;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A coupon as the merchant API shows it. */
export function toCoupon(row: CouponAdminRow, shop: ShopContext): Coupon {
  return {
    id: row.id,
    object: TYPE,
    code: row.code,
    kind: row.kind,
    value: row.value,
    currency: shop.currency,
    min_order_amount: row.minTotalMinor,
    starts_at: iso(row.startsAt),
    ends_at: iso(row.endsAt),
    usage_limit: row.usageLimit,
    per_customer_limit: row.perCustomerLimit,
    used_count: row.usedCount,
    product_ids: row.productIds,
    category_ids: row.categoryIds,
    active: row.active,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const at = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** The columns a create or update sets; the code in the one form the storefront compares. */
const valuesOf = (input: CouponUpdate) =>
  defined({
    code: input.code === undefined ? undefined : normaliseCouponCode(input.code),
    kind: input.kind,
    value: input.value,
    minTotalMinor: input.min_order_amount,
    startsAt: at(input.starts_at),
    endsAt: at(input.ends_at),
    usageLimit: input.usage_limit,
    perCustomerLimit: input.per_customer_limit,
    productIds: input.product_ids === undefined ? undefined : [...new Set(input.product_ids)],
    categoryIds: input.category_ids === undefined ? undefined : [...new Set(input.category_ids)],
    active: input.active,
  });

type Next = Pick<
  CouponAdminRow,
  'code' | 'kind' | 'value' | 'startsAt' | 'endsAt' | 'productIds' | 'categoryIds'
>;

/** The rules of a coupon as it will be once the request is applied, each naming its field. */
async function assertValid(w: WriteScope, next: Next): Promise<void> {
  const details: ErrorDetail[] = [];
  if (!/^\S+$/.test(next.code) || next.code.length > MAX_CODE) {
    details.push({ field: 'code', message: `1 to ${MAX_CODE} characters, without spaces.` });
  }
  if (next.kind === 'percentage' && next.value > 100) {
    details.push({ field: 'value', message: 'A percentage is at most 100.' });
  }
  if (next.startsAt && next.endsAt && next.endsAt <= next.startsAt) {
    details.push({ field: 'ends_at', message: 'Must be after starts_at.' });
  }
  const products = await missingProducts(w.tx, w.shop.id, next.productIds);
  if (products.length > 0) {
    details.push({ field: 'product_ids', message: `No such products: ${products.join(', ')}.` });
  }
  const categories = await missingCategories(w.tx, w.shop.id, next.categoryIds);
  if (categories.length > 0) {
    details.push({
      field: 'category_ids',
      message: `No such categories: ${categories.join(', ')}.`,
    });
  }
  if (details.length > 0) throw new ApiError('VALIDATION_FAILED', { details });
}

export async function listAdminCoupons(db: Db, shop: ShopContext, params: ListParams) {
  const page = await listPage(db, coupons, shop.id, params, (keyset) =>
    couponRows.page(db, keyset),
  );
  return { data: page.rows.map((row) => toCoupon(row, shop)), hasMore: page.hasMore };
}

export async function getAdminCoupon(db: Db, shop: ShopContext, id: string) {
  const row = await couponRows.one(db, shop.id, id);
  if (!row) throw new ApiError('COUPON_NOT_FOUND');
  return toCoupon(row, shop);
}

export async function createAdminCoupon(w: WriteScope, input: CouponCreate) {
  const values = {
    productIds: [],
    categoryIds: [],
    startsAt: null,
    endsAt: null,
    ...valuesOf(input),
    code: normaliseCouponCode(input.code),
    kind: input.kind,
    value: input.value,
  };
  await assertValid(w, values);
  const row = await uniqueOr('COUPON_CODE_TAKEN', 'code', () =>
    couponRows.insert(w.tx, w.shop.id, values),
  );
  const coupon = toCoupon(row, w.shop);
  await w.audit({
    action: 'create',
    resourceType: TYPE,
    resourceId: row.id,
    before: null,
    after: coupon,
  });
  return coupon;
}

/** Changes the given fields (the rules checked on the result); a no-op writes nothing. */
export async function updateAdminCoupon(w: WriteScope, id: string, input: CouponUpdate) {
  const current = await couponRows.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('COUPON_NOT_FOUND');
  w.expectVersion(current.version);
  const before = toCoupon(current, w.shop);
  const values = valuesOf(input);
  const next = { ...current, ...values };
  if (unchanged(before, toCoupon(next, w.shop))) return before;
  await assertValid(w, next);
  const row = await uniqueOr('COUPON_CODE_TAKEN', 'code', () =>
    couponRows.update(w.tx, w.shop.id, id, values),
  );
  const after = toCoupon(row, w.shop);
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after });
  return after;
}

/**
 * Deletes a coupon no order has redeemed. A redeemed one is refused (COUPON_REDEEMED): its
 * redemptions count toward per-customer limits and reports, so it is retired with
 * `active: false` instead.
 */
export async function deleteAdminCoupon(w: WriteScope, id: string) {
  const current = await couponRows.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('COUPON_NOT_FOUND');
  w.expectVersion(current.version);
  if (await isRedeemed(w.tx, w.shop.id, id)) throw new ApiError('COUPON_REDEEMED');
  await couponRows.remove(w.tx, w.shop.id, id);
  const before = toCoupon(current, w.shop);
  await w.audit({ action: 'delete', resourceType: TYPE, resourceId: id, before, after: null });
  return { id, object: TYPE, deleted: true as const };
}
