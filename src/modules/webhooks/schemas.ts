import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';
import { WEBHOOK_EVENT_TYPES } from './events';

const EventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES).openapi('WebhookEventType');

export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_endpoint'),
    url: z.string().openapi({ example: 'https://example.com/hooks/shop' }),
    description: z.string(),
    events: z.array(EventTypeSchema),
    enabled: z.boolean().openapi({ description: 'Whether events are sent to the endpoint' }),
    disabled_reason: z.string().nullable().openapi({
      description:
        'Why the platform disabled the endpoint (after failing for days); null otherwise',
    }),
    consecutive_failures: z.number().int().openapi({
      description: 'Failed attempts since the last successful delivery',
    }),
    failing_since: timestamp().nullable(),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('WebhookEndpoint');

export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointCreatedSchema = WebhookEndpointSchema.extend({
  secret: z.string().nullable().openapi({
    description:
      'The signing secret (`whsec_…`), shown only in this answer (null when an Idempotency-Key replays it). Verify each delivery with a Standard Webhooks library.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  }),
}).openapi('WebhookEndpointCreated');

const fields = {
  url: z.string().trim().min(1).max(2000).openapi({
    description:
      'Where events are POSTed: an https:// URL whose host is not a private, loopback or link-local address',
  }),
  description: z.string().max(500),
  events: z
    .array(EventTypeSchema)
    .min(1)
    .max(WEBHOOK_EVENT_TYPES.length)
    .refine((list) => new Set(list).size === list.length, 'Each event may be listed once.'),
  enabled: z.boolean().openapi({
    description: 'Enabling an endpoint the platform disabled clears its failures',
  }),
};

export const WebhookEndpointCreateSchema = z
  .strictObject({
    ...fields,
    description: fields.description.optional(),
    enabled: fields.enabled.optional(),
  })
  .openapi('WebhookEndpointCreate');

export const WebhookEndpointUpdateSchema = z
  .strictObject(fields)
  .partial()
  .openapi('WebhookEndpointUpdate');

export type WebhookEndpointCreate = z.infer<typeof WebhookEndpointCreateSchema>;
export type WebhookEndpointUpdate = z.infer<typeof WebhookEndpointUpdateSchema>;

export const WebhookEndpointListSchema = listSchema(WebhookEndpointSchema, 'WebhookEndpointList');
export const DeletedWebhookEndpointSchema = deletedSchema(
  'webhook_endpoint',
  'DeletedWebhookEndpoint',
);

const AttemptSchema = z
  .object({
    at: timestamp(),
    status: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'HTTP status; null without an answer' }),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
  })
  .openapi('WebhookAttempt');

export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    object: z.literal('webhook_delivery'),
    endpoint_id: z.string(),
    event: z.object({ id: z.string(), type: EventTypeSchema, created_at: timestamp() }).openapi({
      description: 'The event; its id is the `webhook-id` header of every attempt',
    }),
    status: z.enum(['pending', 'succeeded', 'failed']).openapi({
      description: '`failed` once every retry failed',
    }),
    attempts: z.array(AttemptSchema),
    next_attempt_at: timestamp().nullable().openapi({ description: 'Null unless pending' }),
    delivered_at: timestamp().nullable(),
    replay_of: z.string().nullable().openapi({ description: 'The delivery this one replays' }),
    created_at: timestamp(),
  })
  .openapi('WebhookDelivery');

export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListQuerySchema = ListQuerySchema.extend({
  status: z
    .enum(['pending', 'succeeded', 'failed'])
    .optional()
    .openapi({
      param: { name: 'status', in: 'query' },
      description: 'Only deliveries in this state',
    }),
});

export const WebhookDeliveryListSchema = listSchema(WebhookDeliverySchema, 'WebhookDeliveryList');

export const DeliveryParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
  deliveryId: z.string().openapi({ param: { name: 'deliveryId', in: 'path' } }),
});
