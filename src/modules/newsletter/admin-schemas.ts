import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';

const StatusSchema = z.enum(['pending', 'verified', 'unsubscribed']).openapi({
  description: '`pending` until the address confirms (double opt-in); `unsubscribed` after it left',
});

export const SubscriberSchema = z
  .object({
    id: z.string(),
    object: z.literal('newsletter_subscriber'),
    email: z.string(),
    status: StatusSchema,
    verified_at: timestamp().nullable(),
    unsubscribed_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('NewsletterSubscriber');

export type Subscriber = z.infer<typeof SubscriberSchema>;

const statusFilter = StatusSchema.optional().openapi({
  param: { name: 'status', in: 'query' },
  description: 'Only subscribers in this state',
});

export const SubscriberListQuerySchema = ListQuerySchema.extend({ status: statusFilter });
export const SubscriberExportQuerySchema = z.object({ status: statusFilter });
export const SubscriberListSchema = listSchema(SubscriberSchema, 'NewsletterSubscriberList');
export const DeletedSubscriberSchema = deletedSchema(
  'newsletter_subscriber',
  'DeletedNewsletterSubscriber',
);

export const NewsletterSettingsSchema = z
  .object({
    object: z.literal('newsletter_settings'),
    subscriber_cap: z.number().int().nullable().openapi({
      description:
        'Most pending and verified subscribers at once; new subscriptions beyond it are refused (null: no cap)',
    }),
    counts: z
      .object({
        pending: z.number().int(),
        verified: z.number().int(),
        unsubscribed: z.number().int(),
      })
      .openapi({ description: 'Subscribers in each state now' }),
  })
  .openapi('NewsletterSettings');

export type NewsletterSettings = z.infer<typeof NewsletterSettingsSchema>;

export const NewsletterSettingsUpdateSchema = z
  .strictObject({
    subscriber_cap: z.number().int().min(0).max(10_000_000).nullable().openapi({
      description:
        'The new cap (null removes it). Lowering it below the current count removes nobody; only new subscriptions are refused',
    }),
  })
  .openapi('NewsletterSettingsUpdate');
