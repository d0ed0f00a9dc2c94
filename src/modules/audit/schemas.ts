import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { timestamp } from '../../admin-kit/route';

const ACTIONS = ['create', 'update', 'delete', 'revoke'] as const;

export const AuditActorSchema = z
  .object({
    type: z.enum(['staff', 'key', 'operator']).openapi({
      description:
        "`staff`: a member from the dashboard; `key`: a merchant key; `operator`: the platform's command line",
    }),
    id: z.string().nullable().openapi({
      description: "The staff member's or the key's id; null for the operator",
      example: null,
    }),
    name: z.string().openapi({
      description:
        "Who made the change, ready to show: the member's name (their email when they have none, the name they had when they are no longer a member), `API key “Warehouse”`, or `Shop CLI`",
      example: 'Ana Lopez',
    }),
    email: z.string().nullable().openapi({
      description: "The staff member's email; null for keys and the operator",
      example: 'ana@aurora.example',
    }),
    removed: z.boolean().openapi({
      description: 'The staff member is no longer a member of the shop (or the key is revoked)',
      example: false,
    }),
  })
  .openapi('AuditActor');

export const AuditEventSchema = z
  .object({
    id: z.string(),
    object: z.literal('audit_event'),
    action: z.enum(ACTIONS),
    resource_type: z.string().openapi({ example: 'shipping_rate' }),
    resource_id: z.string(),
    key_id: z.string().nullable().openapi({
      description: 'The merchant key that made the change; null for the platform operator',
    }),
    key_prefix: z.string().nullable().openapi({ example: 'sk_live_Ab3x' }),
    staff_member_id: z.string().nullable().openapi({
      description: 'The staff member who made the change from the dashboard; null otherwise',
    }),
    actor: z.string().nullable().openapi({
      description:
        "Who made the change, as they were named then: a staff member's email, or a key's name and prefix; null for the platform operator",
      example: 'owner@aurora.example',
    }),
    performed_by: AuditActorSchema,
    request_id: z.string().nullable().openapi({ description: 'The X-Request-Id of the write' }),
    changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).openapi({
      description: 'Each changed field as the API shows it, with its value before and after',
      example: { amount: { before: 490, after: 590 } },
    }),
    created_at: timestamp(),
  })
  .openapi('AuditEvent');

export type AuditEvent = z.infer<typeof AuditEventSchema>;

const filter = (name: string, description: string) =>
  z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name, in: 'query' }, description });

export const AuditListQuerySchema = ListQuerySchema.extend({
  resource_type: filter('resource_type', 'Only changes to this type, e.g. `shipping_rate`'),
  resource_id: filter('resource_id', 'Only changes to this resource'),
  action: z
    .enum(ACTIONS)
    .optional()
    .openapi({ param: { name: 'action', in: 'query' } }),
  key_id: z
    .uuid()
    .optional()
    .openapi({ param: { name: 'key_id', in: 'query' }, description: 'Only changes by this key' }),
  actor: filter(
    'actor',
    "Only changes by this actor: a staff member's email (any case), or a key's name and prefix as `actor` shows it",
  ),
  staff_member_id: z
    .uuid()
    .optional()
    .openapi({
      param: { name: 'staff_member_id', in: 'query' },
      description: 'Only changes by this staff member',
    }),
  since: z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({
      param: { name: 'since', in: 'query' },
      description: 'Changes at or after (ISO 8601)',
    }),
  until: z.iso
    .datetime({ offset: true })
    .optional()
    .openapi({ param: { name: 'until', in: 'query' }, description: 'Changes before (ISO 8601)' }),
});

export type AuditListQuery = z.infer<typeof AuditListQuerySchema>;

export const AuditEventListSchema = listSchema(AuditEventSchema, 'AuditEventList');
