import { IdParamSchema } from '../../admin-kit/route';
import { actionRoute, listRoute, mount, readRoute } from '../../admin-kit/verbs';
import { createRouter } from '../../http/router';
import { AdminReviewSchema, ReviewListSchema, ReviewQueueQuerySchema } from './admin-schemas';
import {
  getReview,
  listReviewQueue,
  type ModerationVerb,
  moderateReview,
  RAISES,
} from './admin-service';

const tag = 'Reviews';

const list = listRoute({
  path: '/',
  tag,
  scope: 'reviews:read',
  operationId: 'listReviews',
  summary: 'The moderation queue: pending reviews first, then newest first',
  description:
    'Pending reviews come first, then approved ones, newest first within each; `status`, `hidden` and `product_id` filter. Cursors page through this order like every list.',
  request: { query: ReviewQueueQuerySchema },
  schema: ReviewListSchema,
  answers: 'A page of reviews',
  list: ({ db, shop, query }) => listReviewQueue(db, shop.id, query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'reviews:read',
  operationId: 'getReview',
  summary: 'One review, with the buyer’s name in full',
  description: `The review with its ETag and the buyer's name in full. \`listed\` says whether the storefront shows and counts it.`,
  request: { params: IdParamSchema },
  schema: AdminReviewSchema,
  answers: 'The review',
  raises: RAISES.getReview,
  get: ({ db, shop, params }) => getReview(db, shop.id, params.id),
});

const verbRoute = (
  verb: ModerationVerb,
  operationId: string,
  summary: string,
  description: string,
) =>
  actionRoute({
    path: `/{id}/${verb}`,
    tag,
    scope: 'reviews:write',
    operationId,
    summary,
    description: `${description} Runs under the review's row lock, so simultaneous verbs all land; a verb that changes nothing writes nothing. The storefront list, product aggregates and summary change on the next request.`,
    request: { params: IdParamSchema },
    schema: AdminReviewSchema,
    answers: 'The review',
    raises: RAISES.moderateReview,
    act: (w, { params }) => moderateReview(w, params.id, verb),
  });

const approve = verbRoute(
  'approve',
  'approveReview',
  'Approves a review: listed from the next request',
  'pending → approved (listed unless hidden).',
);
const hide = verbRoute(
  'hide',
  'hideReview',
  'Hides a review from the storefront, whatever its status',
  'Counted in the summary’s `hidden`, never listed.',
);
const unhide = verbRoute(
  'unhide',
  'unhideReview',
  'Shows a hidden review again (if approved)',
  'Listed again when approved.',
);

/** /admin/api/v1/reviews: moderating what buyers wrote. */
export const reviewAdminRoutes = createRouter();

mount(reviewAdminRoutes, list, read, approve, hide, unhide);
