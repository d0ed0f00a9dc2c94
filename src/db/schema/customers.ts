import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, shopId, updatedAt, version } from './columns';

export const customerStatus = pgEnum('customer_status', ['active', 'inactive', 'blacklisted']);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    shopId: shopId(),
    /** Stored normalised (trimmed, lower case). */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    status: customerStatus('status').notNull().default('active'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set when the merchant erased the customer's personal data (the row stays, anonymised). */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('customers_shop_email_uq').on(t.shopId, t.email),
    index('customers_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);

/** The customer's saved delivery address (one per customer). */
export const customerAddresses = pgTable(
  'customer_addresses',
  {
    id: id(),
    shopId: shopId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    town: text('town').notNull().default(''),
    city: text('city').notNull().default(''),
    apartment: text('apartment').notNull().default(''),
    room: text('room').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('customer_addresses_shop_customer_uq').on(t.shopId, t.customerId)],
);

/** One-time sign-in codes. Only an HMAC of the code is stored. */
export const otpVerifications = pgTable(
  'otp_verifications',
  {
    id: id(),
    shopId: shopId(),
    email: text('email').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    codeHmac: text('code_hmac').notNull(),
    event: text('event').notNull().default('login'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Set when a newer code for the same email replaces this one. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_verifications_shop_email_idx').on(t.shopId, t.email, t.createdAt),
    index('otp_verifications_open_idx')
      .on(t.shopId, t.email)
      .where(sql`${t.consumedAt} is null and ${t.voidedAt} is null`),
  ],
);

/** Server-side record behind every customer token; revoking it invalidates the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    shopId: shopId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** HMAC of the device identity the token was issued to (the token's `dev` claim). */
    deviceHash: text('device_hash').notNull(),
    method: text('method').notNull().default('otp'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_shop_customer_idx').on(t.shopId, t.customerId)],
);
