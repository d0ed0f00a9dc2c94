import { bigint, date, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { shopId } from './columns';

/**
 * Daily rollups of orders the Home report reads (src/modules/analytics/admin-overview-queries.ts),
 * kept by Postgres: triggers on orders and order_lines add and take away each order's share
 * in the statement that changes it (drizzle/0045_order_rollup_triggers.sql), so they are exact
 * at every commit. Days are the UTC day the order was placed.
 */

/**
 * Per shop and day: orders placed and not cancelled; of those, the fully paid ones and their
 * net sales (paid less refunded, never below zero), in minor units.
 */
export const orderDays = pgTable(
  'order_days',
  {
    shopId: shopId(),
    day: date('day', { mode: 'string' }).notNull(),
    orders: integer('orders').notNull().default(0),
    paidOrders: integer('paid_orders').notNull().default(0),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day] })],
);

/**
 * Per shop, day and product: units and line totals (minor units) of the lines of orders that
 * are fully paid and neither cancelled nor refunded (status `refunded` or a completed refund).
 * Lines without a product are not counted. A row whose lines all stopped counting stays at zero.
 */
export const orderProductDays = pgTable(
  'order_product_days',
  {
    shopId: shopId(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    units: integer('units').notNull().default(0),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.day, t.productId] })],
);
