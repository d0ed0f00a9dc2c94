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
  const { database, dedup, defer, log } = c.get('services');
  const queue = c.env.ANALYTICS_QUEUE;
  defer(recordEvent({ db: database.db, dedup, log, queue }, c.get('shop').id, c.req.valid('json')));
  return c.json({ status: 'success' as const }, 202);
});
