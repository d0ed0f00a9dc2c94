import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Per product, whether best sellers list it (units sold and an in-stock card): the shares of
 * shop_card_counts.best_sellers. Every transaction that can change that (an order through its
 * product_sales row, a restock or an unpublish through the product's card) takes the product's
 * mark until it commits, and settles it then (drizzle/0050_best_seller_count_triggers.sql).
 * No foreign keys: settling at COMMIT must not lock the product or the shop row (a merchant's
 * write holds the product's while it waits for the stock an order holds); a mark whose
 * product is gone is removed as it settles.
 */
export const bestSellerMarks = pgTable(
  'best_seller_marks',
  {
    shopId: uuid('shop_id').notNull(),
    productId: uuid('product_id').notNull(),
    /** Counted in shop_card_counts.best_sellers, as of the last commit that settled it. */
    listed: boolean('listed').notNull().default(false),
    /** When a transaction last took the mark (its write queues the settling). */
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.productId] })],
);
