import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { timestamp } from '../../admin-kit/route';
import {
  FulfillmentSchema,
  OrderNoteSchema,
  OrderRefundItemSchema,
} from './admin-operation-schemas';

const ORDER_STATUSES = ['pending', 'delivered', 'completed', 'cancelled', 'refunded'] as const;
const PAYMENT_STATUSES = ['unpaid', 'fully-paid', 'partially-refunded', 'refunded'] as const;
const minor = (description: string) => z.number().int().openapi({ description });
const nullableTime = () => timestamp().nullable();

const OrderLineSchema = z
  .object({
    id: z.string(),
    product_id: z.string().nullable().openapi({ description: 'Null once the product is deleted' }),
    variant_id: z.string().nullable(),
    title: z.string(),
    variation_key: z.string(),
    variant_label: z.string().openapi({
      description:
        'The variant’s option values in option order, e.g. "Small / Sand"; empty without variants',
      example: 'Small / Sand',
    }),
    sku: z.string(),
    quantity: z.number().int(),
    unit_amount: minor('Unit price as ordered, minor units'),
    total_amount: minor('Line total, minor units'),
    is_digital: z.boolean(),
    stock_held: z.boolean().openapi({
      description:
        'The line still holds stock it took; cancelling or a refund with restock gives it back once',
    }),
    fulfilled_quantity: z.number().int().openapi({ description: 'Shipped by fulfilments so far' }),
    restocked_quantity: z.number().int().openapi({ description: 'Given back to stock by refunds' }),
  })
  .openapi('OrderLine');

export const AdminOrderSchema = z
  .object({
    id: z.string(),
    object: z.literal('order'),
    order_number: z.string(),
    status: z.enum(ORDER_STATUSES).openapi({ description: 'The storefront’s status word' }),
    available_actions: z
      .array(z.enum(['deliver', 'complete', 'cancel', 'mark_paid', 'request_refund', 'refund']))
      .openapi({
        description:
          'What the order’s state allows now, each a `POST /orders/{id}/<action>` (`mark_paid` is `mark-paid`, `request_refund` is `request-refund`; `refund` also allows `POST /orders/{id}/refunds`). Anything else is refused with 409.',
        example: ['deliver', 'cancel', 'mark_paid'],
      }),
    payment_status: z.enum(PAYMENT_STATUSES).openapi({
      description:
        '`partially-refunded` once refunds gave back part of what was paid, `refunded` once all of it',
    }),
    fulfillment_status: z.enum(['unfulfilled', 'partial', 'fulfilled']).openapi({
      description: 'As Shopify counts it: nothing shipped, some lines or quantities, everything',
    }),
    payment_method: z.string().nullable().openapi({
      description:
        '`provider` when paid through the payment provider, `cash_on_delivery` or `bank_transfer` when marked paid by the merchant, null while unpaid',
    }),
    refund_status: z.enum(['VALID', 'EXPIRED', 'EXISTING', 'DONE', 'INVALID']).openapi({
      description: 'As the storefront shows it (refundStatus)',
    }),
    refund_expiry_date: timestamp().openapi({
      description: 'Delivery (or order date while undelivered) + the shop’s refund window',
    }),
    refund_requested_at: nullableTime(),
    refund_reason: z.string(),
    refunded_at: nullableTime(),
    refunded_amount: minor('Amount refunded, minor units (the sum of `refunds`)'),
    refunds: z.array(OrderRefundItemSchema).openapi({ description: 'Every refund, oldest first' }),
    currency: z.string(),
    products_amount: minor('Products total, minor units'),
    discount_amount: minor('Coupon discount, minor units'),
    shipping_amount: minor('Shipping fee, minor units'),
    tax_amount: minor('Tax, minor units'),
    total_amount: minor('What the order costs, minor units'),
    paid_amount: minor('What was paid, minor units'),
    balance_amount: minor('Total minus paid, minor units'),
    customer_id: z.string().nullable(),
    email: z.string(),
    name: z.string(),
    phone: z.string(),
    shipping_address: z
      .object({
        town: z.string(),
        city: z.string(),
        apartment: z.string(),
        room: z.string(),
        postal_code: z.string(),
      })
      .openapi('OrderAddress'),
    note: z.string(),
    shipping: z
      .object({
        kind: z.enum(['standard', 'pickup']),
        id: z.string(),
        name: z.string(),
        amount: minor('Fee, minor units'),
      })
      .nullable()
      .openapi({ description: 'The delivery chosen, as it was when ordered' }),
    coupons: z.array(z.object({ id: z.string(), code: z.string(), amount: z.number().int() })),
    lines: z.array(OrderLineSchema),
    fulfillments: z.array(FulfillmentSchema).openapi({ description: 'Shipments, oldest first' }),
    notes: z.array(OrderNoteSchema).openapi({ description: 'Internal notes, oldest first' }),
    paid_at: nullableTime(),
    delivered_at: nullableTime(),
    completed_at: nullableTime(),
    cancelled_at: nullableTime(),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('Order');

export type AdminOrder = z.infer<typeof AdminOrderSchema>;

const isoTime = z.iso.datetime({ offset: true });

export const OrderListQuerySchema = ListQuerySchema.extend({
  status: z
    .enum(ORDER_STATUSES)
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  payment_status: z
    .enum(PAYMENT_STATUSES)
    .optional()
    .openapi({ param: { name: 'payment_status', in: 'query' } }),
  refund_requested: z
    .enum(['true', 'false'])
    .optional()
    .openapi({
      param: { name: 'refund_requested', in: 'query' },
      description:
        'true: orders whose buyer asked for a refund the shop has not answered; false: the others',
    }),
  created_since: isoTime.optional().openapi({
    param: { name: 'created_since', in: 'query' },
    description: 'Orders placed at or after this time (ISO 8601)',
  }),
  created_until: isoTime.optional().openapi({
    param: { name: 'created_until', in: 'query' },
    description: 'Orders placed before this time (ISO 8601)',
  }),
  email: z
    .string()
    .max(254)
    .optional()
    .openapi({ param: { name: 'email', in: 'query' }, description: 'The buyer’s email, any case' }),
  q: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description: 'The order number, or part of the buyer’s email or name (any case)',
    }),
  order_number: z
    .string()
    .max(40)
    .optional()
    .openapi({ param: { name: 'order_number', in: 'query' }, example: '1001' }),
});

export const OrderListSchema = listSchema(AdminOrderSchema, 'OrderList');

export const MarkPaidSchema = z
  .strictObject({
    method: z
      .enum(['cash_on_delivery', 'bank_transfer'])
      .default('cash_on_delivery')
      .openapi({ description: 'How the money arrived' }),
  })
  .openapi('OrderMarkPaid');

export const RefundRequestSchema = z
  .strictObject({ reason: z.string().trim().max(2000).default('') })
  .openapi('OrderRefundRequest');

export const RefundSchema = z
  .strictObject({
    amount: z.number().int().min(0).max(10_000_000_000).optional().openapi({
      description: 'Minor units given back; the amount paid when left out, never more',
    }),
    restock: z.boolean().default(false).openapi({
      description: 'Give back the stock the order still holds (once, whatever happens later)',
    }),
    reason: z.string().trim().max(2000).optional(),
  })
  .openapi('OrderRefund');

export const EmptyBodySchema = z.strictObject({}).openapi('NoFields');

export type MarkPaid = z.infer<typeof MarkPaidSchema>;
export type RefundRequest = z.infer<typeof RefundRequestSchema>;
export type Refund = z.infer<typeof RefundSchema>;
