import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';

const KINDS = ['percentage', 'fixed'] as const;

export const CouponSchema = z
  .object({
    id: z.string(),
    object: z.literal('coupon'),
    code: z.string().openapi({ description: 'Upper case; shoppers may type it in any case' }),
    kind: z.enum(KINDS).openapi({
      description: '`percentage`: `value` percent off; `fixed`: `value` minor units off',
    }),
    value: z.number().int(),
    currency: z.string().openapi({ description: 'The currency of a `fixed` value and minimum' }),
    min_order_amount: z.number().int().openapi({
      description: 'Least product total (minor units) of a cart the coupon applies to; 0: any',
    }),
    starts_at: z.string().nullable().openapi({ description: 'Usable from; null: at once' }),
    ends_at: z
      .string()
      .nullable()
      .openapi({ description: 'Usable until (exclusive); null: no end' }),
    usage_limit: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Redemptions in all; null: no limit' }),
    per_customer_limit: z.number().int().nullable().openapi({
      description: 'Redemptions per customer email; null: no limit',
    }),
    used_count: z.number().int().openapi({ description: 'Orders that redeemed it (read only)' }),
    product_ids: z.array(z.string()).openapi({
      description:
        'With `category_ids`: only these products, and those of these categories and their descendants, get the discount; both empty: every product',
    }),
    category_ids: z.array(z.string()),
    active: z.boolean().openapi({ description: 'Shoppers can use it (inside its window)' }),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('Coupon');

export type Coupon = z.infer<typeof CouponSchema>;

const limit = z.number().int().min(1).max(1_000_000_000).nullable();
const ids = (what: string) => z.array(z.uuid({ message: `Must be a ${what} id.` })).max(500);
const instant = z.iso
  .datetime({ offset: true, message: 'An ISO 8601 date-time with a zone.' })
  .nullable();

const fields = {
  code: z.string().max(100).openapi({
    description: 'Trimmed and upper-cased; unique in the shop in any case',
    example: 'SPRING10',
  }),
  kind: z.enum(KINDS),
  value: z.number().int().min(1).max(1_000_000_000).openapi({
    description: 'Percent (1 to 100) for `percentage`, minor units for `fixed`',
  }),
  min_order_amount: z.number().int().min(0).max(1_000_000_000),
  starts_at: instant,
  ends_at: instant,
  usage_limit: limit,
  per_customer_limit: limit,
  product_ids: ids('product'),
  category_ids: ids('category'),
  active: z.boolean(),
};

const { code, kind, value, ...optional } = fields;

export const CouponCreateSchema = z
  .strictObject({ code, kind, value, ...z.object(optional).partial().shape })
  .openapi('CouponCreate');

export const CouponUpdateSchema = z.strictObject(fields).partial().openapi('CouponUpdate');

export type CouponCreate = z.infer<typeof CouponCreateSchema>;
export type CouponUpdate = z.infer<typeof CouponUpdateSchema>;

export const CouponListQuerySchema = ListQuerySchema;
export const CouponListSchema = listSchema(CouponSchema, 'CouponList');
export const DeletedCouponSchema = deletedSchema('coupon', 'DeletedCoupon');
