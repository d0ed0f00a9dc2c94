import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { storefrontHostJson } from '../../../identity/storefront-origin';
import type { CheckoutPlan } from '../../checkout/plan';

/** Everything the server decided about an order before writing it. */
export type OrderPlan = CheckoutPlan & {
  shopId: string;
  /** The signed-in customer the order belongs to; null links it by email instead. */
  customerId: string | null;
  contact: {
    email: string;
    name: string;
    phone: string;
    town: string;
    city: string;
    apartment: string;
    room: string;
    postalCode: string;
    note: string;
  };
  idempotencyKey: string | null;
  requestHash: string | null;
  paymentProvider: string | null;
};

/** The other modules' parts of an order's context: subqueries their owners export. */
export type OrderContextParts = { provider: SQL; rate: SQL; pickup: SQL };

/**
 * SQL: everything placing an order needs besides pricing, in one row: settings, the payment
 * provider (checkout's choice), the storefront host, the chosen rate / pickup point (active
 * only) and the order an Idempotency-Key already produced. The database runs it as
 * `public.order_context(...)` (service/context.ts), rendered from here.
 */
export const orderContextQuery = (shop: SQL, idempotencyKey: SQL, parts: OrderContextParts) =>
  sql`
    select
      (select s.document from shop_settings s where s.shop_id = ${shop}) as document,
      ${parts.provider} as provider,
      ${storefrontHostJson(shop)} as host,
      ${parts.rate} as rate,
      ${parts.pickup} as pickup,
      (select json_build_object('id', o.id, 'requestHash', o.request_hash)
        from orders o where o.shop_id = ${shop} and o.idempotency_key = ${idempotencyKey})
        as replay`;

/** What a placed order answers with: its confirmation, or the payment it waits for. */
export type OrderOutcome = {
  id: string;
  orderNumber: string;
  email: string;
  paymentStatus: 'unpaid' | 'fully-paid';
  paymentProvider: string | null;
  paymentUrl: string | null;
  productsTotalMinor: number;
  couponTotalMinor: number;
  shippingTotalMinor: number;
  taxTotalMinor: number;
  cartTotalMinor: number;
  shippingName: string | null;
  lines: Array<{
    productId: string | null;
    title: string;
    quantity: number;
    unitPriceMinor: number;
  }>;
};

/**
 * A placed order as its first answer showed it (for Idempotency-Key replays), in one
 * statement. Amounts are bigint columns, read as float8 (exact far beyond any order total)
 * so the driver returns numbers, not strings.
 */
export async function selectOrderOutcome(db: Db, shopId: string, orderId: string) {
  const result = await db.execute<OrderOutcome>(sql`
    select o.id, o.order_number as "orderNumber", o.email, o.payment_status as "paymentStatus",
      o.payment_provider as "paymentProvider", o.payment_url as "paymentUrl",
      o.products_total_minor::float8 as "productsTotalMinor",
      o.coupon_total_minor::float8 as "couponTotalMinor",
      o.shipping_total_minor::float8 as "shippingTotalMinor",
      o.tax_total_minor::float8 as "taxTotalMinor",
      o.cart_total_minor::float8 as "cartTotalMinor", o.shipping->>'name' as "shippingName",
      (select coalesce(json_agg(json_build_object('productId', l.product_id, 'title', l.title,
          'quantity', l.quantity, 'unitPriceMinor', l.unit_price_minor)
          order by l.position, l.id), '[]'::json)
        from order_lines l where l.shop_id = o.shop_id and l.order_id = o.id) as lines
    from orders o where o.shop_id = ${shopId} and o.id = ${orderId}
  `);
  return result.rows[0] ?? null;
}
