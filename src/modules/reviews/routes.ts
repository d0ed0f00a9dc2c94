import { z } from '@hono/zod-openapi';
import { shopChanged } from '../../adapters/generations';
import { requireCustomerToken } from '../../http/customer';
import { REVIEWS } from '../../http/http-cache';
import { jsonBody, jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import {
  CreatedReviewSchema,
  CreateReviewBodySchema,
  MyReviewSchema,
  MyReviewsQuery,
  ProductIdParam,
  PublicReviewSchema,
  ReviewListQuery,
  ReviewSummarySchema,
} from './schemas';
import { createReview, listMyReviews, listReviews, RAISES, summarizeReviews } from './service';

const myReviews = defineRoute({
  method: 'get',
  path: '/my',
  tags: ['reviews'],
  operationId: 'listMyReviews',
  summary: "The signed-in customer's reviews of one of their orders",
  description:
    "The customer's reviews of one of their orders (`orderId`), newest first: compare with the order's products to offer a review for the others.",
  middleware: [requireShop, requireCustomerToken] as const,
  request: { query: MyReviewsQuery },
  raises: RAISES.listMyReviews,
  responses: {
    200: jsonContent(success(z.array(MyReviewSchema)), 'The reviews; empty when none yet'),
  },
});

const productReviews = defineRoute({
  method: 'get',
  path: '/{productId}',
  tags: ['reviews'],
  operationId: 'listProductReviews',
  cache: REVIEWS,
  summary: 'Approved reviews of a product, newest first',
  description:
    "Approved reviews the merchant has not hidden, newest first, with the buyer's name masked (`Le**`). Answers `data` without page fields.",
  middleware: [requireShop] as const,
  request: { params: ProductIdParam, query: ReviewListQuery },
  raises: RAISES.listReviews,
  responses: {
    200: jsonContent(success(z.array(PublicReviewSchema)), 'One page of reviews'),
  },
});

const reviewSummary = defineRoute({
  method: 'get',
  path: '/{productId}/summary',
  tags: ['reviews'],
  operationId: 'getReviewSummary',
  cache: REVIEWS,
  summary: "A product's average rating and review counts",
  description:
    'The average rating (one decimal) and the count of approved, visible reviews, and how many the merchant hid.',
  middleware: [requireShop] as const,
  request: { params: ProductIdParam },
  raises: RAISES.summarizeReviews,
  responses: {
    200: jsonContent(success(ReviewSummarySchema), 'The summary'),
  },
});

const postReview = defineRoute({
  method: 'post',
  path: '/',
  tags: ['reviews'],
  operationId: 'createReview',
  summary: 'Reviews a product of one of the customer’s orders (once per product and order)',
  description:
    "The product must be a line of one of the customer's orders that was delivered or completed (`403 REVIEW_ORDER_STATUS_INVALID` while it is pending), once per product and order (`409 REVIEW_ALREADY_EXISTS`). `rating` is 1 to 5. A new review waits for the merchant's approval (`status: pending`). A shop that switched reviews off (`settings.reviews.allowReviews`) answers `403 REVIEWS_DISABLED`.",
  middleware: [requireShop, requireCustomerToken] as const,
  request: { body: jsonBody(CreateReviewBodySchema) },
  raises: RAISES.createReview,
  responses: {
    200: jsonContent(success(CreatedReviewSchema), 'The review, pending approval'),
  },
});

export const reviewRoutes = createRouter();

// Registered before /{productId}, which would otherwise take `my` for a product id.
reviewRoutes.openapi(myReviews, async (c) => {
  const data = await listMyReviews(
    c.get('services').database.db,
    c.get('shop').id,
    c.get('customerClaims'),
    c.req.valid('query').orderId,
  );
  return c.json({ status: 'success' as const, data }, 200);
});

reviewRoutes.openapi(productReviews, async (c) => {
  const data = await listReviews(
    c.get('services').database.db,
    c.get('shop').id,
    c.req.valid('param').productId,
    c.req.valid('query'),
  );
  return c.json({ status: 'success' as const, data }, 200);
});

reviewRoutes.openapi(reviewSummary, async (c) => {
  const data = await summarizeReviews(
    c.get('services').database.db,
    c.get('shop').id,
    c.req.valid('param').productId,
  );
  return c.json({ status: 'success' as const, data }, 200);
});

reviewRoutes.openapi(postReview, async (c) => {
  const data = await createReview(
    c.get('services'),
    c.get('shop').id,
    c.get('customerClaims'),
    c.req.valid('json'),
  );
  await shopChanged(c.get('services'), c.get('shop').id);
  return c.json({ status: 'success' as const, data }, 200);
});
