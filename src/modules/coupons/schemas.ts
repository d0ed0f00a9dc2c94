import { z } from '@hono/zod-openapi';
import { CART_MAX_LINES, CartItemSchema } from '../products/schemas';

export const CouponCodeSchema = z.string().trim().min(1).max(64).openapi({ example: 'SPRING10' });

export const ValidateCouponBodySchema = z
  .object({
    coupons: z
      .array(CouponCodeSchema)
      .min(1)
      .max(10)
      .openapi({ description: 'Coupon codes (case-insensitive); one coupon applies per order' }),
    cart: z.array(CartItemSchema).max(CART_MAX_LINES),
  })
  .openapi('ValidateCouponBody');

export const CouponResultSchema = z
  .object({
    _id: z.string(),
    code: z.string(),
    amount: z.number().openapi({ description: 'Discount to subtract from the order total' }),
  })
  .openapi('CouponResult');
