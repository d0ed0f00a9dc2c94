import { createRoute } from '@hono/zod-openapi';
import {
  apiKeySecurity,
  errorResponses,
  jsonBody,
  jsonContent,
  SHOP_ERRORS,
} from '../../http/openapi';
import { limitPerIp } from '../../http/rate-limit';
import { createRouter, validationHook } from '../../http/router';
import { requireShop } from '../../http/shop';
import {
  SubscribeBodySchema,
  SubscribeResultSchema,
  SubscriptionIdParam,
  UnsubscribeBodySchema,
  UnsubscribeResultSchema,
  VerifyBodySchema,
  VerifyResultSchema,
} from './schemas';
import { SUBSCRIBE_RATE, subscribe, unsubscribe, verify } from './service';

// Malformed and honeypot submissions count against the limit too.
const subscribeRate = limitPerIp(SUBSCRIBE_RATE, 'NEWSLETTER_RATE_LIMITED');

const subscribeRoute = createRoute({
  method: 'post',
  path: '/',
  tags: ['Newsletter'],
  operationId: 'subscribeNewsletter',
  summary: 'Subscribe an address (double opt-in: a confirmation link is emailed)',
  security: apiKeySecurity,
  middleware: [subscribeRate] as const,
  request: { body: jsonBody(SubscribeBodySchema) },
  responses: {
    200: jsonContent(SubscribeResultSchema, 'Subscribed, renewed, or a new link sent'),
    ...errorResponses(
      ...SHOP_ERRORS,
      'EMAIL_ALREADY_SUBSCRIBED',
      'NEWSLETTER_LIMIT_EXCEEDED',
      'NEWSLETTER_RATE_LIMITED',
    ),
  },
});

const verifyRoute = createRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Newsletter'],
  operationId: 'verifyNewsletter',
  summary: 'Confirm a subscription with the emailed link',
  security: apiKeySecurity,
  request: { params: SubscriptionIdParam, body: jsonBody(VerifyBodySchema) },
  responses: {
    200: jsonContent(VerifyResultSchema, 'Verified'),
    ...errorResponses(...SHOP_ERRORS, 'SUBSCRIPTION_NOT_FOUND', 'SUBSCRIPTION_NOT_VALID'),
  },
});

const unsubscribeRoute = createRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Newsletter'],
  operationId: 'unsubscribeNewsletter',
  summary: 'End a subscription with the unsubscribe link',
  security: apiKeySecurity,
  request: { params: SubscriptionIdParam, body: jsonBody(UnsubscribeBodySchema) },
  responses: {
    200: jsonContent(UnsubscribeResultSchema, 'Unsubscribed'),
    ...errorResponses(...SHOP_ERRORS, 'SUBSCRIPTION_NOT_FOUND'),
  },
});

export const newsletterRoutes = createRouter();
newsletterRoutes.use('*', requireShop);

newsletterRoutes.openapi(subscribeRoute, async (c) => {
  const { email, _hp } = c.req.valid('json');
  const fallbackHost = new URL(c.req.url).hostname;
  const message = await subscribe(c.get('services'), c.get('shop'), email, _hp, fallbackHost);
  return c.json({ status: 'success' as const, message }, 200);
});

newsletterRoutes.openapi(
  verifyRoute,
  async (c) => {
    const { id } = c.req.valid('param');
    const { email, integrityId } = c.req.valid('json');
    const message = await verify(c.get('services'), c.get('shop').id, id, email, integrityId);
    return c.json({ status: 'success' as const, message }, 200);
  },
  // A link missing its parameters is a link that is not valid.
  validationHook('SUBSCRIPTION_NOT_VALID'),
);

newsletterRoutes.openapi(unsubscribeRoute, async (c) => {
  const { id } = c.req.valid('param');
  const { email } = c.req.valid('json');
  const message = await unsubscribe(c.get('services'), c.get('shop').id, id, email);
  return c.json({ status: 'success' as const, message }, 200);
});
