import { and, eq, gte, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema/index';
import { isUuid } from '../../lib/uuid';
import { type FulfillmentRow, fulfillmentsJson } from './queries/fulfillments';
import { releaseCtes } from './queries/release';

/** One line of an order as the merchant API reads it. */
export type AdminLineRow = {
  id: string;
  productId: string | null;
  variantId: string | null;
  title: string;
  variationKey: string;
  sku: string;
  quantity: number;
  unitPriceMinor: number;
  totalMinor: number;
  isDigital: boolean;
  stockTaken: boolean;
  restockedQuantity: number;
  /** The variant's options as a person reads them ("Small / Sand"); '' without variants. */
  variantLabel: string;
};

/** A refund as the merchant API reads it. */
export type RefundRow = {
  id: string;
  amountMinor: number;
  reason: string;
  restock: Array<{ lineId: string; quantity: number }>;
  providerRefundId: string | null;
  createdAt: string;
};

/** An internal note on an order. */
export type NoteRow = { id: string; author: string; body: string; createdAt: string };

export type OrderTableRow = typeof orders.$inferSelect;
export type AdminOrderRow = OrderTableRow & {
  lines: AdminLineRow[];
  fulfillments: FulfillmentRow[];
  refunds: RefundRow[];
  notes: NoteRow[];
};

/**
 * The order's lines in cart order, as JSON: a correlated subquery of `orders` (qualified by
 * hand, as Drizzle writes select-list columns unqualified).
 */
const linesJson = sql<AdminLineRow[]>`(select coalesce(json_agg(json_build_object(
    'id', l.id, 'productId', l.product_id, 'variantId', l.variant_id, 'title', l.title,
    'variationKey', l.variation_key, 'sku', l.sku, 'quantity', l.quantity,
    'unitPriceMinor', l.unit_price_minor, 'totalMinor', l.total_minor::float8,
    'isDigital', l.is_digital, 'stockTaken', l.stock_taken,
    'restockedQuantity', l.restocked_quantity,
    'variantLabel', variant_label(l.shop_id, l.variation_key)) order by l.position, l.id), '[]'::json)
  from order_lines l where l.shop_id = "orders"."shop_id" and l.order_id = "orders"."id")`;

const refundsJson = sql<RefundRow[]>`(select coalesce(json_agg(json_build_object(
    'id', r.id, 'amountMinor', r.amount_minor::float8, 'reason', r.reason, 'restock', r.restock,
    'providerRefundId', r.provider_refund_id, 'createdAt', r.created_at)
    order by r.created_at, r.id), '[]'::json)
  from order_refunds r where r.shop_id = "orders"."shop_id" and r.order_id = "orders"."id")`;

const notesJson = sql<NoteRow[]>`(select coalesce(json_agg(json_build_object(
    'id', n.id, 'author', n.author, 'body', n.body, 'createdAt', n.created_at)
    order by n.created_at, n.id), '[]'::json)
  from order_notes n where n.shop_id = "orders"."shop_id" and n.order_id = "orders"."id")`;

/** What the merchant API reads beside the order row: lines, fulfilments, refunds, notes. */
const related = {
  lines: linesJson,
  fulfillments: sql<FulfillmentRow[]>`${fulfillmentsJson('"orders"')}`,
  refunds: refundsJson,
  notes: notesJson,
};

/** The payment state the merchant API shows: the stored one, refined by what was refunded. */
export type MerchantPaymentStatus = 'unpaid' | 'fully-paid' | 'partially-refunded' | 'refunded';

/** What the order list can be filtered by. */
export type OrderFilters = {
  status?: OrderTableRow['status'];
  paymentStatus?: MerchantPaymentStatus;
  /** A buyer's refund request waiting for the shop's answer (true), or none waiting (false). */
  refundRequested?: boolean;
  createdSince?: string;
  createdUntil?: string;
  email?: string;
  orderNumber?: string;
  q?: string;
};

const PAYMENT_FILTERS: Record<MerchantPaymentStatus, SQL> = {
  unpaid: sql`${orders.paymentStatus} = 'unpaid'`,
  'fully-paid': sql`(${orders.paymentStatus} = 'fully-paid' and ${orders.refundedTotalMinor} = 0)`,
  'partially-refunded': sql`(${orders.paymentStatus} = 'fully-paid' and ${orders.refundedTotalMinor} > 0
    and ${orders.refundedTotalMinor} < ${orders.paidTotalMinor})`,
  refunded: sql`(${orders.paymentStatus} = 'fully-paid' and ${orders.refundedTotalMinor} > 0
    and ${orders.refundedTotalMinor} >= ${orders.paidTotalMinor})`,
};

/** `q`: the order number exactly, or a part of the buyer's email or name (any case, any accent). */
function searchSql(q: string): SQL {
  const term = q.trim().toLowerCase();
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`(lower(${orders.orderNumber}) = ${term.replace(/^#/, '')}
    or lower(${orders.email}) like ${pattern}
    or f_unaccent(lower(${orders.name})) like f_unaccent(${pattern}))`;
}

const filterSql = (f: OrderFilters): Array<SQL | undefined> => [
  f.status ? eq(orders.status, f.status) : undefined,
  f.paymentStatus ? PAYMENT_FILTERS[f.paymentStatus] : undefined,
  f.refundRequested === undefined
    ? undefined
    : f.refundRequested
      ? eq(orders.refundState, 'requested')
      : ne(orders.refundState, 'requested'),
  f.createdSince ? gte(orders.createdAt, new Date(f.createdSince)) : undefined,
  f.createdUntil ? lt(orders.createdAt, new Date(f.createdUntil)) : undefined,
  f.email ? eq(sql`lower(${orders.email})`, f.email.trim().toLowerCase()) : undefined,
  f.orderNumber ? eq(orders.orderNumber, f.orderNumber) : undefined,
  f.q?.trim() ? searchSql(f.q) : undefined,
];

/** A page of the shop's orders with their lines: one statement. */
export function selectOrderPage(db: Db, keyset: Keyset, filters: OrderFilters) {
  return db
    .select({ order: orders, ...related })
    .from(orders)
    .where(and(keyset.where, ...filterSql(filters)))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit)
    .then((rows) => rows.map(({ order, ...rest }) => ({ ...order, ...rest })));
}

/** One order of the shop with its lines (locked `FOR UPDATE` in a transaction when asked). */
export async function selectAdminOrder(
  db: Db | Tx,
  shopId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AdminOrderRow | null> {
  if (!isUuid(id)) return null;
  const query = db
    .select({ order: orders, ...related })
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.id, id)));
  const [row] = options.lock ? await query.for('update', { of: orders }) : await query;
  if (!row) return null;
  const { order, ...rest } = row;
  return { ...order, ...rest };
}

/** Sets order columns, raising `version` and `updated_at`; returns the row. */
export async function updateOrder(
  tx: Tx,
  shopId: string,
  id: string,
  values: Partial<typeof orders.$inferInsert>,
): Promise<OrderTableRow> {
  const [row] = await tx
    .update(orders)
    .set({ ...values, version: sql`${orders.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(orders.shopId, shopId), eq(orders.id, id)))
    .returning();
  if (!row) throw new Error('a locked order vanished');
  return row;
}

/**
 * Gives back what the order holds (releaseCtes): its stock, once, and with `coupons` its
 * coupon use. Returns the ids of the lines whose stock came back.
 */
export async function releaseOrder(
  tx: Tx,
  shopId: string,
  orderId: string,
  options: { coupons: boolean },
) {
  const result = await tx.execute<{ id: string }>(sql`
    with released as (select ${orderId}::uuid as id), ${releaseCtes(shopId, options)}
    select id from given_back`);
  return result.rows.map((r) => r.id);
}

/** Switches off every download the order grants; returns how many were open. */
export async function closeDownloads(tx: Tx, shopId: string, orderId: string) {
  const result = await tx.execute<{ id: string }>(sql`
    update download_grants set active = false
    where shop_id = ${shopId} and order_id = ${orderId} and active returning id`);
  return result.rows.length;
}

/** A customer's orders (linked, or placed with their email), newest first, with lines. */
export function selectOrdersOfCustomer(
  db: Db,
  shopId: string,
  customer: { id: string; email: string },
  limit: number,
) {
  return db
    .select({ order: orders, ...related })
    .from(orders)
    .where(
      and(
        eq(orders.shopId, shopId),
        sql`(${orders.customerId} = ${customer.id} or lower(${orders.email}) = ${customer.email})`,
      ),
    )
    .orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`)
    .limit(limit);
}
