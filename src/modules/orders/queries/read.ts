import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { OrderCouponSnapshot, OrderShippingSnapshot } from '../../../db/schema';
import { type SessionCheck, sessionCheckSql } from '../../../identity/sessions';
import type { TokenClaims } from '../../../identity/tokens';
import { type FulfillmentRow, fulfillmentsJson } from './fulfillments';

/** An order as the list and the detail read it (minor units, raw timestamps). */
export type OrderRow = {
  id: string;
  orderNumber: string;
  status: 'pending' | 'delivered' | 'completed' | 'cancelled' | 'refunded';
  paymentStatus: 'unpaid' | 'fully-paid';
  refundState: 'none' | 'requested' | 'refunded';
  productsTotalMinor: number;
  shippingTotalMinor: number;
  couponTotalMinor: number;
  taxTotalMinor: number;
  cartTotalMinor: number;
  paidTotalMinor: number;
  note: string;
  shipping: OrderShippingSnapshot | null;
  coupons: OrderCouponSnapshot[];
  createdAt: string;
  deliveredAt: string | null;
  lines: Array<{
    productId: string | null;
    lineId: string;
    title: string;
    quantity: number;
    unitPriceMinor: number;
    variationKey: string;
    isDigital: boolean;
  }>;
};

/** A refund as the buyer sees it: the amount given back and when. */
export type CustomerRefundRow = { amountMinor: number; createdAt: string };

export type DownloadableRow = {
  productId: string;
  title: string;
  files: Array<{
    id: string;
    title: string;
    filename: string;
    mimeType: string;
    size: number;
    active: boolean;
    downloadLimit: number | null;
    downloadCount: number;
    expiresAt: string | null;
  }>;
};

/** SQL building an `OrderRow` from an `orders` row aliased `o`. */
const orderJson = (): SQL => sql`json_build_object(
  'id', o.id, 'orderNumber', o.order_number, 'status', o.status,
  'paymentStatus', o.payment_status, 'refundState', o.refund_state,
  'productsTotalMinor', o.products_total_minor, 'shippingTotalMinor', o.shipping_total_minor,
  'couponTotalMinor', o.coupon_total_minor, 'taxTotalMinor', o.tax_total_minor,
  'cartTotalMinor', o.cart_total_minor, 'paidTotalMinor', o.paid_total_minor, 'note', o.note,
  'shipping', o.shipping, 'coupons', o.coupons, 'createdAt', o.created_at,
  'deliveredAt', o.delivered_at,
  'lines', (select coalesce(json_agg(json_build_object('productId', l.product_id, 'lineId', l.id,
      'title', l.title, 'quantity', l.quantity, 'unitPriceMinor', l.unit_price_minor,
      'variationKey', l.variation_key, 'isDigital', l.is_digital) order by l.position, l.id), '[]'::json)
    from order_lines l where l.shop_id = o.shop_id and l.order_id = o.id))`;

/**
 * The session check of `claims` and, only when the session is usable, one page of the
 * customer's orders (newest first) with their total count: one statement.
 */
export async function selectCustomerOrders(
  db: Db,
  shopId: string,
  claims: TokenClaims,
  page: number,
  limit: number,
) {
  const result = await db.execute<SessionCheck & { total: number; orders: OrderRow[] }>(sql`
    with g as (${sessionCheckSql(shopId, claims)}),
    mine as (
      select o.* from orders o join g on g.usable
      where o.shop_id = ${shopId} and o.customer_id = ${claims.customerId}
    ), page as (
      select * from mine o order by o.created_at desc, o.id desc
      limit ${limit} offset ${(page - 1) * limit}
    )
    select g.*, (select count(*)::int from mine) as total,
      (select coalesce(json_agg(${orderJson()} order by o.created_at desc, o.id desc), '[]'::json)
        from page o) as orders
    from g
  `);
  const row = result.rows[0];
  if (!row) throw new Error('session check returned no row');
  return row;
}

/**
 * The session check of `claims` and, only when the session is usable, the customer's order
 * `orderId` (null when not theirs in this shop, or `orderId` is null) with its
 * downloadables (only once fully paid, grouped by product), fulfilments and refunds (oldest
 * first): one statement.
 */
export async function selectCustomerOrder(
  db: Db,
  shopId: string,
  claims: TokenClaims,
  orderId: string | null,
) {
  const result = await db.execute<
    SessionCheck & {
      order: OrderRow | null;
      downloadables: DownloadableRow[];
      fulfillments: FulfillmentRow[];
      refunds: CustomerRefundRow[];
    }
  >(sql`
    with g as (${sessionCheckSql(shopId, claims)})
    select g.*, case when o.id is null then null else ${orderJson()} end as "order",
      case when o.id is null then '[]'::json else ${fulfillmentsJson('o')} end as fulfillments,
      case when o.id is null then '[]'::json else (
        select coalesce(json_agg(json_build_object('amountMinor', r.amount_minor::float8,
          'createdAt', r.created_at) order by r.created_at, r.id), '[]'::json)
        from order_refunds r where r.shop_id = o.shop_id and r.order_id = o.id
      ) end as refunds,
      case when o.payment_status is distinct from 'fully-paid' then '[]'::json else (
        select coalesce(json_agg(json_build_object('productId', d.product_id,
          'title', coalesce(first_line.title, ''), 'files', d.files)
          order by first_line.position, d.product_id), '[]'::json)
        from (
          select dg.product_id,
            json_agg(json_build_object('id', f.id, 'title', f.title, 'filename', f.filename,
              'mimeType', f.mime_type, 'size', f.size_bytes, 'active', dg.active and f.active,
              'downloadLimit', dg.download_limit, 'downloadCount', dg.download_count,
              'expiresAt', dg.expires_at) order by f.created_at, f.id) as files
          from download_grants dg
          join digital_files f on f.shop_id = dg.shop_id and f.id = dg.file_id
          where dg.shop_id = o.shop_id and dg.order_id = o.id
          group by dg.product_id
        ) d
        left join lateral (
          select l.title, l.position from order_lines l
          where l.shop_id = o.shop_id and l.order_id = o.id and l.product_id = d.product_id
          order by l.position limit 1
        ) first_line on true
      ) end as downloadables
    from g
    left join orders o on g.usable and o.shop_id = ${shopId} and o.id = ${orderId}::uuid
      and o.customer_id = ${claims.customerId}
  `);
  const row = result.rows[0];
  if (!row) throw new Error('session check returned no row');
  return row;
}
