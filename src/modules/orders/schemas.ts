import { z } from '@hono/zod-openapi';
import { orNull, pageQuery } from '../../http/schemas';
import { PhoneSchema } from '../auth/schemas';
import { CouponCodeSchema } from '../coupons/schemas';
import { CART_MAX_LINES, CartItemSchema } from '../products/schemas';

const text = (max: number) => z.string().trim().max(max);
const optionalId = z.string().max(100).nullable().optional();

export const PlaceOrderBodySchema = z
  .object({
    cart: z.array(CartItemSchema).min(1).max(CART_MAX_LINES),
    name: text(200).min(1),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
    // The customers' one phone rule (PATCH /auth uses it too), stored compact.
    phone: PhoneSchema.openapi({ example: '+44 20 7946 0958' }),
    town: text(200).optional().openapi({
      description: 'Required unless the shop does not collect an address (shipping.removeAddress)',
    }),
    city: text(200).optional(),
    apartment: text(200).optional(),
    room: text(200).optional(),
    postalCode: text(20).optional().openapi({
      description:
        "Additive: the delivery address's postal code, as the customer address (PATCH /auth) has it",
    }),
    note: text(2000).optional(),
    coupons: z.array(CouponCodeSchema).max(10).optional(),
    shippingId: optionalId.openapi({
      description: '`_id` of a rate in settings.shipping.standard',
    }),
    pickupLocationId: optionalId.openapi({
      description: '`_id` of a location in settings.shipping.pickup',
    }),
    cartUserId: optionalId.openapi({
      description: "The signed-in customer's `_id`; honoured only with that customer's token",
    }),
  })
  .openapi('PlaceOrderBody');

export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

export const IdempotencyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      param: { name: 'idempotency-key', in: 'header' },
      description: 'Makes retries safe: a repeat with the same key returns the first answer',
    }),
});

export const OrderConfirmationSchema = z
  .object({
    _id: z.string(),
    orderNumber: z.string(),
    products: z.array(z.object({ _id: z.string(), title: z.string(), quantity: z.number() })),
    shippingTotal: z.number(),
    productsTotal: z.number(),
    couponTotal: z.number(),
    cartTotal: z.number(),
    taxTotal: z.number(),
  })
  .openapi('OrderConfirmation');

export const CheckoutLinkSchema = z
  .object({ action: z.literal('CHECKOUT-LINK'), link: z.string() })
  .openapi('CheckoutLink');

export const PlaceOrderResultSchema = z.union([CheckoutLinkSchema, OrderConfirmationSchema]);

const OrderLineSchema = z
  .object({
    _id: z.string().openapi({ description: 'The product id' }),
    title: z.string(),
    quantity: z.number(),
    price: z.number().openapi({ description: 'Unit price paid' }),
    shippingId: z.string().nullable(),
    variationKey: z.string().openapi({ description: "The variation key as ordered ('' without)" }),
  })
  .openapi('OrderLine');

const OrderShippingSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    price: z.number(),
    type: z.enum(['standard', 'pickup']),
  })
  .openapi('OrderShipping');

const OrderCouponSchema = z
  .object({ _id: z.string(), code: z.string(), amount: z.number() })
  .openapi('OrderCoupon');

export const OrderSummarySchema = z
  .object({
    _id: z.string(),
    orderNumber: z.string(),
    status: z.enum(['pending', 'delivered', 'completed', 'cancelled', 'refunded']),
    couponTotal: z.number(),
    shippingTotal: z.number(),
    productsTotal: z.number(),
    cartTotal: z.number(),
    taxTotal: z.number(),
    note: z.string(),
    paymentTotal: z.number(),
    paymentStatus: z.enum(['unpaid', 'fully-paid']),
    paymentBalance: z.number(),
    coupons: z.array(OrderCouponSchema),
    products: z.array(OrderLineSchema),
    shipping: orNull(OrderShippingSchema),
    date: z.string(),
  })
  .openapi('OrderSummary');

const DownloadFileSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    filename: z.string(),
    mimeType: z.string(),
    size: z.number(),
    active: z.boolean(),
    downloadLimit: z.number().nullable(),
    downloadCount: z.number(),
    expiresAt: z.string().nullable(),
  })
  .openapi('DownloadFile');

const OrderFulfillmentSchema = z
  .object({
    _id: z.string(),
    carrier: z.string(),
    trackingNumber: z.string(),
    trackingUrl: z
      .string()
      .nullable()
      .openapi({ description: 'An https address to follow the parcel' }),
    date: z.string(),
    products: z.array(z.object({ _id: z.string(), quantity: z.number() })),
  })
  .openapi('OrderFulfillment');

/** The detail's `shipping`: the contract's fields, and (a part it leaves open) the shipments. */
const OrderShippingDetailSchema = z
  .object({
    ...OrderShippingSchema.shape,
    fulfillmentStatus: z.enum(['unfulfilled', 'partial', 'fulfilled']).openapi({
      description: 'Nothing shipped yet, part of the order, or all of it',
    }),
    fulfillments: z
      .array(OrderFulfillmentSchema)
      .openapi({ description: 'Shipments, oldest first' }),
  })
  .openapi('OrderShippingDetail');

const OrderRefundSchema = z
  .object({
    amount: z.number().openapi({ description: "Given back, in the shop's currency units" }),
    createdAt: z.string().openapi({ description: 'When it was given back (ISO 8601)' }),
  })
  .openapi('OrderRefund');

// Built from the summary's fields (not `extend`, which the document writes as an allOf whose
// first part closes `shipping` to the summary's fields).
export const OrderDetailSchema = z
  .object({
    ...OrderSummarySchema.shape,
    shipping: orNull(OrderShippingDetailSchema),
    refundExpiryDate: z.string(),
    refundStatus: z.enum(['VALID', 'EXPIRED', 'EXISTING', 'DONE', 'INVALID']),
    refunds: z.array(OrderRefundSchema).openapi({
      description:
        'Additive: the money given back so far, one entry per refund, oldest first (empty when none). `refundStatus` is `DONE` and `status` `refunded` once everything paid is refunded; a partial refund leaves both as they were.',
    }),
    downloadables: z.array(
      z.object({ _id: z.string(), title: z.string(), files: z.array(DownloadFileSchema) }),
    ),
  })
  .openapi('OrderDetail');

export const OrderListQuerySchema = pageQuery(10, 50);

export const OrderListSchema = z
  .object({
    status: z.literal('success'),
    total: z.number(),
    page: z.number(),
    limit: z.number(),
    totalPages: z.number(),
    data: z.array(OrderSummarySchema),
  })
  .openapi('OrderList');

export const OrderIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
});
