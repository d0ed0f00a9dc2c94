import { sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../../db/client';
import {
  accessLinks,
  emailOutbox,
  type OrderCouponSnapshot,
  type OrderShippingSnapshot,
  orderLines,
} from '../../../db/schema';
import { ApiError, type ErrorDetail } from '../../../errors';
import { newAccessLink } from '../../auth/access-links';
import {
  type PricedLine,
  type StockNeed,
  shortageDetails,
  stockKeyOf,
  stockNeeds,
} from '../../checkout/service';
import type { OrderTotals } from '../../checkout/shipping';
import type { QueuedEmail } from '../../mail/outbox';

/** Everything the server decided about an order before writing it. */
export type OrderPlan = {
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
    note: string;
  };
  lines: PricedLine[];
  coupon: OrderCouponSnapshot | null;
  shipping: OrderShippingSnapshot | null;
  totals: OrderTotals;
  idempotencyKey: string | null;
  requestHash: string | null;
  paymentProvider: string | null;
};

/** Another request with the same Idempotency-Key created the order first. */
export class IdempotentReplay extends Error {
  constructor() {
    super('order already created for this Idempotency-Key');
    this.name = 'IdempotentReplay';
  }
}

const orderInvalid = (details: ErrorDetail[]) =>
  new ApiError('ORDER_VALIDATION_FAILED', { details });

const rowsOf = <T>(result: { rows: unknown[] }) => result.rows as T[];

/**
 * Takes the next order number, links or creates the customer of the email (a signed-in
 * customer's order stays theirs) and inserts the order; an Idempotency-Key already used
 * in this shop inserts nothing and raises IdempotentReplay (after the other request committed).
 */
async function insertOrder(tx: Tx, plan: OrderPlan, orderId: string) {
  const c = plan.contact;
  const paid = plan.totals.cartTotalMinor === 0;
  const result = await tx.execute(sql`
    with counter as (
      insert into order_counters (shop_id, last_number) values (${plan.shopId}, 1001)
      on conflict (shop_id) do update set last_number = order_counters.last_number + 1
      returning last_number
    ), customer as (
      insert into customers (shop_id, email, name, phone)
      select ${plan.shopId}::uuid, ${c.email}, ${c.name}, ${c.phone}
      where ${plan.customerId}::uuid is null
      on conflict (shop_id, email) do update set
        name = case when customers.name = '' then excluded.name else customers.name end,
        phone = case when customers.phone = '' then excluded.phone else customers.phone end
      returning id
    )
    insert into orders (id, shop_id, order_number, customer_id, email, name, phone, town, city,
      apartment, room, note, payment_status, products_total_minor, shipping_total_minor,
      coupon_total_minor, tax_total_minor, cart_total_minor, shipping, coupons, idempotency_key,
      request_hash, payment_provider, paid_at)
    values (${orderId}, ${plan.shopId}, (select last_number from counter)::text,
      coalesce(${plan.customerId}::uuid, (select id from customer)), ${c.email}, ${c.name},
      ${c.phone}, ${c.town}, ${c.city}, ${c.apartment}, ${c.room}, ${c.note},
      ${paid ? 'fully-paid' : 'unpaid'}, ${plan.totals.productsTotalMinor},
      ${plan.totals.shippingTotalMinor}, ${plan.totals.couponTotalMinor},
      ${plan.totals.taxTotalMinor}, ${plan.totals.cartTotalMinor},
      ${plan.shipping ? JSON.stringify(plan.shipping) : null}::jsonb,
      ${JSON.stringify(plan.coupon ? [plan.coupon] : [])}::jsonb,
      ${plan.idempotencyKey}, ${plan.requestHash}, ${paid ? null : plan.paymentProvider},
      ${paid ? sql`now()` : null})
    on conflict (shop_id, idempotency_key) where idempotency_key is not null do nothing
    returning order_number as "orderNumber"
  `);
  const [row] = rowsOf<{ orderNumber: string }>(result);
  if (!row) throw new IdempotentReplay();
  return row.orderNumber;
}

/**
 * Takes stock for every tracked product and variant of the order in one statement: each
 * row only when enough is on hand (`stock >= wanted`), so it never goes below zero and
 * concurrent orders cannot oversell. Any row not taken fails the whole order.
 */
async function takeStock(tx: Tx, plan: OrderPlan) {
  const needs = [...stockNeeds(plan.lines).values()];
  if (needs.length === 0) return;
  const of = (kind: StockNeed['kind']) => JSON.stringify(needs.filter((n) => n.kind === kind));
  const result = await tx.execute(sql`
    with products_taken as (
      update products p set stock = p.stock - w.quantity, updated_at = now()
      from jsonb_to_recordset(${of('product')}::jsonb) as w(id uuid, quantity int)
      where p.shop_id = ${plan.shopId} and p.id = w.id and p.track_stock and p.stock >= w.quantity
      returning p.id
    ), variants_taken as (
      update product_variants v set stock = v.stock - w.quantity, updated_at = now()
      from jsonb_to_recordset(${of('variant')}::jsonb) as w(id uuid, quantity int)
      where v.shop_id = ${plan.shopId} and v.id = w.id and v.track_stock and v.stock >= w.quantity
      returning v.id
    )
    select id::text from products_taken union all select id::text from variants_taken
  `);
  const taken = new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
  const short = shortageDetails(plan.lines, (line) => !taken.has(stockKeyOf(line)));
  if (short.length > 0) throw orderInvalid(short);
}

/**
 * Counts the coupon's use, then records the redemption for the order's email. The usage
 * update locks the coupon row, so the per-customer count that follows (a new statement,
 * seeing every committed redemption) cannot race another order with the same coupon.
 */
async function redeemCoupon(tx: Tx, plan: OrderPlan, orderId: string) {
  const { coupon } = plan;
  if (!coupon) return;
  const used = await tx.execute(sql`
    update coupons set used_count = used_count + 1, updated_at = now()
    where shop_id = ${plan.shopId} and id = ${coupon.id} and active
      and (starts_at is null or starts_at <= now()) and (ends_at is null or ends_at > now())
      and (usage_limit is null or used_count < usage_limit)
    returning per_customer_limit as "perCustomerLimit"
  `);
  const [row] = rowsOf<{ perCustomerLimit: number | null }>(used);
  const refuse = (message: string) => orderInvalid([{ field: 'coupons.0', message }]);
  if (!row) throw refuse('The coupon has been used up.');
  const redeemed = await tx.execute(sql`
    insert into coupon_redemptions (shop_id, coupon_id, order_id, customer_id, email, amount_minor)
    select o.shop_id, ${coupon.id}::uuid, o.id, o.customer_id, o.email, ${coupon.amountMinor}::int
    from orders o
    where o.shop_id = ${plan.shopId} and o.id = ${orderId}
      and (${row.perCustomerLimit}::int is null or (select count(*) from coupon_redemptions r
        where r.shop_id = o.shop_id and r.coupon_id = ${coupon.id} and r.email = o.email)
        < ${row.perCustomerLimit}::int)
    returning id
  `);
  if (redeemed.rows.length === 0) throw refuse('You have already used this coupon.');
}

/** Grants the order every file of its digital products, with each file's limit and period. */
async function grantDownloads(tx: Tx, plan: OrderPlan, orderId: string) {
  const digital = [...new Set(plan.lines.filter((l) => l.isDigital).map((l) => l.productId))];
  if (digital.length === 0) return;
  await tx.execute(sql`
    insert into download_grants (shop_id, order_id, product_id, file_id, download_limit, expires_at)
    select f.shop_id, ${orderId}::uuid, f.product_id, f.id, f.download_limit,
      case when f.download_days is null then null
        else now() + make_interval(days => f.download_days) end
    from digital_files f
    where f.shop_id = ${plan.shopId}
      and f.product_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(digital)}::jsonb))
    on conflict do nothing
  `);
}

/**
 * Writes the whole order in one transaction: number, customer link, order and lines,
 * stock, coupon usage and redemption, download grants, sign-in link and the confirmation
 * email in the outbox. Any failure leaves nothing behind.
 */
export async function writeOrder(
  database: Database,
  plan: OrderPlan,
  confirmation: (order: { id: string; orderNumber: string; linkId: string }) => QueuedEmail,
): Promise<{ id: string; orderNumber: string; emailId: string }> {
  const id = crypto.randomUUID();
  const link = await newAccessLink({ shopId: plan.shopId, orderId: id, email: plan.contact.email });
  return withTransaction(database, async (tx) => {
    const orderNumber = await insertOrder(tx, plan, id);
    await tx.insert(orderLines).values(
      plan.lines.map((line, position) => ({
        shopId: plan.shopId,
        orderId: id,
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
    await takeStock(tx, plan);
    await redeemCoupon(tx, plan, id);
    await grantDownloads(tx, plan, id);
    await tx.insert(accessLinks).values(link.row);
    const [email] = await tx
      .insert(emailOutbox)
      .values(confirmation({ id, orderNumber, linkId: link.linkId }))
      .returning({ id: emailOutbox.id });
    if (!email) throw new Error('the confirmation email was not queued');
    return { id, orderNumber, emailId: email.id };
  });
}
