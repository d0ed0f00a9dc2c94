import { z } from '@hono/zod-openapi';
import { pageQuery } from '../../http/schemas';

/** Default and largest page of the public review list. */
export const REVIEW_PAGE = { defaultLimit: 10, maxLimit: 50 };
/** Longest review comment accepted. */
export const MAX_COMMENT_LENGTH = 2000;

export const ProductIdParam = z.object({
  productId: z.string().openapi({ param: { name: 'productId', in: 'path' } }),
});

export const ReviewListQuery = pageQuery(REVIEW_PAGE.defaultLimit, REVIEW_PAGE.maxLimit);

export const MyReviewsQuery = z.object({
  orderId: z
    .string()
    .min(1)
    .openapi({ param: { name: 'orderId', in: 'query' }, description: 'The order `_id`' }),
});

const date = z.string().openapi({ description: 'ISO 8601 creation time' });

export const PublicReviewSchema = z
  .object({
    _id: z.string(),
    productId: z.string(),
    rating: z.number(),
    comment: z.string(),
    variationLabel: z.string(),
    status: z.literal('approved'),
    date,
    media: z.array(z.record(z.string(), z.unknown())),
    buyerName: z.string().openapi({ description: 'First two characters, the rest as `*`' }),
  })
  .openapi('PublicReview');

export const ReviewSummarySchema = z
  .object({
    average: z.number().openapi({ description: 'Mean rating of listed reviews, one decimal' }),
    count: z.number().openapi({ description: 'Approved reviews that are not hidden' }),
    hidden: z.number().openapi({ description: 'Reviews hidden by the merchant' }),
  })
  .openapi('ReviewSummary');

const reviewStatus = z.enum(['pending', 'approved']);

export const MyReviewSchema = z
  .object({
    _id: z.string(),
    productId: z.string(),
    rating: z.number(),
    comment: z.string(),
    status: reviewStatus,
    date,
  })
  .openapi('MyReview');

export const CreatedReviewSchema = z
  .object({
    _id: z.string(),
    productId: z.string(),
    orderId: z.string(),
    rating: z.number(),
    comment: z.string(),
    variationLabel: z.string(),
    status: z.literal('pending'),
    date,
  })
  .openapi('CreatedReview');

export const CreateReviewBodySchema = z
  .object({
    orderId: z.string().min(1),
    productId: z.string().min(1),
    variationLabel: z.string().max(500).default(''),
    rating: z.number().int().min(1).max(5).openapi({ example: 5 }),
    comment: z.string().trim().max(MAX_COMMENT_LENGTH).default(''),
  })
  .openapi('CreateReviewBody');

export type CreateReviewBody = z.infer<typeof CreateReviewBodySchema>;
export type PublicReview = z.infer<typeof PublicReviewSchema>;
