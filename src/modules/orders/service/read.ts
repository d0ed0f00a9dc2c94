import type { ShopContext } from '../../../app-env';
import type { Db } from '../../../db/client';
import { ApiError, type ErrorCode } from '../../../errors';
import { pageCount } from '../../../http/schemas';
import { assertSessionUsable } from '../../../identity/sessions';
import type { TokenClaims } from '../../../identity/tokens';
import { toAmount } from '../../../lib/money';
import { uuidOrNull } from '../../../lib/uuid';
import type { FulfillmentRow } from '../queries/fulfillments';
import {
  type DownloadableRow,
  type OrderRow,
  selectCustomerOrder,
  selectCustomerOrders,
} from '../queries/read';
import { fulfillmentStatusOf } from './fulfillment';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getOrder: ['ORDER_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

export type RefundStatus = 'VALID' | 'EXPIRED' | 'EXISTING' | 'DONE' | 'INVALID';

/**
 * The refund window and state of an order. The window is `refundWindowDays` from delivery
 * (from the order date while no delivery time is known). Refunded → DONE; a refund
 * requested → EXISTING; not delivered yet or cancelled → INVALID; delivered or completed →
 * VALID until the window closes, then EXPIRED.
 */
export function refundOf(
  order: Pick<OrderRow, 'status' | 'refundState' | 'deliveredAt' | 'createdAt'>,
  windowDays: number,
  now = Date.now(),
): { refundExpiryDate: string; refundStatus: RefundStatus } {
  const from = new Date(order.deliveredAt ?? order.createdAt).getTime();
  const expiry = from + windowDays * DAY_MS;
  const refundExpiryDate = new Date(expiry).toISOString();
  let refundStatus: RefundStatus;
  if (order.refundState === 'refunded' || order.status === 'refunded') refundStatus = 'DONE';
  else if (order.refundState === 'requested') refundStatus = 'EXISTING';
  else if (order.status !== 'delivered' && order.status !== 'completed') refundStatus = 'INVALID';
  else refundStatus = now <= expiry ? 'VALID' : 'EXPIRED';
  return { refundExpiryDate, refundStatus };
}

/** An order as the list shows it, amounts in the shop's currency units. */
export function toOrderSummary(row: OrderRow, digits: number) {
  const amount = (minor: number) => toAmount(minor, digits);
  const shippingId = row.shipping?.id ?? null;
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    couponTotal: amount(row.couponTotalMinor),
    shippingTotal: amount(row.shippingTotalMinor),
    productsTotal: amount(row.productsTotalMinor),
    cartTotal: amount(row.cartTotalMinor),
    taxTotal: amount(row.taxTotalMinor),
    note: row.note,
    paymentTotal: amount(row.paidTotalMinor),
    paymentStatus: row.paymentStatus,
    paymentBalance: amount(row.cartTotalMinor - row.paidTotalMinor),
    coupons: row.coupons.map((c) => ({ _id: c.id, code: c.code, amount: amount(c.amountMinor) })),
    products: row.lines.map((l) => ({
      _id: l.productId ?? l.lineId,
      title: l.title,
      quantity: l.quantity,
      price: amount(l.unitPriceMinor),
      shippingId: l.isDigital ? null : shippingId,
      variationKey: l.variationKey,
    })),
    shipping: row.shipping
      ? {
          _id: row.shipping.id,
          name: row.shipping.name,
          price: amount(row.shipping.priceMinor),
          type: row.shipping.kind,
        }
      : null,
    date: new Date(row.createdAt).toISOString(),
  };
}

const toDownloadables = (rows: DownloadableRow[]) =>
  rows.map((d) => ({
    _id: d.productId,
    title: d.title,
    files: d.files.map((f) => ({
      _id: f.id,
      title: f.title,
      filename: f.filename,
      mimeType: f.mimeType,
      size: f.size,
      active: f.active,
      downloadLimit: f.downloadLimit,
      downloadCount: f.downloadCount,
      expiresAt: iso(f.expiresAt),
    })),
  }));

/**
 * What the detail shows of the order's shipments inside `shipping` (a part the contract
 * leaves open): the fulfilment state and each fulfilment with its tracking and products.
 */
function shipmentsOf(order: OrderRow, fulfillments: FulfillmentRow[]) {
  const lines = new Map(order.lines.map((l) => [l.lineId, l]));
  return {
    fulfillmentStatus: fulfillmentStatusOf(
      order.lines.map((l) => ({ id: l.lineId, quantity: l.quantity })),
      fulfillments,
    ),
    fulfillments: fulfillments.map((f) => ({
      _id: f.id,
      carrier: f.carrier,
      trackingNumber: f.trackingNumber,
      trackingUrl: f.trackingUrl,
      date: new Date(f.createdAt).toISOString(),
      products: f.lines.map((l) => ({
        _id: lines.get(l.lineId)?.productId ?? l.lineId,
        quantity: l.quantity,
      })),
    })),
  };
}

/** GET /orders: the customer's orders, newest first (Shape B); one statement, session check included. */
export async function listOrders(
  db: Db,
  shop: ShopContext,
  claims: TokenClaims,
  query: { page: number; limit: number },
) {
  const { total, orders, ...check } = await selectCustomerOrders(
    db,
    shop.id,
    claims,
    query.page,
    query.limit,
  );
  assertSessionUsable(check);
  return {
    total,
    page: query.page,
    limit: query.limit,
    totalPages: pageCount(total, query.limit),
    data: orders.map((row) => toOrderSummary(row, shop.currencyDigits)),
  };
}

/**
 * GET /orders/:id: one of the customer's orders, in one statement with the session check.
 * Any other id (another customer's or shop's, unknown, not a uuid) is ORDER_NOT_FOUND.
 */
export async function getOrder(db: Db, shop: ShopContext, claims: TokenClaims, orderId: string) {
  const { order, downloadables, fulfillments, refunds, ...check } = await selectCustomerOrder(
    db,
    shop.id,
    claims,
    uuidOrNull(orderId),
  );
  assertSessionUsable(check);
  if (!order) throw new ApiError('ORDER_NOT_FOUND');
  const summary = toOrderSummary(order, shop.currencyDigits);
  return {
    ...summary,
    shipping: summary.shipping && {
      ...summary.shipping,
      ...shipmentsOf(order, fulfillments),
    },
    ...refundOf(order, shop.refundWindowDays),
    refunds: refunds.map((r) => ({
      amount: toAmount(r.amountMinor, shop.currencyDigits),
      createdAt: new Date(r.createdAt).toISOString(),
    })),
    downloadables: toDownloadables(downloadables),
  };
}
