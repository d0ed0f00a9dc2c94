import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Whether a shop serves its storefront; anything but `active` answers SHOP_UNDER_DEVELOPMENT. */
export const shopStatus = pgEnum('shop_status', [
  'active',
  'development',
  'maintenance',
  'suspended',
]);

export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** URL-safe name; `<handle>.<SHOP_DOMAIN_SUFFIX>` serves the shop without a custom domain. */
    handle: text('handle').notNull(),
    name: text('name').notNull(),
    status: shopStatus('status').notNull().default('active'),
    currency: text('currency').notNull().default('EUR'),
    /** Digits after the decimal point of the currency: amounts are stored as integers of 10^-n units. */
    currencyDigits: smallint('currency_digits').notNull().default(2),
    /** Merchant cap on newsletter subscriptions; null means no cap. */
    newsletterCap: integer('newsletter_cap'),
    /** Days after delivery during which a refund may be requested. */
    refundWindowDays: integer('refund_window_days').notNull().default(14),
    couponsEnabled: boolean('coupons_enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('shops_handle_uq').on(t.handle)],
);

/** Storefront (theme) keys. Only the SHA-256 of the key is stored; `prefix` identifies it to humans. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    name: text('name').notNull().default('storefront'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_uq').on(t.keyHash),
    index('api_keys_shop_idx').on(t.shopId),
  ],
);

/** Hostnames a shop's storefront is served on; one of them is primary (canonical URLs). */
export const shopDomains = pgTable(
  'shop_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    hostname: text('hostname').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shop_domains_hostname_uq').on(sql`lower(${t.hostname})`),
    uniqueIndex('shop_domains_primary_uq').on(t.shopId).where(sql`${t.isPrimary}`),
    index('shop_domains_shop_idx').on(t.shopId),
  ],
);

/** Payment providers the platform implements; a shop cannot configure any other. */
export const paymentProviderKind = pgEnum('payment_provider_kind', ['stripe']);

/** Payment provider credentials of a shop. The secret is a provider key and must be usable, so it is not hashed. */
export const paymentProviders = pgTable(
  'payment_providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    provider: paymentProviderKind('provider').notNull().default('stripe'),
    active: boolean('active').notNull().default(false),
    secretKey: text('secret_key').notNull(),
    webhookSecret: text('webhook_secret').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // At most one active provider per shop: checkout and webhooks use that one
  // (shopPaymentProviderSql). Replaced or switched-off credentials may stay, inactive.
  (t) => [
    uniqueIndex('payment_providers_shop_active_uq').on(t.shopId).where(sql`${t.active}`),
    index('payment_providers_shop_created_idx').on(t.shopId, t.createdAt),
  ],
);
