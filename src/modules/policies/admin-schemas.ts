import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';
import { POLICY_TYPES } from '../../db/schema';

export const PolicyTypeParamSchema = z.object({
  type: z.enum(POLICY_TYPES).openapi({
    param: { name: 'type', in: 'path' },
    description: 'One of the 14 policy types the storefront serves at `/settings/policy/{type}`',
  }),
});

export const MerchantPolicySchema = z
  .object({
    id: z.string(),
    object: z.literal('policy'),
    type: z.enum(POLICY_TYPES),
    title: z.string().openapi({ description: 'The footer link text (the type when empty)' }),
    body: z
      .string()
      .openapi({ description: 'HTML; the storefront serves it escaped as `content`' }),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('MerchantPolicy');

export type MerchantPolicy = z.infer<typeof MerchantPolicySchema>;

export const PolicySetSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(200).openapi({ example: 'Privacy policy' }),
    body: z.string().max(200_000).openapi({ example: '<p>We keep your data safe.</p>' }),
  })
  .openapi('PolicySet');

export type PolicySet = z.infer<typeof PolicySetSchema>;

export const PolicyListQuerySchema = ListQuerySchema;
export const PolicyListSchema = listSchema(MerchantPolicySchema, 'PolicyList');
export const DeletedPolicySchema = deletedSchema('policy', 'DeletedPolicy');
