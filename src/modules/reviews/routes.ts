import { createRoute, z } from '@hono/zod-openapi';
import { CUSTOMER_ERRORS, requireCustomerToken } from '../../http/customer';
import {
  apiKeySecurity,
  customerSecurity,
  errorResponses,
  jsonBody,
  jsonContent,
  SHOP_ERRORS,
} from '../../http/openapi';
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
import { createReview, listMyReviews, listReviews, summarizeReviews } from './service';

const myReviews = createRoute({
  method: 'get',
  path: '/my',
  tags: ['Reviews'],
  operationId: 'listMyReviews',
  summary: "The signed-in customer's reviews of one of their orders",
  security: customerSecurity,
  middleware: [requireCustomerToken] as const,
  request: { query: MyReviewsQuery },
  responses: {
    200: jsonContent(success(z.array(MyReviewSchema)), 'The reviews; empty when none yet'),
    ...errorResponses(...SHOP_ERRORS, ...CUSTOMER_ERRORS, 'REVIEW_ORDER_NOT_FOUND'),
  },
});

const productReviews = createRoute({
  method: 'get',
  path: '/{productId}',
  tags: ['Reviews'],
  operationId: 'listProductReviews',
  summary: 'Approved reviews of a product, newest first',
  security: apiKeySecurity,
  request: { params: ProductIdParam, query: ReviewListQuery },
  responses: {
    200: jsonContent(success(z.array(PublicReviewSchema)), 'One page of reviews'),
    ...errorResponses(...SHOP_ERRORS, 'REVIEW_PRODUCT_NOT_FOUND'),
  },
});

const reviewSummary = createRoute({
  method: 'get',
  path: '/{productId}/summary',
  tags: ['Reviews'],
  operationId: 'getReviewSummary',
  summary: "A product's average rating and review counts",
  security: apiKeySecurity,
  request: { params: ProductIdParam },
  responses: {
    200: jsonContent(success(ReviewSummarySchema), 'The summary'),
    ...errorResponses(...SHOP_ERRORS, 'REVIEW_PRODUCT_NOT_FOUND'),
  },
});

const postReview = createRoute({
  method: 'post',
  path: '/',
  tags: ['Reviews'],
  operationId: 'createReview',
  summary: 'Reviews a product of one of the customer’s orders (once per product and order)',
  security: customerSecurity,
  middleware: [requireCustomerToken] as const,
  request: { body: jsonBody(CreateReviewBodySchema) },
  responses: {
    200: jsonContent(success(CreatedReviewSchema), 'The review, pending approval'),
    ...errorResponses(
      ...SHOP_ERRORS,
      ...CUSTOMER_ERRORS,
      'REVIEW_ORDER_NOT_FOUND',
      'REVIEW_PRODUCT_NOT_FOUND',
      'REVIEW_ORDER_STATUS_INVALID',
      'REVIEW_ALREADY_EXISTS',
      'REVIEWS_DISABLED',
    ),
  },
});

export const reviewRoutes = createRouter();
reviewRoutes.use('*', requireShop);

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
    c.get('services').database.db,
    c.get('shop').id,
    c.get('customerClaims'),
    c.req.valid('json'),
  );
  return c.json({ status: 'success' as const, data }, 200);
});
