import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { shopId } from './columns';

/**
 * Units of each product sold in orders that count as sales (neither cancelled nor refunded,
 * status `refunded` or a completed refund), kept by Postgres: triggers on order_lines and
 * orders add and take away a line's quantity as lines are written and orders change state
 * (drizzle/0039_product_sales_triggers.sql). Best sellers page over it in order of its index
 * instead of summing every order line of the shop per read.
 */
export const productSales = pgTable(
  'product_sales',
  {
    shopId: shopId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    units: integer('units').notNull().default(0),
    /** A copy of products.created_at: the ranking's tie-break, read from the same index. */
    productCreatedAt: timestamp('product_created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.productId] }),
    index('product_sales_shop_rank_idx')
      .on(
        t.shopId,
        t.units.desc().nullsFirst(),
        t.productCreatedAt.desc().nullsFirst(),
        t.productId.desc().nullsFirst(),
      )
      .where(sql`${t.units} > 0`),
  ],
);
