import { z } from '@hono/zod-openapi';
import { MAX_STOCK } from './admin-schemas';

/* POST /products/bulk-edit: a price and/or stock change applied to each variant on its own. */

/** The most a bulk percentage may be (1000 %); two decimals at most. */
const MAX_PERCENT = 1000;

export const BulkPriceChangeSchema = z
  .strictObject({
    change: z.enum(['set', 'increase', 'decrease']).openapi({
      description:
        '`set`: every price becomes `amount`; `increase` / `decrease`: each price moves from its own value by `amount` or `percent`',
    }),
    amount: z.number().int().min(0).max(1_000_000_000).optional().openapi({
      description: 'Minor units: the new price (`set`) or how much each price moves',
      example: 500,
    }),
    percent: z
      .number()
      .gt(0)
      .max(MAX_PERCENT)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
        message: 'At most two decimals, e.g. 12.5.',
      })
      .optional()
      .openapi({
        description:
          'With `increase` / `decrease`: each price moves by this share of itself, rounded to a whole minor unit (half away from zero)',
        example: 10,
      }),
  })
  .openapi('ProductBulkPriceChange');

export type BulkPriceChange = z.infer<typeof BulkPriceChangeSchema>;

export const BulkStockChangeSchema = z
  .strictObject({
    change: z.enum(['set', 'adjust']).openapi({
      description: '`set`: units on hand become `quantity`; `adjust`: each adds `quantity`',
    }),
    quantity: z.number().int().min(-MAX_STOCK).max(MAX_STOCK).openapi({
      description: 'Units (with `adjust`, negative removes); never below zero on any variant',
      example: 5,
    }),
  })
  .openapi('ProductBulkStockChange');

export type BulkStockChange = z.infer<typeof BulkStockChangeSchema>;

export const BulkEditInputSchema = z
  .strictObject({
    products: z
      .array(
        z.strictObject({
          id: z.uuid(),
          version: z.number().int().min(0).optional().openapi({
            description:
              'The version you read (e.g. a dry run’s `base_version`): the product is changed only while it is still that (else 412)',
          }),
        }),
      )
      .min(1)
      .max(100),
    price: BulkPriceChangeSchema.optional(),
    stock: BulkStockChangeSchema.optional(),
    dry_run: z.boolean().optional().openapi({
      description: 'Answer what would change and write nothing',
    }),
  })
  .openapi('ProductBulkEdit');

export type BulkEditInput = z.infer<typeof BulkEditInputSchema>;

const change = z.object({
  before: z.number().int().nullable(),
  after: z.number().int().nullable(),
});

export const BulkEditRowSchema = z
  .object({
    variant_id: z.string().nullable().openapi({ description: 'Null: a product without variants' }),
    title: z.string().openapi({ description: 'The variant’s option values, e.g. `Blue / M`' }),
    price: change,
    sale_price: change,
    stock: z.object({ before: z.number().int(), after: z.number().int() }),
  })
  .openapi('ProductBulkEditRow');

export type BulkEditRow = z.infer<typeof BulkEditRowSchema>;

export const BulkEditResultSchema = z
  .object({
    object: z.literal('product_bulk_edit'),
    dry_run: z.boolean(),
    products: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        base_version: z.number().int().openapi({
          description: 'The version the change was worked out from',
        }),
        version: z.number().int().openapi({ description: 'The version after the change' }),
        rows: z.array(BulkEditRowSchema).openapi({
          description: 'Each variant (or the product itself) before and after',
        }),
      }),
    ),
  })
  .openapi('ProductBulkEditResult');

export type BulkEditResult = z.infer<typeof BulkEditResultSchema>;
