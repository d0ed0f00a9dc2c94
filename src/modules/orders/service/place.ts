import type { RateRule } from '../../../adapters/kv';
import type { CustomerContext, Services, ShopContext } from '../../../app-env';
import { ApiError, type ErrorDetail } from '../../../errors';
import { sha256Hex } from '../../../lib/crypto';
import { toAmount } from '../../../lib/money';
import {
  type PricedCart,
  readPricedCart,
  selectCartCatalog,
  stockShortages,
} from '../../checkout/service';
import { chooseShipping, orderTotals } from '../../checkout/shipping';
import { type CouponRow, selectCoupon } from '../../coupons/queries';
import { evaluateCoupon, ONE_PER_ORDER } from '../../coupons/service';
import type { QueuedEmail } from '../../mail/outbox';
import { deliverAfterResponse } from '../../mail/send';
import { answerFor } from '../../payments/service';
import { storefrontOrigin } from '../../seo/storefront-origin';
import { readSettingsDocument, type SettingsDocument } from '../../shop/settings-document';
import {
  type OrderOutcome,
  type ProviderRow,
  selectCheckoutContext,
  selectOrderOutcome,
} from '../queries/place';
import type { PlaceOrderBody } from '../schemas';
import { accessLinkUrl, orderConfirmationEmail } from './email';
import { IdempotentReplay, type OrderPlan, writeOrder } from './write';

export type PlaceOrderRequest = {
  body: PlaceOrderBody;
  /** The customer of the request's token, when it carries a valid one. */
  customer: CustomerContext | null;
  idempotencyKey: string | null;
  /** Host of this request, for storefront links of a shop without any domain. */
  requestHost: string;
};

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * Order attempts per client IP per shop: 10 in 10 minutes. Far above what a buyer needs
 * (retries included), it bounds what one address can do to stock and to strangers'
 * inboxes through the confirmation email.
 */
export const ORDER_RATE: RateRule = { name: 'orders', limit: 10, windowSeconds: 600 };

type OrderChecks = {
  cart: PricedCart;
  owner: CustomerContext | null;
  codes: string[];
  coupon: CouponRow | undefined;
  amount: (minor: number) => number;
};

/**
 * Every problem of an order that names a field (all reported together), and the coupon it
 * gets: unsellable items, stock, the account a shop may require, the town, and the coupon.
 */
function checkOrder(
  shop: ShopContext,
  settings: SettingsDocument,
  body: PlaceOrderBody,
  checks: OrderChecks,
): { details: ErrorDetail[]; coupon: OrderPlan['coupon'] } {
  const { cart, codes } = checks;
  const details: ErrorDetail[] = [...cart.unavailable, ...stockShortages(cart.lines)];
  if (settings.checkout.requiresAccount && !checks.owner) {
    details.push({ field: 'cartUserId', message: 'Orders need the signed-in customer’s id.' });
  }
  if (!settings.shipping.removeAddress && !body.town) {
    details.push({ field: 'town', message: 'The town is required.' });
  }
  if (codes.length > 1) details.push({ field: 'coupons', message: ONE_PER_ORDER });
  if (codes.length !== 1) return { details, coupon: null };
  if (!shop.couponsEnabled) {
    details.push({ field: 'coupons.0', message: 'Coupons are not available in this shop.' });
    return { details, coupon: null };
  }
  const outcome = evaluateCoupon(checks.coupon, cart, checks.amount);
  if (!outcome.ok) {
    details.push({ field: 'coupons.0', message: outcome.message });
    return { details, coupon: null };
  }
  const { id, code } = outcome.coupon;
  return { details, coupon: { id, code, amountMinor: outcome.amountMinor } };
}

/** The confirmation email of a planned order, once its number and sign-in link exist. */
function confirmationFor(
  shop: ShopContext,
  plan: OrderPlan,
  origin: string,
  awaitingPayment: boolean,
) {
  const display = (minor: number) =>
    `${toAmount(minor, shop.currencyDigits).toFixed(shop.currencyDigits)} ${shop.currency}`;
  const { contact, totals } = plan;
  return (order: { id: string; orderNumber: string; linkId: string }): QueuedEmail => ({
    shopId: shop.id,
    kind: 'order-confirmation',
    to: contact.email,
    ...orderConfirmationEmail(
      {
        shopName: shop.name,
        customerName: contact.name,
        orderNumber: order.orderNumber,
        lines: plan.lines,
        totals: {
          products: totals.productsTotalMinor,
          coupons: totals.couponTotalMinor,
          shipping: totals.shippingTotalMinor,
          tax: totals.taxTotalMinor,
          total: totals.cartTotalMinor,
        },
        awaitingPayment,
        accessUrl: accessLinkUrl(origin, order.linkId, contact.email, order.id),
      },
      display,
    ),
  });
}

/** Canonical JSON (sorted keys), so equal bodies hash equally whatever their key order. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
};

/**
 * POST /orders. Prices, shipping, coupons and tax come from the server alone; the order,
 * its stock, coupon use, downloads, sign-in link and email are written in one transaction.
 * With an active payment provider the answer is a checkout link created after the commit.
 */
export async function placeOrder(
  services: Services,
  shop: ShopContext,
  request: PlaceOrderRequest,
) {
  const { body, customer, idempotencyKey } = request;
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
    throw new ApiError('IDEMPOTENCY_KEY_INVALID');
  }
  const owner = customer && body.cartUserId?.toLowerCase() === customer.id ? customer : null;
  const requestHash = idempotencyKey
    ? await sha256Hex(canonical({ body, customerId: owner?.id ?? null }))
    : null;
  const codes = [...new Set((body.coupons ?? []).map((c) => c.trim().toUpperCase()))];
  const db = services.database.db;
  const [context, catalog, coupons] = await db.batch([
    selectCheckoutContext(db, shop.id, { ...body, idempotencyKey }),
    selectCartCatalog(db, shop.id, body.cart),
    selectCoupon(db, shop.id, codes[0] ?? '', body.email),
  ]);
  const ctx = context.rows[0];
  if (!ctx) throw new Error('checkout context missing');
  const origin = storefrontOrigin(
    ctx.host,
    services.config.SHOP_DOMAIN_SUFFIX,
    request.requestHost,
  );

  if (ctx.replay) return replay(services, shop, ctx.replay, requestHash, ctx.provider, origin);
  const settings = readSettingsDocument(ctx.document);
  if (settings.checkout.requiresPayments && !ctx.provider)
    throw new ApiError('PAYMENTS_NOT_ENABLED');
  if (settings.checkout.requiresAccount && !customer) throw new ApiError('AUTH_TOKEN_MISSING');

  const cart = readPricedCart(catalog.rows);
  const amount = (minor: number) => toAmount(minor, shop.currencyDigits);
  const { details, coupon } = checkOrder(shop, settings, body, {
    cart,
    owner,
    codes,
    coupon: coupons.rows[0],
    amount,
  });
  if (details.length > 0) throw new ApiError('ORDER_VALIDATION_FAILED', { details });

  const needsShipping = cart.lines.some((line) => line.needsShipping);
  const shipping = chooseShipping(settings.shipping, needsShipping, body, {
    rate: ctx.rate,
    pickup: ctx.pickup,
    orderValueMinor: cart.productsTotalMinor - (coupon?.amountMinor ?? 0),
  });
  const totals = orderTotals(
    cart.productsTotalMinor,
    coupon?.amountMinor ?? 0,
    shipping?.priceMinor ?? 0,
    settings.tax,
  );
  const plan: OrderPlan = {
    shopId: shop.id,
    customerId: owner?.id ?? null,
    contact: {
      email: body.email,
      name: body.name,
      phone: body.phone,
      town: body.town ?? '',
      city: body.city ?? '',
      apartment: body.apartment ?? '',
      room: body.room ?? '',
      note: body.note ?? '',
    },
    lines: cart.lines,
    coupon,
    shipping,
    totals,
    idempotencyKey,
    requestHash,
    paymentProvider: ctx.provider?.provider ?? null,
  };
  const awaitingPayment = plan.paymentProvider !== null && totals.cartTotalMinor > 0;
  let written: Awaited<ReturnType<typeof writeOrder>>;
  try {
    written = await writeOrder(
      services.database,
      plan,
      confirmationFor(shop, plan, origin, awaitingPayment),
    );
  } catch (error) {
    if (!(error instanceof IdempotentReplay)) throw error;
    // A concurrent request with the same key committed first: answer with its order.
    const winner = (await selectCheckoutContext(db, shop.id, { idempotencyKey })).rows[0]?.replay;
    if (!winner) throw error;
    return replay(services, shop, winner, requestHash, ctx.provider, origin);
  }
  deliverAfterResponse(services, [{ id: written.emailId }]);
  const outcome: OrderOutcome = {
    id: written.id,
    orderNumber: written.orderNumber,
    email: body.email,
    paymentStatus: totals.cartTotalMinor === 0 ? 'fully-paid' : 'unpaid',
    paymentProvider: totals.cartTotalMinor === 0 ? null : plan.paymentProvider,
    paymentUrl: null,
    ...totals,
    shippingName: shipping?.name ?? null,
    lines: cart.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
    })),
  };
  return answerFor(services, shop, outcome, ctx.provider, origin);
}

/**
 * The first answer again for a repeated Idempotency-Key; nothing new is created. The same
 * key with another body (or another customer) is refused.
 */
async function replay(
  services: Services,
  shop: ShopContext,
  first: { id: string; requestHash: string | null },
  requestHash: string | null,
  provider: ProviderRow | null,
  origin: string,
) {
  if (first.requestHash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  const outcome = await selectOrderOutcome(services.database.db, shop.id, first.id);
  if (!outcome) throw new Error(`order ${first.id} of an idempotency key vanished`);
  return answerFor(services, shop, outcome, provider, origin);
}
