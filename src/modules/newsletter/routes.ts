import { jsonBody, jsonContent } from '../../http/openapi';
import { limitPerIp } from '../../http/rate-limit';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { requireShop } from '../../http/shop';
import { configuredFallbackHost } from '../../identity/storefront-origin';
import {
  SubscribeBodySchema,
  SubscribeResultSchema,
  SubscriptionIdParam,
  UnsubscribeBodySchema,
  UnsubscribeResultSchema,
  VerifyBodySchema,
  VerifyResultSchema,
} from './schemas';
import { RAISES, SUBSCRIBE_RATE, subscribe, unsubscribe, verify } from './service';

// Malformed and honeypot submissions count against the limit too.
const subscribeRate = limitPerIp(SUBSCRIBE_RATE, 'NEWSLETTER_RATE_LIMITED');

const subscribeRoute = defineRoute({
  method: 'post',
  path: '/',
  tags: ['newsletter'],
  operationId: 'subscribeNewsletter',
  summary: 'Subscribe an address (double opt-in: a confirmation link is emailed)',
  description:
    'Stores the address as pending and emails a confirmation link (double opt-in); it counts as subscribed once confirmed. 5 requests per client IP an hour (`429 NEWSLETTER_RATE_LIMITED` with `Retry-After`).',
  middleware: [requireShop, subscribeRate] as const,
  request: { body: jsonBody(SubscribeBodySchema) },
  raises: RAISES.subscribe,
  responses: {
    200: jsonContent(SubscribeResultSchema, 'Subscribed, renewed, or a new link sent'),
  },
});

const verifyRoute = defineRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['newsletter'],
  operationId: 'verifyNewsletter',
  summary: 'Confirm a subscription with the emailed link',
  description:
    "The confirmation link carries `subscription`, `integrity` and `email`: send `subscription` as the path's id, and `email` with `integrityId` (the link's `integrity`) as the body.",
  middleware: [requireShop] as const,
  request: { params: SubscriptionIdParam, body: jsonBody(VerifyBodySchema) },
  raises: RAISES.verify,
  // A link missing its parameters is a link that is not valid.
  validationCode: 'SUBSCRIPTION_NOT_VALID',
  responses: { 200: jsonContent(VerifyResultSchema, 'Verified') },
});

const unsubscribeRoute = defineRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['newsletter'],
  operationId: 'unsubscribeNewsletter',
  summary: 'End a subscription with the unsubscribe link',
  description:
    'The unsubscribe link of the confirmation email carries the subscription id and the address: send the id in the path and the address in the body.',
  middleware: [requireShop] as const,
  request: { params: SubscriptionIdParam, body: jsonBody(UnsubscribeBodySchema) },
  raises: RAISES.unsubscribe,
  responses: { 200: jsonContent(UnsubscribeResultSchema, 'Unsubscribed') },
});

export const newsletterRoutes = createRouter();

newsletterRoutes.openapi(subscribeRoute, async (c) => {
  const { email, _hp } = c.req.valid('json');
  const fallbackHost = configuredFallbackHost(c.get('services').config);
  const message = await subscribe(c.get('services'), c.get('shop'), email, _hp, fallbackHost);
  return c.json({ status: 'success' as const, message }, 200);
});

newsletterRoutes.openapi(verifyRoute, async (c) => {
  const { id } = c.req.valid('param');
  const { email, integrityId } = c.req.valid('json');
  const message = await verify(c.get('services'), c.get('shop').id, id, email, integrityId);
  return c.json({ status: 'success' as const, message }, 200);
});

newsletterRoutes.openapi(unsubscribeRoute, async (c) => {
  const { id } = c.req.valid('param');
  const { email } = c.req.valid('json');
  const message = await unsubscribe(c.get('services'), c.get('shop').id, id, email);
  return c.json({ status: 'success' as const, message }, 200);
});
