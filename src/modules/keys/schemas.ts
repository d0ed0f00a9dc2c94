import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { timestamp } from '../../admin-kit/route';
import { MERCHANT_SCOPES, type MerchantScope } from '../../identity/merchant-scopes';

const ScopeSchema = z
  .enum(MERCHANT_SCOPES as [MerchantScope, ...MerchantScope[]])
  .openapi({ example: 'catalogue:write' });

export const MerchantKeySchema = z
  .object({
    id: z.string(),
    object: z.literal('merchant_key'),
    name: z.string(),
    prefix: z.string().openapi({
      description: 'The first 12 characters of the key, to recognise it',
      example: 'sk_live_Ab3x',
    }),
    scopes: z.array(ScopeSchema),
    rate_limit: z.number().int().openapi({ description: 'Requests per minute this key may make' }),
    created_at: timestamp(),
    last_used_at: timestamp().nullable().openapi({
      description: 'When the key was last seen (to within 30 seconds)',
    }),
    revoked_at: timestamp().nullable(),
    created_by_member_id: z.string().nullable().openapi({
      description:
        'The staff member who created the key from the dashboard; disabling or removing them revokes it. Null for keys made with the CLI or another key.',
      example: null,
    }),
  })
  .openapi('MerchantKey');

export type MerchantKey = z.infer<typeof MerchantKeySchema>;

export const NewMerchantKeySchema = MerchantKeySchema.extend({
  secret: z.string().nullable().openapi({
    description:
      'The key itself, shown in this answer only: store it now. Null when an Idempotency-Key replays the answer.',
    example: 'sk_live_Ab3x…',
  }),
}).openapi('NewMerchantKey');

export const MerchantKeyCreateSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100).openapi({ example: 'Warehouse sync' }),
    scopes: z.array(ScopeSchema).min(1).max(MERCHANT_SCOPES.length).openapi({
      description: 'What the key may do; only scopes the calling key holds can be granted',
    }),
  })
  .openapi('MerchantKeyCreate');

export type MerchantKeyCreate = z.infer<typeof MerchantKeyCreateSchema>;

export const MerchantKeyListQuerySchema = ListQuerySchema;
export const MerchantKeyListSchema = listSchema(MerchantKeySchema, 'MerchantKeyList');
