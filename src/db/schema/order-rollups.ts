import { bigint, date, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Per shop: the last UTC day of the 30 days product_sales_windows holds (null until the first
 * roll). The cron rolls it forward to today (public.sales_windows_roll,
 * drizzle/0052_sales_window_triggers.sql); the Home report reads the kept sums only when it ends
 * on the report's day, and adds up order_product_days otherwise.
 */
export const salesWindows = pgTable('sales_windows', {
  shopId: shopId().primaryKey(),
  windowEnd: date('window_end', { mode: 'string' }),
});

/**
 * Per shop and product: order_product_days summed over the 30 days that end on the shop's
 * sales_windows.window_end, kept in the same statement as order_product_days (each change to a
 * day inside the window is added here too) and moved a day at a time by the roll. The Home
 * report's best sellers read its first rows by sales.
 */
export const productSalesWindows = pgTable(
  'product_sales_windows',
  {
    shopId: shopId(),
    productId: uuid('product_id').notNull(),
    units: integer('units').notNull().default(0),
    salesMinor: bigint('sales_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.productId] }),
    index('product_sales_windows_shop_sales_idx').on(t.shopId, t.salesMinor.desc(), t.productId),
  ],
);
