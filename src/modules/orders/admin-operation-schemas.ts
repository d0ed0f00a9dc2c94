import { z } from '@hono/zod-openapi';
import { timestamp } from '../../admin-kit/route';

const MAX_MINOR = 10_000_000_000;

const lineQuantity = z.strictObject({
  line_id: z.uuid({ message: 'Must be a line id of the order.' }),
  quantity: z.number().int().min(1).max(1_000_000),
});

/** An https address a buyer can open; anything else (http, javascript:, data:) is refused. */
const httpsUrl = z
  .url({ protocol: /^https$/, message: 'Must be an https:// address.' })
  .max(2000)
  .openapi({ example: 'https://tracking.example/track?n=1Z999AA10123456784' });

/** How a shipment can be followed: all optional, as a merchant may ship untracked. */
const tracking = {
  carrier: z.string().trim().max(100).optional().openapi({ example: 'UPS' }),
  tracking_number: z.string().trim().max(200).optional().openapi({ example: '1Z999AA10123456784' }),
  tracking_url: httpsUrl.optional(),
};

export const FulfillmentCreateSchema = z
  .strictObject({
    lines: z.array(lineQuantity).min(1).max(500).optional().openapi({
      description: 'Lines and quantities shipped; left out, everything not shipped yet',
    }),
    ...tracking,
  })
  .openapi('OrderFulfillmentCreate');

export const DeliverSchema = z.strictObject(tracking).openapi('OrderDeliver', {
  description:
    'Optional tracking: given, the lines not shipped yet are fulfilled with it before the order is marked delivered',
});

export const RefundCreateSchema = z
  .strictObject({
    amount: z.number().int().min(0).max(MAX_MINOR).openapi({
      description:
        'Minor units given back (an integer: 20.00 EUR is 2000); at most what was paid and not refunded yet',
    }),
    reason: z.string().trim().max(2000).default(''),
    restock: z.array(lineQuantity).max(500).default([]).openapi({
      description: 'Lines and quantities that go back to stock, in the same transaction',
    }),
  })
  .openapi('OrderRefundCreate');

export const NoteCreateSchema = z
  .strictObject({ body: z.string().trim().min(1).max(5000) })
  .openapi('OrderNoteCreate');

export const AddressPatchSchema = z
  .strictObject({
    town: z.string().trim().max(200).optional(),
    city: z.string().trim().max(200).optional(),
    apartment: z.string().trim().max(200).optional(),
    room: z.string().trim().max(200).optional(),
    postal_code: z.string().trim().max(20).optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: 'Give at least one field.' })
  .openapi('OrderAddressPatch');

/** A page of an order's timeline: the newest changes, or those before `starting_after`. */
export const TimelineQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(100)
    .openapi({
      param: { name: 'limit', in: 'query' },
      description: 'Changes per page, 1 to 100 (100)',
    }),
  starting_after: z
    .uuid({ message: 'Must be the id of a change in this timeline.' })
    .optional()
    .openapi({
      param: { name: 'starting_after', in: 'query' },
      description:
        'The id of the oldest change you have (the first of a page): the page holds the changes before it',
    }),
});

const lineRef = z.object({ line_id: z.string(), quantity: z.number().int() });

export const FulfillmentSchema = z
  .object({
    id: z.string(),
    carrier: z.string(),
    tracking_number: z.string(),
    tracking_url: z.string().nullable(),
    lines: z.array(lineRef),
    created_at: timestamp(),
  })
  .openapi('OrderFulfillment');

export const OrderRefundItemSchema = z
  .object({
    id: z.string(),
    amount: z.number().int().openapi({ description: 'Minor units' }),
    reason: z.string(),
    restock: z.array(lineRef),
    provider_refund_id: z.string().nullable(),
    created_at: timestamp(),
  })
  .openapi('OrderRefundRecord');

export const OrderNoteSchema = z
  .object({
    id: z.string(),
    author: z.string().openapi({ description: "The key's name and prefix, or the staff email" }),
    body: z.string(),
    created_at: timestamp(),
  })
  .openapi('OrderNote');

export type FulfillmentCreate = z.infer<typeof FulfillmentCreateSchema>;
export type Deliver = z.infer<typeof DeliverSchema>;
export type RefundCreate = z.infer<typeof RefundCreateSchema>;
export type AddressPatch = z.infer<typeof AddressPatchSchema>;
export type TimelineQuery = z.infer<typeof TimelineQuerySchema>;
