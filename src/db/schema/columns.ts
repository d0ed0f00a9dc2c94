import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/** Primary key: a random UUID, exposed to clients as `_id`. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** Tenant column: every tenant-owned row belongs to one shop and goes with it. */
export const shopId = () =>
  uuid('shop_id')
    .notNull()
    .references(() => shops.id, { onDelete: 'cascade' });

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Optimistic concurrency: a row's version, raised by one on every write through the
 * merchant API and shown as its ETag (src/admin-kit/concurrency.ts).
 */
export const version = () => integer('version').notNull().default(1);
