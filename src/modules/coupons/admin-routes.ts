import { crudRoutes } from '../../admin-kit/crud';
import {
  CouponCreateSchema,
  CouponListQuerySchema,
  CouponListSchema,
  CouponSchema,
  CouponUpdateSchema,
  DeletedCouponSchema,
} from './admin-schemas';
import {
  ADMIN_RAISES,
  createAdminCoupon,
  deleteAdminCoupon,
  getAdminCoupon,
  listAdminCoupons,
  updateAdminCoupon,
} from './admin-service';

/** /admin/api/v1/coupons: the codes shoppers redeem at checkout (`marketing` scopes). */
export const couponAdminRoutes = crudRoutes({
  tag: 'Coupons',
  scope: 'marketing',
  names: { one: 'Coupon', many: 'Coupons', noun: 'coupon' },
  summaries: {
    list: 'The shop’s coupons, newest first',
    create: 'Adds a coupon; the storefront accepts its code from the next request',
    remove:
      'Deletes a coupon no order has redeemed; a redeemed one is refused (`COUPON_REDEEMED`): set `active: false` instead',
  },
  descriptions: {
    list: 'Lists the shop’s coupons, newest first, inactive ones included, with how many orders redeemed each.',
    create:
      'Adds a `percentage` or `fixed` coupon, optionally with a minimum order amount, a validity window, usage limits and a product or category scope. The code is trimmed and upper-cased and must be unique in the shop. The storefront accepts it from the next request.',
    remove:
      'Deletes a coupon no order has redeemed. A redeemed coupon is refused with `COUPON_REDEEMED`: retire it with `active: false`, so its redemptions keep counting.',
  },
  schemas: {
    resource: CouponSchema,
    list: CouponListSchema,
    listQuery: CouponListQuerySchema,
    create: CouponCreateSchema,
    update: CouponUpdateSchema,
    deleted: DeletedCouponSchema,
  },
  raises: {
    get: ADMIN_RAISES.getCoupon,
    create: ADMIN_RAISES.createCoupon,
    update: ADMIN_RAISES.updateCoupon,
    remove: ADMIN_RAISES.deleteCoupon,
  },
  service: {
    list: listAdminCoupons,
    get: getAdminCoupon,
    create: createAdminCoupon,
    update: updateAdminCoupon,
    remove: deleteAdminCoupon,
  },
});
