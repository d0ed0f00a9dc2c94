import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAddresses, customers } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import type { SessionCustomer } from '../../identity/sessions';
import type { Customer, UpdateProfileBody } from './schemas';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  updateProfile: ['PHONE_NUMBER_INVALID'],
} as const satisfies Record<string, readonly ErrorCode[]>;

type AddressRow = NonNullable<SessionCustomer['address']>;
type CustomerRow = Pick<
  SessionCustomer,
  'id' | 'name' | 'email' | 'phone' | 'createdAt' | 'lastLoginAt'
>;

/** The contract's customer object from a customer row and their saved address. */
export function toCustomer(row: CustomerRow, address: AddressRow | null): Customer {
  return {
    user: {
      _id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      date: row.createdAt.toISOString(),
      // Every session is created together with last_login_at; creation time is only a fallback.
      lastLogin: (row.lastLoginAt ?? row.createdAt).toISOString(),
    },
    shipping: address
      ? {
          _id: address.id,
          town: address.town,
          city: address.city,
          apartment: address.apartment,
          room: address.room,
          postalCode: address.postalCode,
        }
      : null,
  };
}

/**
 * A plausible international phone number: after removing spaces, dashes, dots and
 * parentheses, an optional `+` and 7 to 15 digits (E.164 allows at most 15). Returns the
 * compact form stored, or throws PHONE_NUMBER_INVALID.
 */
export function normalisePhone(raw: string): string {
  const compact = raw.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d{7,15}$/.test(compact)) throw new ApiError('PHONE_NUMBER_INVALID');
  return compact;
}

/** Saves name, phone and the address (created on first save) in one atomic batch. */
export async function updateProfile(
  db: Db,
  shopId: string,
  customerId: string,
  body: UpdateProfileBody,
): Promise<Customer> {
  const phone = normalisePhone(body.phone);
  const { town, city, apartment, room, postalCode } = body;
  // Optional parts left out of the body keep their saved value.
  const given = Object.fromEntries(
    Object.entries({ city, apartment, room, postalCode }).filter(([, v]) => v !== undefined),
  );
  const now = new Date();
  const [updated, saved] = await db.batch([
    db
      .update(customers)
      .set({ name: body.name, phone, updatedAt: now })
      .where(and(eq(customers.id, customerId), eq(customers.shopId, shopId)))
      .returning(),
    db
      .insert(customerAddresses)
      .values({ shopId, customerId, town, ...given })
      .onConflictDoUpdate({
        target: [customerAddresses.shopId, customerAddresses.customerId],
        set: { town, ...given, updatedAt: sql`now()` },
      })
      .returning(),
  ]);
  const [row] = updated;
  const [address] = saved;
  if (!row || !address) throw new ApiError('AUTH_USER_NOT_FOUND');
  return toCustomer(row, address);
}
