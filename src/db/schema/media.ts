import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, shopId, updatedAt, version } from './columns';

/**
 * Uploaded images of a shop. The object lives in storage under `<shop_id>/media/<filename>`;
 * that key is the `uploadUrl` clients see. `title` is the image's alternative text.
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
    /** Pixel dimensions read from the file's header; null when the format hides them. */
    width: integer('width'),
    height: integer('height'),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('media_shop_filename_uq').on(t.shopId, t.filename),
    index('media_shop_idx').on(t.shopId),
  ],
);
