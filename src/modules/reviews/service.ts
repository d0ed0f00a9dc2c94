import type { Services } from '../../app-env';
import type { Db } from '../../db/client';
import { ApiError, type ErrorCode } from '../../errors';
import { assertSessionUsable } from '../../identity/sessions';
import type { TokenClaims } from '../../identity/tokens';
import { isUuid } from '../../lib/uuid';
import { reviewsAllowedSql } from '../settings/queries';
import { deliverWebhooksAfterResponse } from '../webhooks/delivery';
import {
  insertReview,
  REVIEWABLE_ORDER_STATUSES,
  selectMyReviews,
  selectReviewPage,
  selectReviewSummary,
} from './queries';
import type { CreateReviewBody, PublicReview } from './schemas';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  listReviews: ['REVIEW_PRODUCT_NOT_FOUND'],
  summarizeReviews: ['REVIEW_PRODUCT_NOT_FOUND'],
  listMyReviews: ['REVIEW_ORDER_NOT_FOUND'],
  createReview: [
    'REVIEW_ORDER_NOT_FOUND',
    'REVIEW_PRODUCT_NOT_FOUND',
    'REVIEW_ORDER_STATUS_INVALID',
    'REVIEW_ALREADY_EXISTS',
    'REVIEWS_DISABLED',
  ],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** Stands in for a client id that is not a uuid: it matches no row, and no cast fails. */
const NO_ID = '00000000-0000-0000-0000-000000000000';
const uuidOrNone = (value: string) => (isUuid(value) ? value : NO_ID);

/** Shows the first two characters of a name and replaces the rest with `*`. */
export function maskName(name: string): string {
  const chars = Array.from(name.trim());
  return chars.slice(0, 2).join('') + '*'.repeat(Math.max(0, chars.length - 2));
}

/** GET /reviews/:productId: a page of listed reviews of a published product, newest first. */
export async function listReviews(
  db: Db,
  shopId: string,
  productId: string,
  page: { page: number; limit: number },
): Promise<PublicReview[]> {
  if (!isUuid(productId)) throw new ApiError('REVIEW_PRODUCT_NOT_FOUND');
  const row = await selectReviewPage(db, {
    shopId,
    productId,
    limit: page.limit,
    offset: (page.page - 1) * page.limit,
  });
  if (!row.found) throw new ApiError('REVIEW_PRODUCT_NOT_FOUND');
  return row.reviews.map((review) => ({ ...review, buyerName: maskName(review.buyerName) }));
}

/** GET /reviews/:productId/summary. */
export async function summarizeReviews(db: Db, shopId: string, productId: string) {
  if (!isUuid(productId)) throw new ApiError('REVIEW_PRODUCT_NOT_FOUND');
  const { found, ...summary } = await selectReviewSummary(db, shopId, productId);
  if (!found) throw new ApiError('REVIEW_PRODUCT_NOT_FOUND');
  return summary;
}

/** GET /reviews/my: the caller's reviews of one of their orders (empty when none yet). */
export async function listMyReviews(db: Db, shopId: string, claims: TokenClaims, orderId: string) {
  const { reviews, orderFound, ...check } = await selectMyReviews(
    db,
    shopId,
    claims,
    uuidOrNone(orderId),
  );
  assertSessionUsable(check);
  if (!orderFound) throw new ApiError('REVIEW_ORDER_NOT_FOUND');
  return reviews;
}

/** POST /reviews: a pending review of a product of the caller's order, at most one each. */
export async function createReview(
  services: Services,
  shopId: string,
  claims: TokenClaims,
  body: CreateReviewBody,
) {
  const row = await insertReview(services.database.db, {
    shopId,
    claims,
    orderId: uuidOrNone(body.orderId),
    productId: uuidOrNone(body.productId),
    variationLabel: body.variationLabel,
    rating: body.rating,
    comment: body.comment,
    allowed: reviewsAllowedSql(shopId),
  });
  assertSessionUsable(row);
  if (!row.allowed) throw new ApiError('REVIEWS_DISABLED');
  if (!row.orderStatus) throw new ApiError('REVIEW_ORDER_NOT_FOUND');
  if (!row.inOrder) throw new ApiError('REVIEW_PRODUCT_NOT_FOUND');
  if (!row.review) {
    // Every condition held but the insert met the (shop, order, product) unique index.
    const reviewable = REVIEWABLE_ORDER_STATUSES.includes(row.orderStatus);
    throw new ApiError(reviewable ? 'REVIEW_ALREADY_EXISTS' : 'REVIEW_ORDER_STATUS_INVALID');
  }
  deliverWebhooksAfterResponse(services, row.webhookDeliveries);
  return row.review;
}
