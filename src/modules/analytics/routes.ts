import { jsonBody, jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { requireShop } from '../../http/shop';
import { AnalyticsAcceptedSchema, AnalyticsEventSchema } from './schemas';
import { recordEvent } from './service';

const trackRoute = defineRoute({
  method: 'put',
  path: '/',
  tags: ['analytics'],
  operationId: 'trackEvent',
  summary: 'Accept one visitor event (stored after the response)',
  description:
    'Answers `202` at once; the event is stored after the response. Repeated page and product views within one session are counted once.',
  middleware: [requireShop] as const,
  request: { body: jsonBody(AnalyticsEventSchema) },
  validationCode: 'ANALYTICS_EVENT_INVALID',
  responses: {
    202: jsonContent(
      AnalyticsAcceptedSchema,
      'Accepted; stored unless already counted this session',
    ),
  },
});

export const analyticsRoutes = createRouter();

analyticsRoutes.openapi(trackRoute, (c) => {
  const { dedup, afterResponse, log } = c.get('services');
  const queue = c.env.ANALYTICS_QUEUE;
  const shopId = c.get('shop').id;
  const event = c.req.valid('json');
  afterResponse((db) => recordEvent({ db, dedup, log, queue }, shopId, event));
  return c.json({ status: 'success' as const }, 202);
});
