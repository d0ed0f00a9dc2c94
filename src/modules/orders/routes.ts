export { couponRoutes } from './coupons-routes';
export { orderRoutes } from './orders-routes';
export { paymentRoutes } from './payments-routes';
