import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { timestamp } from '../../admin-kit/route';
import { queryBoolean } from '../../http/schemas';

export const AdminReviewSchema = z
  .object({
    id: z.string(),
    object: z.literal('review'),
    product_id: z.string(),
    order_id: z.string(),
    customer_id: z.string().nullable(),
    buyer_name: z.string().openapi({ description: 'In full (the storefront masks it)' }),
    buyer_display_name: z.string().openapi({
      description: "The buyer's name as the storefront shows it, masked",
      example: 'Gr**********',
    }),
    product: z
      .object({
        id: z.string(),
        title: z.string(),
        slug: z.string(),
        image_id: z
          .string()
          .nullable()
          .openapi({ description: "The product's first image (a media id); null without one" }),
      })
      .nullable()
      .openapi({
        description: 'The product reviewed, named as a person reads it; null once it is deleted',
      }),
    variation_label: z.string().openapi({
      description: 'The variation key of the variant reviewed (option value ids)',
    }),
    variant_label: z.string().openapi({
      description:
        'The variant as a person reads it, options in option order; empty without variants',
      example: 'Small / Sand',
    }),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    status: z.enum(['pending', 'approved']),
    hidden: z.boolean().openapi({ description: 'Hidden by the merchant, whatever its status' }),
    listed: z.boolean().openapi({
      description: 'Shown and counted on the storefront: approved and not hidden',
    }),
    media: z.array(z.record(z.string(), z.unknown())),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('Review');

export type AdminReview = z.infer<typeof AdminReviewSchema>;

export const ReviewQueueQuerySchema = ListQuerySchema.extend({
  status: z
    .enum(['pending', 'approved'])
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  hidden: queryBoolean
    .optional()
    .openapi({ param: { name: 'hidden', in: 'query' }, description: '`true` or `false`' }),
  product_id: z
    .uuid({ message: 'Must be a product id.' })
    .optional()
    .openapi({ param: { name: 'product_id', in: 'query' } }),
});

export type ReviewQueueQuery = z.infer<typeof ReviewQueueQuerySchema>;

export const ReviewListSchema = listSchema(AdminReviewSchema, 'ReviewList');
