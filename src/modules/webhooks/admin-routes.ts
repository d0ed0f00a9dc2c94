import { ListQuerySchema } from '../../admin-kit/list';
import { adminRoute, IdParamSchema } from '../../admin-kit/route';
import {
  createRoute,
  deleteRoute,
  listRoute,
  mount,
  readRoute,
  updateRoute,
} from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { deliverWebhooksAfterResponse } from './delivery';
import {
  DeletedWebhookEndpointSchema,
  DeliveryParamSchema,
  WebhookDeliveryListQuerySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookEndpointCreatedSchema,
  WebhookEndpointCreateSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointUpdateSchema,
} from './schemas';
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  RAISES,
  replayDelivery,
  updateEndpoint,
} from './service';

const tag = 'Webhooks';
// Endpoints receive order and customer data of every subscribed event: managing them takes
// the same `admin` scope as managing keys, and an endpoint's events also take the read scope
// of the data each carries (service.ts assertMayCarry).
const scope = 'admin';

const list = listRoute({
  path: '/',
  tag,
  scope,
  operationId: 'listWebhookEndpoints',
  summary: 'The shop’s webhook endpoints, newest first',
  description: 'Every endpoint the shop registered, newest first; secrets are never shown again.',
  request: { query: ListQuerySchema },
  schema: WebhookEndpointListSchema,
  answers: 'A page of webhook endpoints',
  list: ({ db, shop, query }) => listEndpoints(db, shop.id, query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope,
  operationId: 'getWebhookEndpoint',
  summary: 'One webhook endpoint',
  description:
    'One endpoint with its subscribed events, state and run of failures; answers its ETag.',
  request: { params: IdParamSchema },
  schema: WebhookEndpointSchema,
  answers: 'The webhook endpoint',
  raises: RAISES.getEndpoint,
  get: ({ db, shop, params }) => getEndpoint(db, shop.id, params.id),
});

const create = createRoute({
  path: '/',
  tag,
  scope,
  operationId: 'createWebhookEndpoint',
  summary: 'Registers an endpoint for the given events; the answer shows its signing secret once',
  description:
    'Registers an https URL for the listed events. The answer carries the signing secret (`whsec_…`) once; verify deliveries with any Standard Webhooks library. URLs to private, loopback or link-local addresses are refused (`WEBHOOK_URL_NOT_ALLOWED`). Each event needs the read scope of the data it carries, besides `admin`: `orders:read` for `order.*`, `customers:read` for `customer.created`, `reviews:read` for `review.created`, `marketing:read` for `newsletter.subscribed`, `catalogue:read` for `product.updated` (403 `MERCHANT_SCOPE_MISSING` naming each event). A shop has at most 16 endpoints (409 `WEBHOOK_ENDPOINT_LIMIT_REACHED`), as a Stripe account has.',
  request: { body: jsonBody(WebhookEndpointCreateSchema) },
  schema: WebhookEndpointCreatedSchema,
  answers: 'The new endpoint and its secret',
  raises: RAISES.createEndpoint,
  create: (w, { body, caller, c }) => createEndpoint(w, c.get('services').config, caller, body),
  // The secret is shown once: a replay answers the endpoint without it.
  options: { remember: (answer) => ({ ...answer, secret: null }) },
});

const update = updateRoute({
  path: '/{id}',
  tag,
  scope,
  operationId: 'updateWebhookEndpoint',
  summary: 'Changes the given fields of an endpoint; `enabled: true` revives a disabled one',
  description:
    'Changes URL, events, description or `enabled`. Enabling an endpoint the platform disabled clears its failures, and its pending deliveries resume. Any change needs the read scope of every event the endpoint carries afterwards, as creating it does.',
  request: { params: IdParamSchema, body: jsonBody(WebhookEndpointUpdateSchema) },
  schema: WebhookEndpointSchema,
  answers: 'The webhook endpoint',
  raises: RAISES.updateEndpoint,
  update: (w, { params, body, caller, c }) =>
    updateEndpoint(w, c.get('services').config, caller, params.id, body),
});

const remove = deleteRoute({
  path: '/{id}',
  tag,
  scope,
  operationId: 'deleteWebhookEndpoint',
  summary: 'Deletes an endpoint and its delivery log',
  description: 'Deletes the endpoint with its delivery log; nothing more is sent to it.',
  request: { params: IdParamSchema },
  schema: DeletedWebhookEndpointSchema,
  answers: 'The endpoint is deleted',
  raises: RAISES.deleteEndpoint,
  remove: (w, { params }) => deleteEndpoint(w, params.id),
});

const deliveries = listRoute({
  path: '/{id}/deliveries',
  tag,
  scope,
  operationId: 'listWebhookDeliveries',
  summary: 'The endpoint’s delivery log, newest first, with every attempt',
  description:
    'One row per event sent to the endpoint, with every attempt (status, error, duration); filter by `status`.',
  request: { params: IdParamSchema, query: WebhookDeliveryListQuerySchema },
  schema: WebhookDeliveryListSchema,
  answers: 'A page of deliveries',
  raises: RAISES.listDeliveries,
  list: ({ db, shop, params, query }) => listDeliveries(db, shop.id, params.id, query),
});

const replay = adminRoute({
  method: 'post',
  path: '/{id}/deliveries/{deliveryId}/replay',
  tag,
  scope,
  operationId: 'replayWebhookDelivery',
  summary: 'Sends a delivery’s event to the endpoint again, as a new delivery',
  description:
    'Creates a new delivery of the same event (same `webhook-id`) and sends it after the response; a disabled endpoint answers 409.',
  request: { params: DeliveryParamSchema },
  responses: {
    201: jsonContent(WebhookDeliverySchema, 'The new delivery, sent after the response'),
  },
  raises: RAISES.replayDelivery,
});

/** /admin/api/v1/webhook-endpoints: where a shop's events are sent, and what was sent. */
export const webhookAdminRoutes = createRouter();

mount(webhookAdminRoutes, list, read);

mount(webhookAdminRoutes, create, update, remove);

mount(webhookAdminRoutes, deliveries);

// Not createRoute: a delivery has no version (no ETag), and it is sent once the write commits.
webhookAdminRoutes.openapi(replay, async (c) => {
  const { id, deliveryId } = c.req.valid('param');
  const services = c.get('services');
  const delivery = await merchantWrite(c, async (w) => {
    const replayed = await replayDelivery(w, id, deliveryId);
    w.afterCommit(() => deliverWebhooksAfterResponse(services, [replayed.id]));
    return replayed;
  });
  return c.json(delivery, 201);
});
