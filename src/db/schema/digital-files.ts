import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';
import { createdAt, id, shopId, updatedAt, version } from './columns';

/** Files delivered after purchase of a digital product; the object lives in storage at `storageKey`. */
export const digitalFiles = pgTable(
  'digital_files',
  {
    id: id(),
    shopId: shopId(),
    /** The product selling the file; null until a product is given the file. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull().default('application/octet-stream'),
    sizeBytes: integer('size_bytes').notNull().default(0),
    /** Downloads allowed per purchase; null means unlimited. */
    downloadLimit: integer('download_limit'),
    /** Days a purchase may download the file; null means forever. */
    downloadDays: integer('download_days'),
    active: boolean('active').notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('digital_files_shop_product_idx').on(t.shopId, t.productId)],
);
