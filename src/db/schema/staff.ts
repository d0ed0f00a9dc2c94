import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { shops } from './shops';

/**
 * A person who runs one or more shops, by email (stored lower-case, unique across the
 * platform): an agency's staff member belongs to several shops, one membership each.
 */
export const staffPeople = pgTable(
  'staff_people',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_people_email_uq').on(t.email)],
);

/**
 * A named set of merchant scopes within a shop. Presets carry a `key` (`owner`, `admin`, …)
 * and are created with the shop's first staff; merchants add roles of their own (key null).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: id(),
    shopId: shopId(),
    key: text('key'),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_roles_shop_key_uq').on(t.shopId, t.key),
    uniqueIndex('staff_roles_shop_name_uq').on(t.shopId, sql`lower(${t.name})`),
    index('staff_roles_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);

export const staffStatus = pgEnum('staff_status', ['invited', 'active', 'disabled']);

/** A person's membership of one shop: their role there and whether they may sign in to it. */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: id(),
    shopId: shopId(),
    personId: uuid('person_id')
      .notNull()
      .references(() => staffPeople.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => staffRoles.id),
    status: staffStatus('status').notNull().default('invited'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_members_shop_person_uq').on(t.shopId, t.personId),
    index('staff_members_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    index('staff_members_person_idx').on(t.personId),
    index('staff_members_role_idx').on(t.roleId),
  ],
);

/**
 * An emailed invitation to join a shop. Only the SHA-256 of its token is stored; resending
 * replaces the token (the old link stops working) and the expiry.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: id(),
    shopId: shopId(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => staffRoles.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Who sent it: a staff email, a key's name and prefix, or `operator`. */
    invitedBy: text('invited_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('staff_invites_token_hash_uq').on(t.tokenHash),
    index('staff_invites_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);

/**
 * A browser's sign-in: the SHA-256 of the cookie's random token, the person, and the shop
 * picked (null until a member of several shops picks one). Ends at `expires_at` (absolute),
 * after the idle limit since `last_seen_at`, or when `ended_at` is set.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    personId: uuid('person_id')
      .notNull()
      .references(() => staffPeople.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').references(() => shops.id, { onDelete: 'cascade' }),
    /**
     * The session carries its shop's membership alone (it was opened by accepting that shop's
     * invite): the person's other shops need a sign-in with a code.
     */
    singleShop: boolean('single_shop').notNull().default(false),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ipNetwork: text('ip_network').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_uq').on(t.tokenHash),
    index('staff_sessions_person_idx').on(t.personId, t.createdAt),
    index('staff_sessions_shop_person_idx').on(t.shopId, t.personId),
  ],
);

/**
 * An emailed 6-digit sign-in code for staff (by email, across shops): its HMAC, the wrong
 * attempts counted against it, and when it was used or replaced by a newer one.
 */
export const staffSignInCodes = pgTable(
  'staff_sign_in_codes',
  {
    id: id(),
    email: text('email').notNull(),
    codeHmac: text('code_hmac').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_sign_in_codes_email_idx').on(t.email, t.createdAt)],
);
