import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { orderLines } from '../../../db/schema';
import { storefrontHostJson } from '../../../identity/storefront-origin';
import type { CheckoutPlan, StockNeed } from '../../checkout/plan';
import type { PricedLine } from '../../products/priced-cart';

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
 * Everything placing an order needs besides pricing, in one statement: settings, the
 * payment provider (checkout's choice), the storefront host, the chosen rate / pickup point
 * (active only) and the order an Idempotency-Key already produced. Unexecuted, so it can
 * join a batch; `Row` is the shape the caller's parts give it (service/context.ts).
 */
export function selectOrderContext<Row extends Record<string, unknown>>(
  db: Db,
  shopId: string,
  idempotencyKey: string | null,
  parts: OrderContextParts,
) {
  return db.execute<Row>(sql`
    select
      (select s.document from shop_settings s where s.shop_id = ${shopId}) as document,
      ${parts.provider} as provider,
      ${storefrontHostJson(shopId)} as host,
      ${parts.rate} as rate,
      ${parts.pickup} as pickup,
      (select json_build_object('id', o.id, 'requestHash', o.request_hash)
        from orders o where o.shop_id = ${shopId} and o.idempotency_key = ${idempotencyKey})
        as replay
  `);
}

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

/**
 * Links or creates the customer of the email (a signed-in customer's order stays theirs) and
 * inserts the order under a provisional number, its own id: numberOrder gives it the shop's
 * next number at the end of the transaction. Returns false when the plan's Idempotency-Key
 * is already used in this shop (after the other request committed).
 */
export async function insertOrder(tx: Tx, plan: OrderPlan, orderId: string) {
  const c = plan.contact;
  const t = plan.totals;
  const paid = t.cartTotalMinor === 0;
  const result = await tx.execute(sql`
    with customer as (
      insert into customers (shop_id, email, name, phone)
      select ${plan.shopId}::uuid, ${c.email}, ${c.name}, ${c.phone}
      where ${plan.customerId}::uuid is null
      on conflict (shop_id, email) do update set
        name = case when customers.name = '' then excluded.name else customers.name end,
        phone = case when customers.phone = '' then excluded.phone else customers.phone end
      returning id
    )
    insert into orders (id, shop_id, order_number, customer_id, email, name, phone, town, city,
      apartment, room, postal_code, note, payment_status, products_total_minor, shipping_total_minor,
      coupon_total_minor, tax_total_minor, cart_total_minor, shipping, coupons, idempotency_key,
      request_hash, payment_provider, paid_at)
    values (${orderId}, ${plan.shopId}, ${orderId},
      coalesce(${plan.customerId}::uuid, (select id from customer)), ${c.email}, ${c.name},
      ${c.phone}, ${c.town}, ${c.city}, ${c.apartment}, ${c.room}, ${c.postalCode}, ${c.note},
      ${paid ? 'fully-paid' : 'unpaid'}, ${t.productsTotalMinor}, ${t.shippingTotalMinor},
      ${t.couponTotalMinor}, ${t.taxTotalMinor}, ${t.cartTotalMinor},
      ${plan.shipping ? JSON.stringify(plan.shipping) : null}::jsonb,
      ${JSON.stringify(plan.coupon ? [plan.coupon] : [])}::jsonb,
      ${plan.idempotencyKey}, ${plan.requestHash}, ${paid ? null : plan.paymentProvider},
      ${paid ? sql`now()` : null})
    on conflict (shop_id, idempotency_key) where idempotency_key is not null do nothing
    returning id
  `);
  return result.rows.length > 0;
}

/**
 * Gives the order the shop's next number. The counter's row stays locked until the order
 * commits (so numbers have no gaps), which is why this comes after the stock and coupon
 * checks: orders that fail never wait for it, and the orders of one shop queue on it only
 * for the last statements of their transaction.
 */
export async function numberOrder(tx: Tx, shopId: string, orderId: string) {
  const result = await tx.execute<{ orderNumber: string }>(sql`
    with counter as (
      insert into order_counters (shop_id, last_number) values (${shopId}, 1001)
      on conflict (shop_id) do update set last_number = order_counters.last_number + 1
      returning last_number
    )
    update orders set order_number = (select last_number from counter)::text
    where shop_id = ${shopId} and id = ${orderId}
    returning order_number as "orderNumber"
  `);
  const orderNumber = result.rows[0]?.orderNumber;
  if (!orderNumber) throw new Error('the order to number was not found');
  return orderNumber;
}

/** Inserts the order's lines, in cart order (`position`). */
export async function insertOrderLines(
  tx: Tx,
  shopId: string,
  orderId: string,
  lines: PricedLine[],
) {
  await tx.insert(orderLines).values(
    lines.map((line, position) => ({
      shopId,
      orderId,
      productId: line.productId,
      variantId: line.variantId,
      title: line.title,
      variationKey: line.variationKey,
      sku: line.sku,
      quantity: line.quantity,
      unitPriceMinor: line.unitPriceMinor,
      totalMinor: line.totalMinor,
      isDigital: line.isDigital,
      stockTaken: line.trackStock,
      position,
    })),
  );
}

/**
 * Takes stock for every tracked product and variant in `needs`, in one statement: each row
 * only when enough is on hand (`stock >= wanted`), so it never goes below zero and
 * concurrent orders cannot oversell. Returns the ids of the rows taken.
 */
export async function takeStock(tx: Tx, shopId: string, needs: StockNeed[]) {
  const of = (kind: StockNeed['kind']) => JSON.stringify(needs.filter((n) => n.kind === kind));
  const result = await tx.execute<{ id: string }>(sql`
    with products_taken as (
      update products p set stock = p.stock - w.quantity, updated_at = now()
      from jsonb_to_recordset(${of('product')}::jsonb) as w(id uuid, quantity int)
      where p.shop_id = ${shopId} and p.id = w.id and p.track_stock and p.stock >= w.quantity
      returning p.id
    ), variants_taken as (
      update product_variants v set stock = v.stock - w.quantity, updated_at = now()
      from jsonb_to_recordset(${of('variant')}::jsonb) as w(id uuid, quantity int)
      where v.shop_id = ${shopId} and v.id = w.id and v.track_stock and v.stock >= w.quantity
      returning v.id
    )
    select id::text from products_taken union all select id::text from variants_taken
  `);
  return new Set(result.rows.map((r) => r.id));
}

/** Grants the order every file of the digital `productIds`, with each file's limit and period. */
export async function grantDownloads(
  tx: Tx,
  shopId: string,
  orderId: string,
  productIds: string[],
) {
  await tx.execute(sql`
    insert into download_grants (shop_id, order_id, product_id, file_id, download_limit, expires_at)
    select f.shop_id, ${orderId}::uuid, f.product_id, f.id, f.download_limit,
      case when f.download_days is null then null
        else now() + make_interval(days => f.download_days) end
    from digital_files f
    where f.shop_id = ${shopId}
      and f.product_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))
    on conflict do nothing
  `);
}
