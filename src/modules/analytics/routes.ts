import { createRoute } from '@hono/zod-openapi';
import {
  apiKeySecurity,
  errorResponses,
  jsonBody,
  jsonContent,
  SHOP_ERRORS,
} from '../../http/openapi';
import { createRouter, validationHook } from '../../http/router';
import { requireShop } from '../../http/shop';
import { AnalyticsAcceptedSchema, AnalyticsEventSchema } from './schemas';
import { recordEvent } from './service';

const trackRoute = createRoute({
  method: 'put',
  path: '/',
  tags: ['Analytics'],
  operationId: 'trackEvent',
  summary: 'Accept one visitor event (stored after the response)',
  security: apiKeySecurity,
  request: { body: jsonBody(AnalyticsEventSchema) },
  responses: {
    202: jsonContent(
      AnalyticsAcceptedSchema,
      'Accepted; stored unless already counted this session',
    ),
    ...errorResponses(...SHOP_ERRORS, 'ANALYTICS_EVENT_INVALID'),
  },
});

export const analyticsRoutes = createRouter();
analyticsRoutes.use('*', requireShop);

analyticsRoutes.openapi(
  trackRoute,
  (c) => {
    const { database, dedup, defer, log } = c.get('services');
    defer(recordEvent({ db: database.db, dedup, log }, c.get('shop').id, c.req.valid('json')));
    return c.json({ status: 'success' as const }, 202);
  },
  validationHook('ANALYTICS_EVENT_INVALID'),
);
