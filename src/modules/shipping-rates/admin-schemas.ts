import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';

/** An amount in minor units of the shop's currency (490 is 4.90 EUR). */
export const minorAmount = (description: string) =>
  z.number().int().min(0).max(1_000_000_000).openapi({ description, example: 490 });

export const ShippingRateSchema = z
  .object({
    id: z.string(),
    object: z.literal('shipping_rate'),
    title: z.string(),
    description: z.string(),
    amount: z.number().int().openapi({ description: 'Price, in minor units of `currency`' }),
    currency: z.string().openapi({ example: 'EUR' }),
    min_order_amount: z.number().int().nullable().openapi({
      description:
        'Least order value (products after coupons, minor units) for which the rate may be chosen; null for any order',
    }),
    is_default: z.boolean(),
    position: z.number().int(),
    active: z.boolean().openapi({ description: 'Offered at checkout' }),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('ShippingRate');

export type ShippingRate = z.infer<typeof ShippingRateSchema>;

const fields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000),
  amount: minorAmount('Price, in minor units of the shop currency'),
  min_order_amount: minorAmount('Least order value in minor units; null for any order').nullable(),
  is_default: z.boolean().openapi({
    description: 'The rate checkout preselects; making one rate the default unsets the others',
  }),
  position: z.number().int().min(0).max(1_000_000),
  active: z.boolean(),
};

export const ShippingRateCreateSchema = z
  .strictObject({
    ...fields,
    description: fields.description.optional(),
    min_order_amount: fields.min_order_amount.optional(),
    is_default: fields.is_default.optional(),
    position: fields.position.optional(),
    active: fields.active.optional(),
  })
  .openapi('ShippingRateCreate');

export const ShippingRateUpdateSchema = z
  .strictObject(fields)
  .partial()
  .openapi('ShippingRateUpdate');

export type ShippingRateCreate = z.infer<typeof ShippingRateCreateSchema>;
export type ShippingRateUpdate = z.infer<typeof ShippingRateUpdateSchema>;

export const ShippingRateListQuerySchema = ListQuerySchema;
export const ShippingRateListSchema = listSchema(ShippingRateSchema, 'ShippingRateList');
export const DeletedShippingRateSchema = deletedSchema('shipping_rate', 'DeletedShippingRate');
