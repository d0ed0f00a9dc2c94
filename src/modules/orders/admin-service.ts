import { type ListParams, listPage } from '../../admin-kit/list';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { ApiError, type ErrorCode } from '../../errors/index';
import {
  type AdminLineRow,
  type AdminOrderRow,
  type MerchantPaymentStatus,
  type NoteRow,
  type OrderFilters,
  type OrderTableRow,
  type RefundRow,
  selectAdminOrder,
  selectOrderPage,
  selectOrdersOfCustomer,
} from './admin-queries';
import type { AdminOrder } from './admin-schemas';
import { availableVerbs } from './admin-transition-table';
import type { FulfillmentRow } from './queries/fulfillments';
import { fulfilledByLine, fulfillmentStatusOf } from './service/fulfillment';
import { refundOf } from './service/read';

/** The codes each read verb can raise; routes document them from here. */
export const RAISES = {
  getAdminOrder: ['ORDER_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** How the order was paid: as the merchant recorded it, else the provider, else free. */
const paymentMethodOf = (row: OrderTableRow) => {
  if (row.paymentStatus !== 'fully-paid') return row.paymentMethod;
  return row.paymentMethod ?? row.paymentProvider ?? 'free';
};

/** The payment state the merchant sees: what was paid, and how much of it came back. */
const paymentStatusOf = (row: OrderTableRow): MerchantPaymentStatus => {
  if (row.paymentStatus !== 'fully-paid' || row.refundedTotalMinor <= 0) return row.paymentStatus;
  return row.refundedTotalMinor >= row.paidTotalMinor ? 'refunded' : 'partially-refunded';
};

const toLine = (l: AdminLineRow, shipped: Map<string, number>) => ({
  id: l.id,
  product_id: l.productId,
  variant_id: l.variantId,
  title: l.title,
  variation_key: l.variationKey,
  variant_label: l.variantLabel,
  sku: l.sku,
  quantity: l.quantity,
  unit_amount: l.unitPriceMinor,
  total_amount: l.totalMinor,
  is_digital: l.isDigital,
  stock_held: l.stockTaken,
  fulfilled_quantity: shipped.get(l.id) ?? 0,
  restocked_quantity: l.restockedQuantity,
});

const toFulfillment = (f: FulfillmentRow) => ({
  id: f.id,
  carrier: f.carrier,
  tracking_number: f.trackingNumber,
  tracking_url: f.trackingUrl,
  lines: f.lines.map((l) => ({ line_id: l.lineId, quantity: l.quantity })),
  created_at: new Date(f.createdAt).toISOString(),
});

const toRefund = (r: RefundRow) => ({
  id: r.id,
  amount: r.amountMinor,
  reason: r.reason,
  restock: r.restock.map((l) => ({ line_id: l.lineId, quantity: l.quantity })),
  provider_refund_id: r.providerRefundId,
  created_at: new Date(r.createdAt).toISOString(),
});

const toNote = (n: NoteRow) => ({
  id: n.id,
  author: n.author,
  body: n.body,
  created_at: new Date(n.createdAt).toISOString(),
});

/** An order as the merchant API shows it: amounts in minor units, the storefront's words. */
export function toAdminOrder(row: AdminOrderRow, shop: ShopContext, now = Date.now()): AdminOrder {
  const refund = refundOf(
    {
      status: row.status,
      refundState: row.refundState,
      deliveredAt: iso(row.deliveredAt),
      createdAt: row.createdAt.toISOString(),
    },
    shop.refundWindowDays,
    now,
  );
  const shipped = fulfilledByLine(row.fulfillments);
  return {
    id: row.id,
    object: 'order',
    order_number: row.orderNumber,
    status: row.status,
    available_actions: availableVerbs(row, shop, now),
    payment_status: paymentStatusOf(row),
    fulfillment_status: fulfillmentStatusOf(row.lines, row.fulfillments),
    payment_method: paymentMethodOf(row),
    refund_status: refund.refundStatus,
    refund_expiry_date: refund.refundExpiryDate,
    refund_requested_at: iso(row.refundRequestedAt),
    refund_reason: row.refundReason,
    refunded_at: iso(row.refundedAt),
    refunded_amount: row.refundedTotalMinor,
    refunds: row.refunds.map(toRefund),
    currency: shop.currency,
    products_amount: row.productsTotalMinor,
    discount_amount: row.couponTotalMinor,
    shipping_amount: row.shippingTotalMinor,
    tax_amount: row.taxTotalMinor,
    total_amount: row.cartTotalMinor,
    paid_amount: row.paidTotalMinor,
    balance_amount: row.cartTotalMinor - row.paidTotalMinor,
    customer_id: row.customerId,
    email: row.email,
    name: row.name,
    phone: row.phone,
    shipping_address: {
      town: row.town,
      city: row.city,
      apartment: row.apartment,
      room: row.room,
      postal_code: row.postalCode,
    },
    note: row.note,
    shipping: row.shipping
      ? {
          kind: row.shipping.kind,
          id: row.shipping.id,
          name: row.shipping.name,
          amount: row.shipping.priceMinor,
        }
      : null,
    coupons: row.coupons.map((c) => ({ id: c.id, code: c.code, amount: c.amountMinor })),
    lines: row.lines.map((l) => toLine(l, shipped)),
    fulfillments: row.fulfillments.map(toFulfillment),
    notes: row.notes.map(toNote),
    paid_at: iso(row.paidAt),
    delivered_at: iso(row.deliveredAt),
    completed_at: iso(row.completedAt),
    cancelled_at: iso(row.cancelledAt),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type OrderListParams = ListParams & {
  status?: OrderFilters['status'];
  payment_status?: OrderFilters['paymentStatus'];
  refund_requested?: 'true' | 'false';
  created_since?: string;
  created_until?: string;
  email?: string;
  order_number?: string;
  q?: string;
};

/** The shop's orders, newest first, filtered; one statement per page. */
export async function listAdminOrders(db: Db, shop: ShopContext, params: OrderListParams) {
  const filters: OrderFilters = {
    status: params.status,
    paymentStatus: params.payment_status,
    refundRequested:
      params.refund_requested === undefined ? undefined : params.refund_requested === 'true',
    createdSince: params.created_since,
    createdUntil: params.created_until,
    email: params.email,
    orderNumber: params.order_number,
    q: params.q,
  };
  const page = await listPage(db, orders, shop.id, params, (keyset) =>
    selectOrderPage(db, keyset, filters),
  );
  return { data: page.rows.map((row) => toAdminOrder(row, shop)), hasMore: page.hasMore };
}

export async function getAdminOrder(db: Db, shop: ShopContext, id: string) {
  const row = await selectAdminOrder(db, shop.id, id);
  if (!row) throw new ApiError('ORDER_NOT_FOUND');
  return toAdminOrder(row, shop);
}

/** A customer's orders as the merchant API shows them, newest first (at most `limit`). */
export async function adminOrdersOfCustomer(
  db: Db,
  shop: ShopContext,
  customer: { id: string; email: string },
  limit: number,
) {
  const rows = await selectOrdersOfCustomer(db, shop.id, customer, limit);
  return rows.map(({ order, ...related }) => toAdminOrder({ ...order, ...related }, shop));
}
