import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, shopId, updatedAt, version } from './columns';

/**
 * Where a shop wants its events sent (Standard Webhooks). `secret` holds the signing secret
 * sealed with a key derived from APP_HMAC_SECRET (src/modules/webhooks/secrets.ts); the
 * plain secret is shown once, when the endpoint is created.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    shopId: shopId(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the platform disabled the endpoint; null when enabled or disabled by the merchant. */
    disabledReason: text('disabled_reason'),
    /** Failed attempts since the last success, and when that run of failures began. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_shop_created_idx').on(t.shopId, t.createdAt, t.id)],
);

/**
 * One event of a shop (`order.created`, …), written in the transaction of the change that
 * causes it, and only when an enabled endpoint subscribes to its type. `id` is the
 * `webhook-id` every delivery of it carries.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    shopId: shopId(),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_shop_created_idx').on(t.shopId, t.createdAt, t.id)],
);

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', [
  'pending',
  'succeeded',
  'failed',
]);

export type WebhookAttempt = {
  at: string;
  status: number | null;
  error: string | null;
  durationMs: number;
};

/**
 * The outbox: one row per event and endpoint, delivered at least once. A sender claims a
 * row by setting `locked_until` (a lease), so the cron and the request that wrote it never
 * send it at the same time; a sender that dies leaves the lease to expire.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    shopId: shopId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: jsonb('attempts').$type<WebhookAttempt[]>().notNull().default([]),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The delivery this one replays, when it was created by a replay. */
    replayOf: uuid('replay_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_created_idx').on(t.shopId, t.endpointId, t.createdAt, t.id),
    // The senders scan due rows across shops; like the email outbox, it does not lead with shop_id.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // Home's failed deliveries (needs action): the shop's failed ones, and whether each was replayed.
    index('webhook_deliveries_shop_failed_idx').on(t.shopId).where(sql`${t.status} = 'failed'`),
    index('webhook_deliveries_shop_replay_idx')
      .on(t.shopId, t.replayOf)
      .where(sql`${t.replayOf} is not null`),
  ],
);
