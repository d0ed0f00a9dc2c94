import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { timestamp } from '../../admin-kit/route';
import { CATEGORY_SOURCES } from '../../db/schema';

const categorySource = z.enum(CATEGORY_SOURCES).openapi({
  description:
    'Which column names categories: `type` (Type), `product_category` (the last level of Product Category), `collection` (Collection, comma-separated, the first the primary) or `none` (categories are left as they are). Tags never make categories: they become product tags',
  example: 'type',
});

export const CategoryMappingSchema = z
  .object({
    sources: z
      .array(
        z.object({
          source: z.enum(['type', 'product_category', 'collection']),
          column: z.string().nullable().openapi({
            description: 'The column as the file spells it; null: the file has none',
            example: 'Type',
          }),
          products: z.number().int().openapi({ description: 'Products naming a category here' }),
          names: z.number().int().openapi({ description: 'Distinct names (any case)' }),
          new_categories: z.number().int().openapi({
            description:
              'Names no category of the shop has yet: the categories importing with this choice creates (out of the menu)',
          }),
          examples: z.array(z.string()).openapi({ example: ['Shirts', 'Trousers'] }),
        }),
      )
      .openapi({ description: 'Type, Product Category and Collection, each as a choice' }),
    tags: z
      .object({
        products: z.number().int().openapi({ description: 'Products with tags' }),
        distinct: z.number().int().openapi({ description: 'Distinct tags (any case)' }),
      })
      .openapi({ description: 'Tags become product tags, never categories' }),
  })
  .openapi('ImportCategoryMapping');

export const ImportProblemSchema = z
  .object({
    line: z.number().int().openapi({ description: 'The line of the file (the header is line 1)' }),
    column: z.string().nullable().openapi({ example: 'Variant Price' }),
    code: z.string().openapi({ example: 'CSV_VALUE_INVALID' }),
    message: z.string(),
    handle: z.string().optional(),
  })
  .openapi('ImportProblem');

export const ImportSchema = z
  .object({
    id: z.string(),
    object: z.literal('import'),
    status: z.enum(['queued', 'running', 'completed', 'failed']),
    dry_run: z
      .boolean()
      .openapi({ description: 'Nothing is written: the counts say what would change' }),
    size_bytes: z.number().int(),
    currency: z.string().openapi({
      description:
        'The currency the file’s prices were read in: the shop’s, when the file was uploaded (a Shopify CSV names none)',
      example: 'EUR',
    }),
    total_products: z.number().int().nullable().openapi({
      description: 'Products in the file, once it has been read through',
    }),
    processed_products: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    failed: z.number().int().openapi({ description: 'Products not written (see errors)' }),
    images_failed: z.number().int().openapi({
      description:
        'Images that could not be fetched or stored; their products are written without them',
    }),
    errors: z.array(ImportProblemSchema).openapi({
      description: 'Each problem with its line and column (the first 1,000)',
    }),
    error: ImportProblemSchema.nullable().openapi({
      description:
        'Why the import failed, when it did: the whole file refused (`CSV_MALFORMED`, broken quoting) or the import stopped part way (`IMPORT_INTERRUPTED`: a part failed on every try; products written before stay)',
    }),
    categories_from: categorySource,
    category_mapping: CategoryMappingSchema.nullable().openapi({
      description:
        'What each column would make of categories, counted against the shop’s categories when the file was read; null until then. Run a dry run, read this, then import with the `categories_from` you choose',
      example: null,
    }),
    ignored_columns: z.array(z.object({ column: z.string(), reason: z.string() })).openapi({
      description: 'Columns of the file this catalogue has no field for',
    }),
    created_at: timestamp(),
    completed_at: timestamp().nullable(),
  })
  .openapi('Import');

export type Import = z.infer<typeof ImportSchema>;

export const ImportListQuerySchema = ListQuerySchema;
export const ImportListSchema = listSchema(ImportSchema, 'ImportList');

export const ImportUploadQuerySchema = z.object({
  dry_run: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ description: 'Report what would change without writing anything' }),
  categories_from: categorySource.optional().openapi({
    description:
      'Which column names categories (see `Import.categories_from`); default: `collection` when the file has a Collection column (this catalogue’s export writes one), else `type`',
  }),
});
