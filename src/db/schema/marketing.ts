import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, shopId, updatedAt } from './columns';

export const subscriptionStatus = pgEnum('subscription_status', [
  'pending',
  'verified',
  'unsubscribed',
]);

export const newsletterSubscriptions = pgTable(
  'newsletter_subscriptions',
  {
    id: id(),
    shopId: shopId(),
    /** Stored normalised (trimmed, lower case). */
    email: text('email').notNull(),
    status: subscriptionStatus('status').notNull().default('pending'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    lastLinkSentAt: timestamp('last_link_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscriptions_shop_email_uq').on(t.shopId, t.email),
    index('newsletter_subscriptions_shop_status_idx').on(t.shopId, t.status),
  ],
);

/** Visitor analytics, append-only. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: shopId(),
    event: text('event').notNull(),
    visitorId: text('visitor_id').notNull(),
    sessionId: text('session_id').notNull(),
    sessionStartPage: text('session_start_page').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    referrerUrl: text('referrer_url'),
    hasCustomerAccount: boolean('has_customer_account'),
    customerId: text('customer_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_shop_created_idx').on(t.shopId, t.createdAt),
    index('analytics_events_shop_event_created_idx').on(t.shopId, t.event, t.createdAt),
  ],
);

export const outboxStatus = pgEnum('outbox_status', ['pending', 'sent', 'failed']);

/**
 * Emails are written here in the same transaction as the change that causes them,
 * then delivered after the response (and retried by the scheduled handler).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    shopId: shopId(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: jsonb('attempts').$type<Array<{ at: string; error: string }>>().notNull().default([]),
    providerId: text('provider_id'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('email_outbox_shop_created_idx').on(t.shopId, t.createdAt),
    // Delivery scans pending mail across shops; the one index that does not lead with shop_id.
    index('email_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);
