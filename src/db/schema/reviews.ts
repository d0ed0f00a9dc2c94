import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { createdAt, id, shopId, updatedAt, version } from './columns';
import { customers } from './customers';
import { orders } from './orders';

export const reviewStatus = pgEnum('review_status', ['pending', 'approved']);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    shopId: shopId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    buyerName: text('buyer_name').notNull().default(''),
    variationLabel: text('variation_label').notNull().default(''),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    status: reviewStatus('status').notNull().default('pending'),
    /** Hidden by the merchant: never listed, counted in the summary's `hidden`. */
    hidden: boolean('hidden').notNull().default(false),
    media: jsonb('media').$type<Array<Record<string, unknown>>>().notNull().default([]),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_shop_order_product_uq').on(t.shopId, t.orderId, t.productId),
    index('reviews_shop_product_status_idx').on(t.shopId, t.productId, t.status, t.createdAt),
    index('reviews_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    // Home's pending reviews (needs action): the few waiting, not every review of the shop.
    index('reviews_shop_pending_idx').on(t.shopId).where(sql`${t.status} = 'pending'`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
