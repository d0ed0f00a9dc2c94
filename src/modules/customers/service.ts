import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { customers } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import { isUuid } from '../../lib/uuid';
import { adminOrdersOfCustomer } from '../orders/admin-service';
import {
  type AddressRow,
  type CustomerFilters,
  type CustomerRow,
  customerRows,
  eraseCustomerData,
  selectCustomer,
  selectCustomerData,
  selectCustomerPage,
} from './queries';
import type { Customer, CustomerUpdate } from './schemas';

const TYPE = 'customer';
/** Orders shown with a customer (the export has them all). */
const ORDERS_SHOWN = 50;

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getCustomer: ['CUSTOMER_NOT_FOUND'],
  updateCustomer: ['CUSTOMER_NOT_FOUND', 'CUSTOMER_ERASED'],
  eraseCustomer: ['CUSTOMER_NOT_FOUND', 'CUSTOMER_ERASED'],
} as const satisfies Record<string, readonly ErrorCode[]>;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** A customer as the merchant API shows it. */
export function toCustomer(row: CustomerRow, address: AddressRow | null): Customer {
  return {
    id: row.id,
    object: TYPE,
    email: row.email,
    name: row.name,
    phone: row.phone,
    status: row.status,
    address: address
      ? {
          town: address.town,
          city: address.city,
          apartment: address.apartment,
          room: address.room,
          postal_code: address.postalCode,
        }
      : null,
    last_login_at: iso(row.lastLoginAt),
    erased_at: iso(row.erasedAt),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listCustomers(
  db: Db,
  shop: ShopContext,
  params: ListParams & { search?: string; status?: CustomerFilters['status'] },
) {
  const filters = { search: params.search, status: params.status };
  const page = await listPage(db, customers, shop.id, params, (keyset) =>
    selectCustomerPage(db, keyset, filters),
  );
  return {
    data: page.rows.map((r) => toCustomer(r.customer, r.address)),
    hasMore: page.hasMore,
  };
}

async function customerOf(db: Db, shopId: string, id: string) {
  const [row] = isUuid(id) ? await selectCustomer(db, shopId, id) : [];
  if (!row) throw new ApiError('CUSTOMER_NOT_FOUND');
  return row;
}

/** One customer with their newest orders. */
export async function getCustomer(db: Db, shop: ShopContext, id: string) {
  const { customer, address } = await customerOf(db, shop.id, id);
  const orders = await adminOrdersOfCustomer(db, shop, customer, ORDERS_SHOWN);
  return { ...toCustomer(customer, address), orders };
}

/** A database row as plain JSON: snake_case keys, ISO 8601 times. */
function plain(row: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replaceAll(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`),
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

/** Everything the shop holds about a customer, as one JSON document (access requests). */
export async function exportCustomer(db: Db, shop: ShopContext, id: string) {
  const { customer, address } = await customerOf(db, shop.id, id);
  const [orders, [reviews, sessions, newsletter, redemptions]] = await Promise.all([
    adminOrdersOfCustomer(db, shop, customer, 10_000),
    selectCustomerData(db, shop.id, customer),
  ]);
  return {
    object: 'customer_export' as const,
    exported_at: new Date().toISOString(),
    customer: toCustomer(customer, address),
    orders,
    reviews: reviews.map(plain),
    sessions: sessions.map(plain),
    newsletter: newsletter.map(plain),
    coupon_redemptions: redemptions.map(plain),
  };
}

async function lockLive(w: WriteScope, id: string) {
  const current = await customerRows.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('CUSTOMER_NOT_FOUND');
  w.expectVersion(current.version);
  if (current.erasedAt) throw new ApiError('CUSTOMER_ERASED');
  return current;
}

/**
 * Sets a customer's status. Tokens are checked against it on every request, so an
 * inactive or blacklisted customer's live tokens stop at their next request.
 */
export async function updateCustomer(w: WriteScope, id: string, input: CustomerUpdate) {
  const current = await lockLive(w, id);
  const [{ address } = { address: null }] = await selectCustomer(w.tx, w.shop.id, id);
  const before = toCustomer(current, address);
  if (input.status === undefined || input.status === current.status) return before;
  const row = await customerRows.update(w.tx, w.shop.id, id, { status: input.status });
  const after = toCustomer(row, address);
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after });
  return after;
}

/** What the audit log keeps of an erased customer's former data: nothing personal. */
const REDACTED = '[erased]';

/**
 * Erases a customer's personal data (queries.eraseCustomerData says what goes and what
 * the books keep), revokes their sessions and marks the row erased and inactive. The row
 * stays, so their orders stay linked and counted.
 */
export async function eraseCustomer(w: WriteScope, id: string) {
  const current = await lockLive(w, id);
  const placeholder = `erased-${id}@erased.invalid`;
  await eraseCustomerData(w.tx, w.shop.id, current, placeholder);
  const row = await customerRows.update(w.tx, w.shop.id, id, {
    email: placeholder,
    name: '',
    phone: '',
    status: 'inactive',
    erasedAt: new Date(),
  });
  const after = toCustomer(row, null);
  const before = {
    ...after,
    email: REDACTED,
    name: REDACTED,
    phone: REDACTED,
    status: current.status,
    erased_at: null,
  };
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after });
  return after;
}
