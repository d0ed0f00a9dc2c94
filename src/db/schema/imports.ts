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

/** Which column of a Shopify CSV names a product's categories; `none` leaves them as they are. */
export const CATEGORY_SOURCES = ['type', 'product_category', 'collection', 'none'] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

/** What one column would make of the file's categories, as the import reports it. */
export type CategorySourceReport = {
  source: Exclude<CategorySource, 'none'>;
  /** The column as the file spells it; null when the file has no such column. */
  column: string | null;
  /** Products naming at least one category in this column. */
  products: number;
  /** Distinct category names in this column (any case). */
  names: number;
  /** Of those, the names no category of the shop has yet: categories this choice creates. */
  new_categories: number;
  /** The first few names, as written. */
  examples: string[];
};

/** How the file's columns map to categories and tags, read when the file is planned. */
export type CategoryMappingRow = {
  sources: CategorySourceReport[];
  /** Products with tags, and distinct tags (any case): they become product tags. */
  tags: { products: number; distinct: number };
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
    /** Which column names categories (chosen at upload; see `CATEGORY_SOURCES`). */
    categoriesFrom: text('categories_from').$type<CategorySource>().notNull().default('type'),
    /** What each column would make of categories; set once the file is planned. */
    mapping: jsonb('mapping').$type<CategoryMappingRow>(),
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
    /** Why the import failed, when it did: the file refused, or a part that failed on every try. */
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
