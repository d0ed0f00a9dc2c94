import type { WriteScope } from '../../admin-kit/write';
import type { Db } from '../../db/client';
import { ApiError, type ErrorCode } from '../../errors';
import {
  type QueueFilters,
  type ReviewRow,
  reviewRows,
  selectQueuePage,
  selectReview,
} from './admin-queries';
import type { AdminReview, ReviewQueueQuery } from './admin-schemas';
import { maskName } from './service';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getReview: ['REVIEW_NOT_FOUND'],
  moderateReview: ['REVIEW_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** A review as the merchant API shows it. */
export function toAdminReview(row: ReviewRow): AdminReview {
  return {
    id: row.id,
    object: 'review',
    product_id: row.productId,
    order_id: row.orderId,
    customer_id: row.customerId,
    buyer_name: row.buyerName,
    buyer_display_name: maskName(row.buyerName),
    product: row.product
      ? {
          id: row.product.id,
          title: row.product.title,
          slug: row.product.slug,
          image_id: row.product.image_id,
        }
      : null,
    variation_label: row.variationLabel,
    variant_label: row.variantLabel,
    rating: row.rating,
    comment: row.comment,
    status: row.status,
    hidden: row.hidden,
    listed: row.status === 'approved' && !row.hidden,
    media: row.media,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The moderation queue: pending reviews first, then the others, newest first within each,
 * paged by cursor like every list (a cursor that names no review is 422).
 */
export async function listReviewQueue(db: Db, shopId: string, params: ReviewQueueQuery) {
  const cursorField = params.ending_before ? 'ending_before' : 'starting_after';
  if (params.starting_after && params.ending_before) {
    throw new ApiError('VALIDATION_FAILED', {
      details: [
        { field: 'ending_before', message: 'Give starting_after or ending_before, not both.' },
      ],
    });
  }
  const cursorId = params.ending_before ?? params.starting_after;
  const cursor = cursorId ? { id: cursorId, backwards: cursorField === 'ending_before' } : null;
  const filters: QueueFilters = {
    status: params.status,
    hidden: params.hidden,
    productId: params.product_id,
  };
  const rows = await selectQueuePage(db, shopId, filters, cursor, params.limit + 1);
  const page = rows.slice(0, params.limit);
  if (page.length === 0 && cursorId && !(await selectReview(db, shopId, cursorId))) {
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ field: cursorField, message: 'No object with this id is in the list.' }],
    });
  }
  if (cursor?.backwards) page.reverse();
  return { data: page.map(toAdminReview), hasMore: rows.length > params.limit };
}

export async function getReview(db: Db, shopId: string, id: string) {
  const row = await selectReview(db, shopId, id);
  if (!row) throw new ApiError('REVIEW_NOT_FOUND');
  return toAdminReview(row);
}

/** What a moderation verb sets: approve, hide or unhide. */
export const MODERATION = {
  approve: { status: 'approved' },
  hide: { hidden: true },
  unhide: { hidden: false },
} as const satisfies Record<string, Partial<Pick<ReviewRow, 'status' | 'hidden'>>>;

export type ModerationVerb = keyof typeof MODERATION;

/**
 * Approves, hides or unhides a review under its row lock, so two verbs at once both land
 * (approving while hiding ends approved and hidden). The storefront reads reviews live: the
 * listing, the product aggregates and the summary change with the commit. A verb that
 * changes nothing writes nothing.
 */
export async function moderateReview(w: WriteScope, id: string, verb: ModerationVerb) {
  const current = await selectReview(w.tx, w.shop.id, id, { lock: true });
  if (!current) throw new ApiError('REVIEW_NOT_FOUND');
  w.expectVersion(current.version);
  const before = toAdminReview(current);
  const values = MODERATION[verb];
  if (Object.entries(values).every(([k, v]) => current[k as keyof ReviewRow] === v)) return before;
  const row = await reviewRows.update(w.tx, w.shop.id, id, values);
  const after = toAdminReview({
    ...row,
    variantLabel: current.variantLabel,
    product: current.product,
  });
  await w.audit({ action: 'update', resourceType: 'review', resourceId: id, before, after });
  return after;
}
