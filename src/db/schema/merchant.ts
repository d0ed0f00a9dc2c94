import {
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, shopId } from './columns';
import { staffMembers } from './staff';

/**
 * Merchant API secret keys (`sk_live_…`). Only the SHA-256 of a key is stored; `prefix`
 * (its first 12 characters) names it to humans. `scopes` are the strings of
 * src/identity/merchant-scopes.ts. A key is never deleted, only revoked.
 */
export const merchantKeys = pgTable(
  'merchant_keys',
  {
    id: id(),
    shopId: shopId(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** Requests per minute this key may make; null for the platform default. */
    rateLimit: integer('rate_limit'),
    /**
     * The staff member who created the key from a session (null: made with the CLI or another
     * key). Disabling or removing that member revokes the key (docs/decisions/staff.md).
     */
    createdByMemberId: uuid('created_by_member_id').references(() => staffMembers.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    /** When the key was last resolved from the database (at most once per cache period). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('merchant_keys_key_hash_uq').on(t.keyHash),
    index('merchant_keys_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    index('merchant_keys_created_by_idx').on(t.createdByMemberId),
  ],
);

/**
 * The stored answer of a merchant write sent with an `Idempotency-Key`, written in the
 * transaction of the write itself. Rows older than 24 hours no longer count and are purged.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    shopId: shopId(),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body of the first request. */
    requestHash: text('request_hash').notNull(),
    /**
     * The first answer's body as sent (json, not jsonb, so a replay is byte for byte the
     * same); null only inside the transaction that is writing it.
     */
    response: json('response'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_shop_key_uq').on(t.shopId, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * One record per change made through the merchant API (or the operator's CLI, with no
 * key), written in the transaction of the change. `changes` maps each changed field of
 * the resource as the API shows it to `{ before, after }`.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    shopId: shopId(),
    keyId: uuid('key_id').references(() => merchantKeys.id, { onDelete: 'set null' }),
    /** The staff member who made the change from a browser (null for keys and the operator). */
    staffMemberId: uuid('staff_member_id'),
    /** Who made the change, kept as it was then: a staff email, or a key's name and prefix. */
    actor: text('actor'),
    /**
     * The name a person reading the log knows them by, as it was then: a staff member's name
     * (so a removed member keeps it), or a key's name; null for the operator and older rows.
     */
    actorName: text('actor_name'),
    requestId: text('request_id'),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    changes: jsonb('changes')
      .$type<Record<string, { before: unknown; after: unknown }>>()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    index('audit_events_shop_resource_idx').on(t.shopId, t.resourceType, t.resourceId),
    index('audit_events_shop_actor_idx').on(t.shopId, t.actor, t.createdAt),
  ],
);
