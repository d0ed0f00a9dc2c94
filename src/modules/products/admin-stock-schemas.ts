import { z } from '@hono/zod-openapi';
import { MAX_STOCK } from './admin-schemas';

/* POST /products/{id}/stock: a change of units on hand, and the level after it. */

export const StockChangeSchema = z
  .strictObject({
    variant_id: z.uuid().optional().openapi({
      description: 'The variant whose stock changes; omit for a product without variants',
    }),
    adjust: z.number().int().min(-MAX_STOCK).max(MAX_STOCK).optional().openapi({
      description: 'Adds this many units (negative: removes); never below zero',
    }),
    set: z.number().int().min(0).max(MAX_STOCK).optional().openapi({
      description: 'Sets the units on hand',
    }),
    expected: z.number().int().min(0).optional().openapi({
      description:
        'With `set`: the units you last read; refused with 409 if orders changed them since',
    }),
  })
  .openapi('StockChange');

export type StockChange = z.infer<typeof StockChangeSchema>;

export const StockLevelSchema = z
  .object({
    object: z.literal('stock_level'),
    product_id: z.string(),
    variant_id: z.string().nullable(),
    track_stock: z.boolean(),
    stock: z.number().int(),
  })
  .openapi('StockLevel');
