import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, shopId, updatedAt } from './columns';
import { media } from './media';
import { merchantKeys } from './merchant';

export const importStatus = pgEnum('import_status', ['queued', 'running', 'completed', 'failed']);

/** A problem with one product of an import file, at a line and column. */
export type ImportProblemRow = {
  line: number;
  column: string | null;
  code: string;
  message: string;
  handle?: string;
};

/**
 * A product CSV import: the file lives in storage under `objectKey`; a queue job reads it in
 * slices of whole products. Counters and problems grow as slices finish; `slicesDone` makes
 * a redelivered slice count once.
 */
export const productImports = pgTable(
  'product_imports',
  {
    id: id(),
    shopId: shopId(),
    keyId: uuid('key_id').references(() => merchantKeys.id, { onDelete: 'set null' }),
    dryRun: boolean('dry_run').notNull().default(false),
    status: importStatus('status').notNull().default('queued'),
    objectKey: text('object_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The shop's currency when the file was uploaded: what its prices were read in. */
    currency: text('currency').notNull().default(''),
    /** The file's header row, as written. */
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** Columns left out, and why. */
    ignored: jsonb('ignored').$type<Array<{ column: string; reason: string }>>().notNull(),
    totalProducts: integer('total_products'),
    totalSlices: integer('total_slices'),
    slicesDone: integer('slices_done').array().notNull().default(sql`'{}'::integer[]`),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    imagesFailed: integer('images_failed').notNull().default(0),
    problems: jsonb('problems').$type<ImportProblemRow[]>().notNull().default([]),
    /** Why the whole file was refused (broken quoting), when it was. */
    error: jsonb('error').$type<ImportProblemRow>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('product_imports_shop_created_idx').on(t.shopId, t.createdAt)],
);

/**
 * Which stored image an imported URL became, so importing the same file again reuses the
 * image (and leaves its product unchanged) instead of downloading and storing it twice.
 */
export const importedImages = pgTable(
  'imported_images',
  {
    shopId: shopId(),
    sourceUrl: text('source_url').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.shopId, t.sourceUrl] })],
);
