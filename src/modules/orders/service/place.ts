import { shopChanged } from '../../../adapters/generations';
import type { RateRule } from '../../../adapters/kv';
import type { CustomerContext, Services, ShopContext } from '../../../app-env';
import type { Db } from '../../../db/client';
import { ApiError, type ErrorCode, type ErrorDetail } from '../../../errors';
import { configuredFallbackHost, storefrontOrigin } from '../../../identity/storefront-origin';
import { canonicalJson } from '../../../lib/canonical-json';
import { sha256Hex } from '../../../lib/crypto';
import { isIdempotencyKey } from '../../../lib/idempotency-key';
import { toAmount } from '../../../lib/money';
import { RAISES as CHECKOUT_RAISES, planCheckout } from '../../checkout/plan';
import {
  applyCoupon,
  cartDetails,
  type PricedCheckout,
  pricingJson,
  readPricing,
} from '../../checkout/service';
import { distinctCouponCodes } from '../../coupons/service';
import { sendPendingAfterResponse } from '../../mail/send';
import type { ProviderRow } from '../../payments/queries';
import { openCheckout, RAISES as PAYMENT_RAISES } from '../../payments/service';
import { readSettingsDocument, type SettingsDocument } from '../../settings/document';
import { deliverWebhooksAfterResponse } from '../../webhooks/delivery';
import type { OrderPlan } from '../queries/place';
import { type OrderOutcome, selectOrderOutcome } from '../queries/place';
import type { PlaceOrderBody } from '../schemas';
import { type OrderContextRow, orderContext, selectOrderRead } from './context';
import { confirmationFor } from './email';
import { newOrderEmail } from './notices';
import { rememberCheckout } from './payments';
import { IdempotentReplay, writeOrder } from './write';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  placeOrder: [
    ...CHECKOUT_RAISES.planCheckout,
    ...PAYMENT_RAISES.openCheckout,
    'ORDER_VALIDATION_FAILED',
    'PAYMENTS_NOT_ENABLED',
    'AUTH_TOKEN_MISSING',
    'IDEMPOTENCY_KEY_INVALID',
    'IDEMPOTENCY_KEY_REUSED',
  ],
} as const satisfies Record<string, readonly ErrorCode[]>;

export type PlaceOrderRequest = {
  body: PlaceOrderBody;
  /** The customer of the request's token, when it carries a valid one. */
  customer: CustomerContext | null;
  idempotencyKey: string | null;
};

/**
 * Order attempts per client IP per shop: 10 in 10 minutes. Far above what a buyer needs
 * (retries included), it bounds what one address can do to stock and to strangers'
 * inboxes through the confirmation email.
 */
export const ORDER_RATE: RateRule = { name: 'orders', limit: 10, windowSeconds: 600 };

/** A request as placing an order reads it. */
type ParsedOrder = PlaceOrderRequest & {
  /** The signed-in customer the body names (cartUserId), or null. */
  owner: CustomerContext | null;
  requestHash: string | null;
  /** The distinct normalised coupon codes. */
  codes: string[];
};

/** Step 1: the Idempotency-Key, the order's owner, the request's hash and its coupon codes. */
async function parse(request: PlaceOrderRequest): Promise<ParsedOrder> {
  const { body, customer, idempotencyKey } = request;
  if (idempotencyKey !== null && !isIdempotencyKey(idempotencyKey)) {
    throw new ApiError('IDEMPOTENCY_KEY_INVALID');
  }
  const owner = customer && body.cartUserId?.toLowerCase() === customer.id ? customer : null;
  const requestHash = idempotencyKey
    ? await sha256Hex(canonicalJson({ body, customerId: owner?.id ?? null }))
    : null;
  return { ...request, owner, requestHash, codes: distinctCouponCodes(body.coupons ?? []) };
}

/** Step 2: the order's context and checkout's pricing of the cart, in one statement. */
async function read(db: Db, shop: ShopContext, order: ParsedOrder) {
  const { body, idempotencyKey } = order;
  const pricing = pricingJson(shop.id, {
    cart: body.cart,
    code: order.codes[0] ?? null,
    email: body.email,
  });
  const result = await selectOrderRead(db, shop.id, { ...body, idempotencyKey }, pricing);
  const row = result.rows[0];
  if (!row?.context) throw new Error('order context missing');
  return { ctx: row.context, priced: readPricing(row) };
}

/** The problems of the order's own fields: the account a shop may require and the town. */
function contactDetails(settings: SettingsDocument, order: ParsedOrder): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (settings.checkout.requiresAccount && !order.owner) {
    details.push({ field: 'cartUserId', message: 'Orders need the signed-in customer’s id.' });
  }
  if (!settings.shipping.removeAddress && !order.body.town) {
    details.push({ field: 'town', message: 'The town is required.' });
  }
  return details;
}

/**
 * Step 3: the order checkout prices, or the refusal: payments or an account the shop
 * requires, then every field problem at once (cart, contact, coupon), then the delivery.
 */
function plan(
  shop: ShopContext,
  ctx: OrderContextRow,
  settings: SettingsDocument,
  order: ParsedOrder,
  priced: PricedCheckout,
): OrderPlan {
  if (settings.checkout.requiresPayments && !ctx.provider)
    throw new ApiError('PAYMENTS_NOT_ENABLED');
  if (settings.checkout.requiresAccount && !order.customer)
    throw new ApiError('AUTH_TOKEN_MISSING');
  const amount = (minor: number) => toAmount(minor, shop.currencyDigits);
  const applied = applyCoupon(priced, order.codes, { couponsEnabled: shop.couponsEnabled, amount });
  const details = [...cartDetails(priced), ...contactDetails(settings, order), ...applied.details];
  if (details.length > 0) throw new ApiError('ORDER_VALIDATION_FAILED', { details });
  const { body } = order;
  return {
    ...planCheckout(priced.cart, applied.coupon, settings, {
      request: body,
      rate: ctx.rate,
      pickup: ctx.pickup,
    }),
    shopId: shop.id,
    customerId: order.owner?.id ?? null,
    contact: {
      email: body.email,
      name: body.name,
      phone: body.phone,
      town: body.town ?? '',
      city: body.city ?? '',
      apartment: body.apartment ?? '',
      room: body.room ?? '',
      postalCode: body.postalCode ?? '',
      note: body.note ?? '',
    },
    idempotencyKey: order.idempotencyKey,
    requestHash: order.requestHash,
    paymentProvider: ctx.provider?.provider ?? null,
  };
}

/**
 * The first order of a repeated Idempotency-Key; nothing new is created. The same key with
 * another body (or another customer) is refused.
 */
async function replay(
  db: Db,
  shopId: string,
  first: { id: string; requestHash: string | null },
  requestHash: string | null,
): Promise<OrderOutcome> {
  if (first.requestHash !== requestHash) throw new ApiError('IDEMPOTENCY_KEY_REUSED');
  const outcome = await selectOrderOutcome(db, shopId, first.id);
  if (!outcome) throw new Error(`order ${first.id} of an idempotency key vanished`);
  return outcome;
}

/**
 * Step 4: writes the order in one transaction and sends its email after the response. A
 * concurrent request with the same key that committed first answers with its order instead.
 */
async function write(
  services: Services,
  shop: ShopContext,
  order: OrderPlan,
  origin: string,
  merchantEmail: string,
): Promise<OrderOutcome> {
  const { totals } = order;
  const awaitingPayment = order.paymentProvider !== null && totals.cartTotalMinor > 0;
  let written: Awaited<ReturnType<typeof writeOrder>>;
  try {
    const email = confirmationFor(shop, order, origin, awaitingPayment);
    const { contact } = order;
    const notice = merchantEmail
      ? ({ id, orderNumber }: { id: string; orderNumber: string }) =>
          newOrderEmail(shop, merchantEmail, services.config.DASHBOARD_ORIGIN, {
            id,
            orderNumber,
            name: contact.name,
            email: contact.email,
            totalMinor: totals.cartTotalMinor,
          })
      : null;
    written = await writeOrder(services.database, order, email, notice);
  } catch (error) {
    if (!(error instanceof IdempotentReplay)) throw error;
    const db = services.database.db;
    const { idempotencyKey } = order;
    const winner = (await orderContext(db, shop.id, { idempotencyKey })).rows[0]?.replay;
    if (!winner) throw error;
    return replay(db, shop.id, winner, order.requestHash);
  }
  sendPendingAfterResponse(services, written.emails);
  deliverWebhooksAfterResponse(services, written.webhookDeliveries);
  const free = totals.cartTotalMinor === 0;
  return {
    id: written.id,
    orderNumber: written.orderNumber,
    email: order.contact.email,
    paymentStatus: free ? 'fully-paid' : 'unpaid',
    paymentProvider: free ? null : order.paymentProvider,
    paymentUrl: null,
    ...totals,
    shippingName: order.shipping?.name ?? null,
    lines: order.lines.map((l) => ({
      productId: l.productId,
      title: l.title,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
    })),
  };
}

/** Steps 3 and 4, the shop's settings read once: for the plan and the merchant's notice. */
function placeNew(
  services: Services,
  shop: ShopContext,
  ctx: OrderContextRow,
  order: ParsedOrder,
  priced: PricedCheckout,
  origin: string,
) {
  const settings = readSettingsDocument(ctx.document);
  const merchantEmail = settings.branding.helpEmail.trim();
  return write(services, shop, plan(shop, ctx, settings, order, priced), origin, merchantEmail);
}

/** The order confirmation of a placed order (the answer without payments). */
export function confirmationOf(order: OrderOutcome, shop: ShopContext) {
  const amount = (minor: number) => toAmount(minor, shop.currencyDigits);
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    products: order.lines.map((l) => ({
      _id: l.productId ?? '',
      title: l.title,
      quantity: l.quantity,
    })),
    shippingTotal: amount(order.shippingTotalMinor),
    productsTotal: amount(order.productsTotalMinor),
    couponTotal: amount(order.couponTotalMinor),
    cartTotal: amount(order.cartTotalMinor),
    taxTotal: amount(order.taxTotalMinor),
  };
}

/**
 * Step 5: the answer: the confirmation when nothing is to be paid online, else the link to
 * the provider's checkout (payments opens it after the commit).
 */
function answer(
  services: Services,
  shop: ShopContext,
  order: OrderOutcome,
  provider: ProviderRow | null,
  origin: string,
) {
  if (order.paymentStatus === 'fully-paid' || !order.paymentProvider || !provider) {
    return confirmationOf(order, shop);
  }
  const remember = rememberCheckout(services, shop.id, order.id, provider.provider);
  return openCheckout(services, shop, order, provider, origin, remember);
}

/**
 * POST /orders: parse → read (context and checkout's pricing, one statement) → plan →
 * write (one transaction) → answer. Prices, shipping, coupons and tax come from the server
 * alone; an Idempotency-Key already used answers with its first order.
 */
export async function placeOrder(
  services: Services,
  shop: ShopContext,
  request: PlaceOrderRequest,
) {
  const order = await parse(request);
  const db = services.database.db;
  const { ctx, priced } = await read(db, shop, order);
  const host = services.config.SHOP_DOMAIN_SUFFIX;
  const origin = storefrontOrigin(ctx.host, host, configuredFallbackHost(services.config));
  const outcome = ctx.replay
    ? await replay(db, shop.id, ctx.replay, order.requestHash)
    : await placeNew(services, shop, ctx, order, priced, origin);
  // Stock and best sellers moved: cached catalogue answers of the shop are no longer current.
  if (!ctx.replay) await shopChanged(services, shop.id);
  return answer(services, shop, outcome, ctx.provider, origin);
}
