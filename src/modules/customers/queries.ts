import { and, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import { versionedRows } from '../../admin-kit/rows';
import type { Db, Tx } from '../../db/client';
import {
  accessLinks,
  couponRedemptions,
  customerAddresses,
  customers,
  newsletterSubscriptions,
  orders,
  otpVerifications,
  reviews,
  sessions,
} from '../../db/schema';
import { eraseCopies } from './erasure-copies';

export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof customerAddresses.$inferSelect;

/** Read one, lock, update: each filtered by shop. */
export const customerRows = versionedRows(customers);

/** `%term%` for LIKE, its own `%`, `_` and `\` matching themselves. */
const containing = (term: string) => `%${term.replaceAll(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export type CustomerFilters = { search?: string; status?: CustomerRow['status'] };

/** The customer's saved address, joined (null when none). */
const withAddress = (db: Db | Tx) =>
  db
    .select({ customer: customers, address: customerAddresses })
    .from(customers)
    .leftJoin(
      customerAddresses,
      and(
        eq(customerAddresses.shopId, customers.shopId),
        eq(customerAddresses.customerId, customers.id),
      ),
    );

/** A page of customers with their addresses: one statement. */
export function selectCustomerPage(db: Db, keyset: Keyset, filters: CustomerFilters) {
  const term = filters.search?.trim();
  return withAddress(db)
    .where(
      and(
        keyset.where,
        term
          ? or(ilike(customers.email, containing(term)), ilike(customers.name, containing(term)))
          : undefined,
        filters.status ? eq(customers.status, filters.status) : undefined,
      ),
    )
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
}

/** One customer with their address. */
export function selectCustomer(db: Db | Tx, shopId: string, id: string) {
  return withAddress(db)
    .where(and(eq(customers.shopId, shopId), eq(customers.id, id)))
    .limit(1);
}

/** Everything held about a customer besides the profile and orders, for the export. */
export function selectCustomerData(db: Db, shopId: string, customer: CustomerRow) {
  return db.batch([
    db
      .select()
      .from(reviews)
      .where(and(eq(reviews.shopId, shopId), eq(reviews.customerId, customer.id))),
    db
      .select({
        id: sessions.id,
        method: sessions.method,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      })
      .from(sessions)
      .where(and(eq(sessions.shopId, shopId), eq(sessions.customerId, customer.id))),
    db
      .select()
      .from(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.shopId, shopId),
          eq(newsletterSubscriptions.email, customer.email),
        ),
      ),
    db
      .select()
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.shopId, shopId),
          or(
            eq(couponRedemptions.customerId, customer.id),
            eq(couponRedemptions.email, customer.email),
          ),
        ),
      ),
  ]);
}

/**
 * Erases what identifies a customer, in the erasure's transaction: the profile (email
 * replaced by `placeholder`, name and phone emptied), the saved address, sign-in codes and
 * links, every session (revoked), the newsletter subscription, the name on their reviews, and
 * every copy of their data (erasure-copies.ts: stored answers, webhook events, audit records,
 * emails); on their orders and coupon redemptions the email, phone
 * and note. Orders keep their number, lines, amounts, name and delivery address (the
 * invoice the shop must keep).
 */
export async function eraseCustomerData(
  tx: Tx,
  shopId: string,
  customer: CustomerRow,
  placeholder: string,
) {
  const { id, email } = customer;
  await eraseCopies(tx, shopId, customer, placeholder);
  const theirOrders = and(
    eq(orders.shopId, shopId),
    or(eq(orders.customerId, id), eq(sql`lower(${orders.email})`, email)),
  );
  await tx
    .delete(customerAddresses)
    .where(and(eq(customerAddresses.shopId, shopId), eq(customerAddresses.customerId, id)));
  await tx
    .delete(otpVerifications)
    .where(
      and(
        eq(otpVerifications.shopId, shopId),
        or(eq(otpVerifications.customerId, id), eq(otpVerifications.email, email)),
      ),
    );
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(sessions.shopId, shopId), eq(sessions.customerId, id), isNull(sessions.revokedAt)),
    );
  await tx
    .delete(newsletterSubscriptions)
    .where(
      and(eq(newsletterSubscriptions.shopId, shopId), eq(newsletterSubscriptions.email, email)),
    );
  await tx
    .delete(accessLinks)
    .where(and(eq(accessLinks.shopId, shopId), eq(accessLinks.email, email)));
  await tx
    .update(reviews)
    .set({ buyerName: '', updatedAt: sql`now()` })
    .where(and(eq(reviews.shopId, shopId), eq(reviews.customerId, id)));
  await tx
    .update(couponRedemptions)
    .set({ email: placeholder })
    .where(
      and(
        eq(couponRedemptions.shopId, shopId),
        or(eq(couponRedemptions.customerId, id), eq(couponRedemptions.email, email)),
      ),
    );
  await tx
    .update(orders)
    .set({ email: placeholder, phone: '', note: '', updatedAt: sql`now()` })
    .where(theirOrders);
}
