import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  json,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, tsvector } from './catalog';
import { shopId } from './columns';
import { searchGin } from './search';

/**
 * A published product as storefront lists show it, kept current by Postgres: triggers on
 * every table a list item is built from (products, variants, categories and their links,
 * media, reviews) rebuild the card inside the writing transaction
 * (drizzle/0017_product_card_triggers.sql). Lists, search, best sellers and similar products
 * page over this table instead of aggregating prices, stock, images and reviews per read.
 * Only published products have a card.
 */
export const productCards = pgTable(
  'product_cards',
  {
    /** The product's id. */
    id: uuid('id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    shopId: shopId(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** `f_unaccent(lower(title))`: the A-Z / Z-A order. */
    sortTitle: text('sort_title').notNull(),
    featured: boolean('featured').notNull(),
    /** Price filter bounds in minor units: the actual price, or the active variants' range. */
    lowPrice: integer('low_price'),
    highPrice: integer('high_price'),
    onSale: boolean('on_sale').notNull(),
    inStock: boolean('in_stock').notNull(),
    /**
     * The next time a sale of the product or of a variant starts or ends, after which the
     * stored prices may be out of date (readers then compute them); null when none is due.
     */
    freshUntil: timestamp('fresh_until', { withTimezone: true }),
    /** A copy of products.search_vector. */
    searchVector: tsvector('search_vector'),
    /** The product list item as JSON (amounts in minor units), keys in contract order. */
    item: json('item').notNull(),
  },
  (t) => [
    index('product_cards_shop_created_idx').on(t.shopId, t.createdAt, t.id),
    index('product_cards_shop_title_idx').on(t.shopId, t.sortTitle, t.id),
    index('product_cards_shop_featured_idx')
      .on(t.shopId, t.createdAt, t.id)
      .where(sql`${t.featured}`),
    // The on-sale and price filters (cardPricesMatch): the shop's cards on sale by price, and
    // the few whose stored prices a sale starting or ending has made stale.
    index('product_cards_shop_on_sale_idx')
      .on(t.shopId, t.lowPrice, t.highPrice)
      .where(sql`${t.onSale}`),
    index('product_cards_shop_fresh_idx')
      .on(t.shopId, t.freshUntil)
      .where(sql`${t.freshUntil} is not null`),
    // Best sellers' count (selectBestSellers): the shop's in-stock cards by id from the index
    // alone, not every card's row (whose item JSON makes the table wide).
    index('product_cards_shop_in_stock_idx').on(t.shopId, t.id).where(sql`${t.inStock}`),
    index('product_cards_shop_search_idx').using('gin', t.shopId, t.searchVector).with(searchGin),
  ],
);

/**
 * Per shop, how many cards it has and how many of them are best sellers: the totals of an
 * unfiltered product list (selectProductList) and of best sellers (selectBestSellers), so
 * neither answer counts the shop's cards per read. Kept by Postgres as each transaction that
 * changes them commits (drizzle/0048_shop_card_count_triggers.sql,
 * drizzle/0050_best_seller_count_triggers.sql).
 */
export const shopCardCounts = pgTable('shop_card_counts', {
  shopId: shopId().primaryKey(),
  cards: integer('cards').notNull().default(0),
  /** Products with units sold (product_sales.units > 0) and an in-stock card. */
  bestSellers: integer('best_sellers').notNull().default(0),
});

/**
 * Which cards each published category lists, its subcategories' included: a row per category
 * and card whose product is in that category or in one under it through published categories
 * only (what the products `categories` filter means), with the card's `created_at`, so a
 * department's newest products are read from an index and counted without walking its tree.
 * Kept by Postgres as links, cards and the category tree change
 * (drizzle/0055_category_cards_triggers.sql).
 */
export const categoryCards = pgTable(
  'category_cards',
  {
    shopId: shopId(),
    categoryId: uuid('category_id').notNull(),
    cardId: uuid('card_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shopId, t.cardId, t.categoryId] }),
    // A category's cards newest first (walked backwards) or oldest first, and counted.
    index('category_cards_category_created_idx').on(t.shopId, t.categoryId, t.createdAt, t.cardId),
  ],
);
