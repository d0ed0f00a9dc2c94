import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, productVariants } from './catalog';
import { createdAt, id, shopId, updatedAt, version } from './columns';
import { customers } from './customers';
import { digitalFiles } from './digital-files';
import { shops } from './shops';

export const orderStatus = pgEnum('order_status', [
  'pending',
  'delivered',
  'completed',
  'cancelled',
  'refunded',
]);
export const paymentStatus = pgEnum('payment_status', ['unpaid', 'fully-paid']);
/** Progress of a refund request: none yet, requested (`EXISTING`), or paid back (`DONE`). */
export const refundState = pgEnum('refund_state', ['none', 'requested', 'refunded']);
export const couponKind = pgEnum('coupon_kind', ['percentage', 'fixed']);

/** Snapshot of the shipping choice at order time: `{ _id, name, price }` in the contract. */
export type OrderShippingSnapshot = {
  kind: 'standard' | 'pickup';
  id: string;
  name: string;
  priceMinor: number;
};

/** Snapshot of an applied coupon at order time. */
export type OrderCouponSnapshot = { id: string; code: string; amountMinor: number };

/**
 * An amount of an order in minor units: bigint, read as a JS number. Orders are bounded
 * (checkout's MAX_CART_VALUE_MINOR) far below 2^53, so every value is exact.
 */
const money = (name: string) => bigint(name, { mode: 'number' });

/** Per-shop order number sequence, kept apart from `shops` so orders do not lock the shop row. */
export const orderCounters = pgTable('order_counters', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(1000),
});

export const orders = pgTable(
  'orders',
  {
    id: id(),
    shopId: shopId(),
    orderNumber: text('order_number').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    town: text('town').notNull().default(''),
    city: text('city').notNull().default(''),
    apartment: text('apartment').notNull().default(''),
    room: text('room').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    note: text('note').notNull().default(''),
    status: orderStatus('status').notNull().default('pending'),
    paymentStatus: paymentStatus('payment_status').notNull().default('unpaid'),
    refundState: refundState('refund_state').notNull().default('none'),
    productsTotalMinor: money('products_total_minor').notNull(),
    shippingTotalMinor: money('shipping_total_minor').notNull().default(0),
    couponTotalMinor: money('coupon_total_minor').notNull().default(0),
    taxTotalMinor: money('tax_total_minor').notNull().default(0),
    cartTotalMinor: money('cart_total_minor').notNull(),
    paidTotalMinor: money('paid_total_minor').notNull().default(0),
    shipping: jsonb('shipping').$type<OrderShippingSnapshot>(),
    coupons: jsonb('coupons').$type<OrderCouponSnapshot[]>().notNull().default([]),
    /** Client-supplied Idempotency-Key; a retry with the same key returns this order. */
    idempotencyKey: text('idempotency_key'),
    /** Hash of the request body the idempotency key was first used with. */
    requestHash: text('request_hash'),
    paymentProvider: text('payment_provider'),
    paymentSessionId: text('payment_session_id'),
    paymentUrl: text('payment_url'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** How a merchant recorded a payment taken outside the provider (`cash_on_delivery`, `bank_transfer`). */
    paymentMethod: text('payment_method'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    refundReason: text('refund_reason').notNull().default(''),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedTotalMinor: money('refunded_total_minor').notNull().default(0),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_shop_number_uq').on(t.shopId, t.orderNumber),
    index('orders_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    uniqueIndex('orders_shop_idempotency_uq')
      .on(t.shopId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('orders_shop_customer_created_idx').on(t.shopId, t.customerId, t.createdAt),
    index('orders_shop_payment_session_idx').on(t.shopId, t.paymentSessionId),
    // Home's open work (analytics overview): the few orders still pending or asking a refund,
    // with every column the counts test, so they are counted from the index alone.
    index('orders_shop_open_idx')
      .on(t.shopId, t.status, t.paymentStatus, t.refundState, t.refundedTotalMinor)
      .where(sql`${t.status} = 'pending' or ${t.refundState} = 'requested'`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: id(),
    shopId: shopId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** The variation key as ordered; '' for products without variants. */
    variationKey: text('variation_key').notNull().default(''),
    sku: text('sku').notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    totalMinor: money('total_minor').notNull(),
    isDigital: boolean('is_digital').notNull().default(false),
    /** Whether the order took this line's quantity from stock (given back if it is released). */
    stockTaken: boolean('stock_taken').notNull().default(false),
    /** How much of the line refunds gave back to stock so far (at most `quantity`). */
    restockedQuantity: integer('restocked_quantity').notNull().default(0),
    /** Place of the line in the cart it was ordered from; orders list their lines in this order. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_lines_shop_order_idx').on(t.shopId, t.orderId),
    index('order_lines_shop_product_idx').on(t.shopId, t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Magic sign-in links sent in order emails. Only a hash of the link id is stored. */
export const accessLinks = pgTable(
  'access_links',
  {
    id: id(),
    shopId: shopId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('access_links_shop_token_uq').on(t.shopId, t.tokenHash)],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    shopId: shopId(),
    /** Stored upper case; codes are matched case-insensitively. */
    code: text('code').notNull(),
    kind: couponKind('kind').notNull(),
    /** Percent (0–100) for `percentage`, minor units for `fixed`. */
    value: integer('value').notNull(),
    minTotalMinor: integer('min_total_minor').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    usedCount: integer('used_count').notNull().default(0),
    /** Optional scope: the coupon applies only to these products / categories' products. */
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    active: boolean('active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_shop_code_uq').on(t.shopId, sql`upper(${t.code})`),
    index('coupons_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    check('coupons_value_non_negative', sql`${t.value} >= 0`),
  ],
);

export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: id(),
    shopId: shopId(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    amountMinor: money('amount_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_redemptions_shop_coupon_email_idx').on(t.shopId, t.couponId, t.email),
    uniqueIndex('coupon_redemptions_order_coupon_uq').on(t.orderId, t.couponId),
  ],
);

/** The right of one order to download one digital file. */
export const downloadGrants = pgTable(
  'download_grants',
  {
    id: id(),
    shopId: shopId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => digitalFiles.id, { onDelete: 'cascade' }),
    downloadLimit: integer('download_limit'),
    downloadCount: integer('download_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('download_grants_order_file_uq').on(t.shopId, t.orderId, t.fileId),
    check(
      'download_grants_count_within_limit',
      sql`${t.downloadLimit} is null or ${t.downloadCount} <= ${t.downloadLimit}`,
    ),
  ],
);

/** Provider webhook deliveries already processed, so replays are harmless. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    shopId: shopId(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_shop_provider_event_uq').on(t.shopId, t.provider, t.eventId)],
);
