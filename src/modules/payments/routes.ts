import { z } from '@hono/zod-openapi';
import { jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { RAISES, receiveWebhook, type SettlePayment } from './service';

const webhook = defineRoute({
  method: 'post',
  path: '/webhook/{shopId}',
  tags: ['payments'],
  operationId: 'paymentWebhook',
  summary: "The payment provider's signed notifications for one shop",
  description:
    'Called by the provider, not by themes: no `x-api-key`. The raw body is verified against the `Stripe-Signature` header with the shop’s webhook secret; a paid checkout marks its order fully paid. Replayed events change nothing.',
  // Authenticated by the provider's signature of the raw body, not by a shop key.
  security: [{ PaymentSignature: [] }],
  request: {
    params: z.object({ shopId: z.string().openapi({ param: { name: 'shopId', in: 'path' } }) }),
  },
  raises: RAISES.receiveWebhook,
  responses: {
    200: jsonContent(
      z.object({ received: z.literal(true) }).openapi('WebhookReceipt'),
      'The event was accepted',
    ),
  },
});

/**
 * The provider's webhook route; `settle` is what a verified event does to orders (the
 * application passes the orders module's, so payments never imports orders).
 */
export function createPaymentRoutes(settle: SettlePayment) {
  const routes = createRouter();
  routes.openapi(webhook, async (c) => {
    // The signature covers the exact bytes sent, so the body is read raw, never re-serialised.
    const data = await receiveWebhook(
      c.get('services'),
      c.req.valid('param').shopId,
      await c.req.text(),
      c.req.raw.headers,
      settle,
    );
    return c.json(data, 200);
  });
  return routes;
}
