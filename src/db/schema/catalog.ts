import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, shopId, updatedAt, version } from './columns';
import { media } from './media';
import { searchGin } from './search';

export const publicationStatus = pgEnum('publication_status', ['published', 'draft', 'archived']);

/** A full-text search document; only Postgres writes it (a generated column or triggers). */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Parcel dimensions used for shipping quotes. */
export type ShippingDimensions = {
  weight: number;
  length: number;
  width: number;
  height: number;
  weightUnit: string;
  measurementUnit: string;
};

export const categories = pgTable(
  'categories',
  {
    id: id(),
    shopId: shopId(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Merchant HTML, returned as HTML. */
    description: text('description').notNull().default(''),
    featured: boolean('featured').notNull().default(false),
    showInMenu: boolean('show_in_menu').notNull().default(true),
    imageId: uuid('image_id').references(() => media.id, { onDelete: 'set null' }),
    headerImageId: uuid('header_image_id').references(() => media.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    status: publicationStatus('status').notNull().default('published'),
    version: version(),
    /** What search matches: the name's words, with positions (drizzle/0011_search_documents.sql). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`public.search_document(name, '')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('categories_shop_slug_uq').on(t.shopId, t.slug),
    index('categories_shop_parent_idx').on(t.shopId, t.parentId, t.position),
    index('categories_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    // No pending list: every search would scan it whole (searchGin in search.ts).
    index('categories_shop_search_idx')
      .using('gin', t.shopId, t.searchVector)
      .with(searchGin)
      .where(sql`${t.status} = 'published'`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    shopId: shopId(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** Merchant HTML, returned HTML-escaped. */
    description: text('description').notNull().default(''),
    sku: text('sku').notNull().default(''),
    status: publicationStatus('status').notNull().default('published'),
    featured: boolean('featured').notNull().default(false),
    primaryCategoryId: uuid('primary_category_id').references(() => categories.id, {
      onDelete: 'set null',
    }),
    /** Price in minor units; null for products with variants (each variant has its own). */
    priceMinor: integer('price_minor'),
    salePriceMinor: integer('sale_price_minor'),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    trackStock: boolean('track_stock').notNull().default(true),
    /** Units on hand when stock is tracked and the product has no variants. */
    stock: integer('stock').notNull().default(0),
    /** How often `stock` changed; raised by Postgres (drizzle/0028), part of the API version. */
    stockMoves: integer('stock_moves').notNull().default(0),
    hasShipping: boolean('has_shipping').notNull().default(true),
    shipping: jsonb('shipping').$type<ShippingDimensions>(),
    isDigital: boolean('is_digital').notNull().default(false),
    defaultVariantId: uuid('default_variant_id'),
    /** What search engines show for the product page; empty: its title. */
    seoTitle: text('seo_title').notNull().default(''),
    /** The product page's meta description; empty: its description as plain text. */
    seoDescription: text('seo_description').notNull().default(''),
    /** Who makes or sells the product (Shopify's Vendor); merchant-side only. */
    vendor: text('vendor').notNull().default(''),
    /**
     * The merchant's own labels (Shopify's Tags): trimmed, unique in any case, at most 250
     * (src/modules/products/tags.ts). Merchant-side only; they never make categories.
     */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * What search matches: the words of the title (weight A), of the product's and its
     * variants' SKUs (B), of its published categories' names and their ancestors' (C) and of
     * the description without markup (D), with positions. Only Postgres writes it, from
     * triggers on products, variants, categories and their links
     * (drizzle/0011_search_documents.sql), so every catalogue write keeps it current.
     */
    searchVector: tsvector('search_vector'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_shop_slug_uq').on(t.shopId, t.slug),
    index('products_shop_status_created_idx').on(t.shopId, t.status, t.createdAt),
    // The merchant list, every status, newest first: its first page and each keyset page
    // read 26 index entries instead of sorting the whole catalogue.
    index('products_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    // Newest / oldest first with a stable tie-break, as storefront lists sort.
    index('products_shop_published_created_idx')
      .on(t.shopId, t.createdAt, t.id)
      .where(sql`${t.status} = 'published'`),
    index('products_shop_search_idx')
      .using('gin', t.shopId, t.searchVector)
      .with(searchGin)
      .where(sql`${t.status} = 'published'`),
    index('products_shop_status_title_idx').on(t.shopId, t.status, t.title),
    // The merchant list's tag filter: the shop's products carrying a tag, in any case
    // (public.product_tag_keys, drizzle/0036_product_tag_keys.sql).
    index('products_shop_tag_keys_idx')
      .using('gin', t.shopId, sql`public.product_tag_keys(${t.tags})`)
      .with(searchGin),
    index('products_shop_featured_idx')
      .on(t.shopId, t.createdAt)
      .where(sql`${t.featured} and ${t.status} = 'published'`),
    check('products_stock_non_negative', sql`${t.stock} >= 0`),
  ],
);

/**
 * Slugs a product answered to before its slug changed: the storefront still finds the
 * product by them (src/modules/products/queries/reference.ts). A product taking one as its
 * own slug removes the redirect.
 */
export const productSlugRedirects = pgTable(
  'product_slug_redirects',
  {
    shopId: shopId(),
    slug: text('slug').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.slug] }),
    index('product_slug_redirects_shop_product_idx').on(t.shopId, t.productId),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    shopId: shopId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_shop_category_idx').on(t.shopId, t.categoryId, t.productId),
  ],
);

export const productMedia = pgTable(
  'product_media',
  {
    shopId: shopId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.mediaId] }),
    index('product_media_shop_product_idx').on(t.shopId, t.productId, t.position),
  ],
);

export const productOptions = pgTable(
  'product_options',
  {
    id: id(),
    shopId: shopId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_options_shop_product_idx').on(t.shopId, t.productId, t.position)],
);

export const productOptionValues = pgTable(
  'product_option_values',
  {
    id: id(),
    shopId: shopId(),
    optionId: uuid('option_id')
      .notNull()
      .references(() => productOptions.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_option_values_shop_option_idx').on(t.shopId, t.optionId, t.position)],
);

export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    shopId: shopId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Option value ids joined with '-', in option order: the client's `variationKey`. */
    key: text('key').notNull(),
    position: integer('position').notNull().default(0),
    sku: text('sku').notNull().default(''),
    trackStock: boolean('track_stock').notNull().default(true),
    stock: integer('stock').notNull().default(0),
    /** How often `stock` changed, as on `products`. */
    stockMoves: integer('stock_moves').notNull().default(0),
    priceMinor: integer('price_minor').notNull(),
    salePriceMinor: integer('sale_price_minor'),
    saleStartsAt: timestamp('sale_starts_at', { withTimezone: true }),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    hasShipping: boolean('has_shipping').notNull().default(true),
    shipping: jsonb('shipping').$type<ShippingDimensions>(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_variants_shop_product_key_uq').on(t.shopId, t.productId, t.key),
    index('product_variants_shop_product_idx').on(t.shopId, t.productId, t.position),
    // The merchant list's `query` on variant SKUs (`ilike '%…%'`).
    index('product_variants_shop_sku_trgm_idx')
      .using('gin', t.shopId, t.sku.op('gin_trgm_ops'))
      .with(searchGin),
    check('product_variants_stock_non_negative', sql`${t.stock} >= 0`),
  ],
);

export const variantMedia = pgTable(
  'variant_media',
  {
    shopId: shopId(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.mediaId] }),
    index('variant_media_shop_variant_idx').on(t.shopId, t.variantId, t.position),
  ],
);
