import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, shopId } from './columns';

/**
 * Uploaded files of a shop (images). The object lives in storage under
 * `<shop_id>/media/<filename>`; that key is the `uploadUrl` clients see.
 */
export const media = pgTable(
  'media',
  {
    id: id(),
    shopId: shopId(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    title: text('title').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('media_shop_filename_uq').on(t.shopId, t.filename),
    index('media_shop_idx').on(t.shopId),
  ],
);
