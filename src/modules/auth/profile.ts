import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerAddresses, customers } from '../../db/schema';
import { ApiError, type ErrorCode } from '../../errors';
import type { SessionCustomer } from '../../identity/sessions';
import type { Customer, UpdateProfileBody } from './schemas';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  // A bad phone is refused by validation (PhoneSchema), before the verb runs.
  updateProfile: [],
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
 * Saves name, phone (compact, as PhoneSchema parsed it) and the address (created on first
 * save) in one atomic batch.
 */
export async function updateProfile(
  db: Db,
  shopId: string,
  customerId: string,
  body: UpdateProfileBody,
): Promise<Customer> {
  const { phone, town, city, apartment, room, postalCode } = body;
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
