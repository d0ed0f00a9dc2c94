import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { timestamp } from '../../admin-kit/route';

export const DownloadGrantSchema = z
  .object({
    id: z.string(),
    object: z.literal('download_grant'),
    order_id: z.string(),
    customer_id: z.string().nullable(),
    product_id: z.string(),
    file_id: z.string(),
    active: z.boolean().openapi({ description: 'Closed when the order is cancelled' }),
    download_limit: z.number().int().nullable(),
    download_count: z.number().int(),
    expires_at: timestamp().nullable(),
    created_at: timestamp(),
  })
  .openapi('DownloadGrant');

export type DownloadGrant = z.infer<typeof DownloadGrantSchema>;

export const DownloadGrantListQuerySchema = ListQuerySchema.extend({
  order_id: z
    .uuid({ message: 'Must be an order id.' })
    .optional()
    .openapi({ param: { name: 'order_id', in: 'query' } }),
  customer_id: z
    .uuid({ message: 'Must be a customer id.' })
    .optional()
    .openapi({ param: { name: 'customer_id', in: 'query' } }),
});

export const DownloadGrantListSchema = listSchema(DownloadGrantSchema, 'DownloadGrantList');

export const ResetSchema = z.strictObject({}).openapi('DownloadGrantReset');
