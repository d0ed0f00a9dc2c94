import { z } from '@hono/zod-openapi';

const identifier = z.string().trim().min(1).max(128);
const path = z.string().trim().min(1).max(2048);
const label = z.string().trim().min(1).max(200);
const optionalLabel = z.string().trim().max(200).nullish();

/** Fields every event carries (contract: Events, PUT /analytics). */
const common = {
  userId: identifier.openapi({ description: 'Visitor id, kept indefinitely by the client' }),
  sessionId: identifier.openapi({
    description: 'Session id; the client renews it after 30 idle minutes',
  }),
  sessionStartPage: path.openapi({ description: 'Path of the first page of the session' }),
  referrerUrl: z.string().trim().max(2048).nullish(),
  hasCustomerAccount: z.boolean().nullish(),
  customersId: z.string().trim().max(128).nullish(),
};

const kind = <E extends string, M extends z.ZodRawShape>(event: E, metadata: M, name: string) =>
  z.object({ ...common, event: z.literal(event), metadata: z.object(metadata) }).openapi(name);

/** One visitor event; `metadata` is checked per kind and unknown metadata keys are dropped. */
export const AnalyticsEventSchema = z
  .discriminatedUnion('event', [
    kind('page_view', { url: path }, 'PageViewEvent'),
    kind('product_view', { productId: identifier, url: path }, 'ProductViewEvent'),
    kind(
      'add_to_cart',
      { productId: identifier, quantity: z.number().int().min(1).max(10_000) },
      'AddToCartEvent',
    ),
    kind('remove_from_cart', { productId: identifier }, 'RemoveFromCartEvent'),
    kind('begin_checkout', {}, 'BeginCheckoutEvent'),
    kind('complete_checkout', { orderId: identifier }, 'CompleteCheckoutEvent'),
    kind('search', { term: label }, 'SearchEvent'),
    kind('add_to_wishlist', { productId: identifier }, 'AddToWishlistEvent'),
    kind(
      'social_referral',
      { utm_source: label, utm_medium: optionalLabel, utm_campaign: optionalLabel },
      'SocialReferralEvent',
    ),
  ])
  .openapi('AnalyticsEvent');

export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const AnalyticsAcceptedSchema = z
  .object({ status: z.literal('success') })
  .openapi('AnalyticsAccepted');
