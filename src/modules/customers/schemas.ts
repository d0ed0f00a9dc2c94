import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { timestamp } from '../../admin-kit/route';
import { AdminOrderSchema } from '../orders/admin-schemas';

const STATUSES = ['active', 'inactive', 'blacklisted'] as const;

export const CustomerSchema = z
  .object({
    id: z.string(),
    object: z.literal('customer'),
    email: z.string(),
    name: z.string(),
    phone: z.string(),
    status: z.enum(STATUSES).openapi({
      description:
        '`inactive` and `blacklisted` cannot sign in; their tokens stop at the next request',
    }),
    address: z
      .object({
        town: z.string(),
        city: z.string(),
        apartment: z.string(),
        room: z.string(),
        postal_code: z.string(),
      })
      .nullable(),
    last_login_at: timestamp().nullable(),
    erased_at: timestamp().nullable().openapi({
      description: 'When the merchant erased the personal data; null otherwise',
    }),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('Customer');

export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerWithOrdersSchema = CustomerSchema.extend({
  orders: z.array(AdminOrderSchema).openapi({ description: 'Newest first, at most 50' }),
}).openapi('CustomerWithOrders');

export const CustomerListQuerySchema = ListQuerySchema.extend({
  search: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: 'search', in: 'query' },
      description: 'Part of the email or the name, any case',
    }),
  status: z
    .enum(STATUSES)
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
});

export const CustomerListSchema = listSchema(CustomerSchema, 'CustomerList');

export const CustomerUpdateSchema = z
  .strictObject({ status: z.enum(STATUSES) })
  .partial()
  .openapi('CustomerUpdate');

export type CustomerUpdate = z.infer<typeof CustomerUpdateSchema>;

export const CustomerExportSchema = z
  .object({
    object: z.literal('customer_export'),
    exported_at: timestamp(),
    customer: CustomerSchema,
    orders: z.array(AdminOrderSchema),
    reviews: z.array(z.record(z.string(), z.unknown())),
    sessions: z.array(z.record(z.string(), z.unknown())),
    newsletter: z.array(z.record(z.string(), z.unknown())),
    coupon_redemptions: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi('CustomerExport');

export const EraseSchema = z.strictObject({}).openapi('CustomerErase');
