import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, shopId } from './columns';
import { orderLines, orders } from './orders';

/** A shipment of some or all of an order's lines, with how to follow it. */
export const orderFulfillments = pgTable(
  'order_fulfillments',
  {
    id: id(),
    shopId: shopId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    carrier: text('carrier').notNull().default(''),
    trackingNumber: text('tracking_number').notNull().default(''),
    /** https only (checked before it is stored): it goes into the buyer's email. */
    trackingUrl: text('tracking_url'),
    createdAt: createdAt(),
  },
  (t) => [index('order_fulfillments_shop_order_idx').on(t.shopId, t.orderId, t.createdAt)],
);

/** How many of one order line a fulfilment ships. */
export const orderFulfillmentLines = pgTable(
  'order_fulfillment_lines',
  {
    id: id(),
    shopId: shopId(),
    fulfillmentId: uuid('fulfillment_id')
      .notNull()
      .references(() => orderFulfillments.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_fulfillment_lines_shop_line_idx').on(t.shopId, t.orderLineId),
    index('order_fulfillment_lines_shop_fulfillment_idx').on(t.shopId, t.fulfillmentId),
    check('order_fulfillment_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** What a refund gave back to stock: a quantity of one order line. */
export type RefundRestock = { lineId: string; quantity: number };

/** One refund of an order: an amount given back, why, and what went back to stock. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: id(),
    shopId: shopId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    reason: text('reason').notNull().default(''),
    restock: jsonb('restock').$type<RefundRestock[]>().notNull().default([]),
    /** The payment provider's refund id, when the money went back through the provider. */
    providerRefundId: text('provider_refund_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_refunds_shop_order_idx').on(t.shopId, t.orderId, t.createdAt),
    check('order_refunds_amount_non_negative', sql`${t.amountMinor} >= 0`),
  ],
);

/** An internal note on an order: never shown to the buyer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: id(),
    shopId: shopId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Who wrote it, as they were then: a staff email, or a key's name and prefix. */
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_shop_order_idx').on(t.shopId, t.orderId, t.createdAt)],
);
