import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, shopId, updatedAt, version } from './columns';
import { media } from './media';
import { shops } from './shops';

/**
 * The merchant's storefront configuration that has no relational meaning of its own
 * (branding, header, footer, flags, tracking ids, SEO defaults). Its type is owned by
 * the settings module (`SettingsDocumentSchema` in modules/settings/document.ts) and
 * validated there on write.
 */
export const shopSettings = pgTable('shop_settings', {
  shopId: uuid('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  document: jsonb('document').$type<Record<string, unknown>>().notNull().default({}),
  version: version(),
  updatedAt: updatedAt(),
});

/** Standard delivery rates offered at checkout (`settings.shipping.standard`). */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: id(),
    shopId: shopId(),
    title: text('title').notNull(),
    priceMinor: integer('price_minor').notNull(),
    /**
     * Least order value (products after coupons, before tax and shipping) for which the
     * rate may be chosen, e.g. free shipping over 100; null for any order.
     */
    minOrderMinor: integer('min_order_minor'),
    description: text('description').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shipping_rates_shop_idx').on(t.shopId, t.position),
    index('shipping_rates_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);

/** Pickup points offered at checkout (`settings.shipping.pickup`). */
export const pickupLocations = pgTable(
  'pickup_locations',
  {
    id: id(),
    shopId: shopId(),
    name: text('name').notNull(),
    buildingName: text('building_name').notNull().default(''),
    description: text('description').notNull().default(''),
    feeMinor: integer('fee_minor').notNull().default(0),
    openingHours: text('opening_hours').notNull().default(''),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    mapUrl: text('map_url').notNull().default(''),
    imageId: uuid('image_id').references(() => media.id, { onDelete: 'set null' }),
    phone: text('phone').notNull().default(''),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('pickup_locations_shop_idx').on(t.shopId, t.position),
    index('pickup_locations_shop_created_idx').on(t.shopId, t.createdAt, t.id),
  ],
);

export const POLICY_TYPES = [
  'privacy',
  'terms-of-service',
  'refund',
  'return',
  'exchange',
  'shipping',
  'delivery',
  'cancellation',
  'payment',
  'pricing',
  'order',
  'warranty',
  'disclaimer',
  'cookie',
] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];
export const policyType = pgEnum('policy_type', POLICY_TYPES);

/** Policy documents; `content` is the merchant's HTML, escaped on the way out. */
export const policies = pgTable(
  'policies',
  {
    id: id(),
    shopId: shopId(),
    type: policyType('type').notNull(),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('policies_shop_type_uq').on(t.shopId, t.type)],
);
