import { readOptionalCustomer } from '../../http/customer';
import { jsonBody, jsonContent } from '../../http/openapi';
import { limitPer, limitPerIp, type RateKeys, unvalidatedJson } from '../../http/rate-limit';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import { CouponResultSchema, ValidateCouponBodySchema } from './schemas';
import {
  COUPON_CODE_RATE,
  COUPON_IP_RATE,
  RAISES,
  requestedCouponCodes,
  validateCoupon,
} from './service';

/** The per-code limit's keys: the codes a body names, before validation (see requestedCouponCodes). */
const codesNamed: RateKeys = async (c) =>
  requestedCouponCodes(await unvalidatedJson(c)).map((code) => `code:${code}`);

const validate = defineRoute({
  method: 'post',
  path: '/',
  tags: ['coupons'],
  operationId: 'validateCoupon',
  summary: 'Checks a coupon against a cart priced by the server and returns its discount',
  description:
    'Prices the cart on the server and answers the discount the coupon gives it (`amount`, in currency units); one coupon applies per order. Codes are case-insensitive. An unknown, inactive, expired or used-up coupon, or a cart it does not apply to, is `400 INVALID_COUPON` with a message saying why; a shop without coupons, `403 COUPONS_DISABLED`.',
  // Every attempt counts, per client IP and per code named, before validation.
  middleware: [
    requireShop,
    limitPerIp(COUPON_IP_RATE, 'COUPON_RATE_LIMITED'),
    limitPer(COUPON_CODE_RATE, 'COUPON_RATE_LIMITED', codesNamed),
  ] as const,
  request: { body: jsonBody(ValidateCouponBodySchema) },
  raises: RAISES.validateCoupon,
  responses: {
    200: jsonContent(success(CouponResultSchema), 'The coupon applies'),
  },
});

export const couponRoutes = createRouter();

couponRoutes.openapi(validate, async (c) => {
  const data = await validateCoupon(
    c.get('services').database.db,
    c.get('shop'),
    c.req.valid('json'),
    await readOptionalCustomer(c),
  );
  return c.json({ status: 'success' as const, data }, 200);
});
