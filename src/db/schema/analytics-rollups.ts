import {
  bigint,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { shopId } from './columns';

/**
 * Rollups of `analytics_events` the merchant reports read (src/modules/analytics/admin-queries.ts).
 * Written only by the statement-level trigger on `analytics_events` (drizzle/0024), in the
 * inserting statement, so they are exact at the commit of every insert. Days are UTC.
 */

/**
 * One row per shop, UTC day, session and visitor that sent at least one event that day. The
 * visitor is part of the key so that a session reported under two visitor ids still counts both
 * visitors, as the raw events would.
 */
export const analyticsSessionDays = pgTable(
  'analytics_session_days',
  {
    shopId: shopId(),
    day: date('day', { mode: 'string' }).notNull(),
    sessionId: text('session_id').notNull(),
    visitorId: text('visitor_id').notNull(),
    pageViews: integer('page_views').notNull().default(0),
    productView: boolean('product_view').notNull().default(false),
    addToCart: boolean('add_to_cart').notNull().default(false),
    beginCheckout: boolean('begin_checkout').notNull().default(false),
    completeCheckout: boolean('complete_checkout').notNull().default(false),
    /** Distinct referring hosts of the day's events (lower case), sorted. */
    referrerHosts: text('referrer_hosts').array().notNull().default([]),
    /** Distinct `utm_source` values of the day's `social_referral` events, sorted. */
    utmSources: text('utm_sources').array().notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.sessionId, t.visitorId] })],
);

/**
 * One row per shop, UTC day and product (`metadata->>'productId'`) of `product_view` and
 * `add_to_cart` events. A missing product id is a key of its own (nulls not distinct), as the
 * raw events would group it.
 */
export const analyticsProductDays = pgTable(
  'analytics_product_days',
  {
    shopId: shopId(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id'),
    views: integer('views').notNull().default(0),
    addToCart: integer('add_to_cart').notNull().default(0),
    /** Units added to cart (`metadata.quantity`, 1 when absent). */
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('analytics_product_days_key').on(t.shopId, t.day, t.productId).nullsNotDistinct()],
);
