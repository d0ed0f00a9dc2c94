import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { refuseWhen } from '../../../db/refusal';
import type { OrderPlan } from './place';

/*
 * The statements of an order's write batch (one transaction, one round trip), each
 * unexecuted: here its opening and the order's own rows; in ./stock.ts what takes its stock.
 * A statement that finds the order must not be written refuses the whole batch
 * (src/db/refusal.ts) with one of these reasons.
 */

/** Why the order's own statements refused it. */
export const ORDER_REFUSALS = {
  /** Another request with the same Idempotency-Key created the order first. */
  replay: 'idempotency-key-used',
  /** A product or variant had less stock than the order needs; the detail lists their ids. */
  stock: 'stock-short',
} as const;

/** SQL: sets `statement_timeout` to `ms` for the rest of the transaction. */
const statementBound = (ms: number) =>
  sql`set_config('statement_timeout', ${`${Math.max(1, Math.floor(ms))}ms`}, true)`;

/**
 * Bounds each later statement of the batch by `ms` (`statement_timeout`, for this transaction
 * only), set to what the request may still wait: a batch that queues on a locked row longer
 * than its caller waits is cancelled (rolled back, a 503) instead of committing an order its
 * buyer was told failed.
 */
export const boundStatementsQuery = (db: Db, ms: number) =>
  db.execute(sql`select ${statementBound(ms)}`);

/** The advisory lock key of an order's write: held by its batch until it commits or rolls back. */
const writeLockKey = (orderId: string) => sql`hashtextextended(${orderId}, 0)`;

/**
 * First in an order's batch, one statement: bounds the later ones as `boundStatementsQuery`
 * does (`ms`), marks the write in flight (its advisory lock, which nothing else takes) and
 * runs `check`, a select that refuses the batch before anything is written or waited for
 * (the sold-out check of ./stock.ts, `soldOutRefusal`), when there is one.
 */
export const openOrderWriteQuery = (db: Db, orderId: string, ms: number, check: SQL | null) =>
  db.execute(
    sql`select ${statementBound(ms)}, pg_advisory_xact_lock(${writeLockKey(orderId)})${
      check ? sql`, (${check})` : sql``
    }`,
  );

/**
 * Whether an order's batch committed, asked after its caller stopped waiting: waits for the
 * batch's transaction to end (its write lock, taken shared), then reads the order's number.
 * A plain read would race a batch still running and miss a row committed a moment later.
 */
export const committedOrderQueries = (db: Db, shopId: string, orderId: string) =>
  [
    db.execute(sql`select pg_advisory_xact_lock_shared(${writeLockKey(orderId)})`),
    db.execute<{ orderNumber: string }>(
      sql`select order_number as "orderNumber" from orders where id = ${orderId} and shop_id = ${shopId}`,
    ),
  ] as const;

/**
 * Links or creates the customer of the email (a signed-in customer's order stays theirs),
 * inserts the order under a provisional number, its own id (`settleOrderQuery` gives it the
 * shop's next number later in the batch), and runs `link`, the CTE that stores the order's
 * sign-in link (`accessLinkCte`). Refuses the batch (`ORDER_REFUSALS.replay`) when the plan's
 * Idempotency-Key is already used in this shop (after the other request committed).
 */
export function insertOrderQuery(db: Db, plan: OrderPlan, orderId: string, link: SQL) {
  const c = plan.contact;
  const t = plan.totals;
  const paid = t.cartTotalMinor === 0;
  return db.execute(sql`
    with customer as (
      insert into customers (shop_id, email, name, phone)
      select ${plan.shopId}::uuid, ${c.email}, ${c.name}, ${c.phone}
      where ${plan.customerId}::uuid is null
      on conflict (shop_id, email) do update set
        name = case when customers.name = '' then excluded.name else customers.name end,
        phone = case when customers.phone = '' then excluded.phone else customers.phone end
      returning id
    ), inserted as (
      insert into orders (id, shop_id, order_number, customer_id, email, name, phone, town, city,
        apartment, room, postal_code, note, payment_status, products_total_minor,
        shipping_total_minor, coupon_total_minor, tax_total_minor, cart_total_minor, shipping,
        coupons, idempotency_key, request_hash, payment_provider, paid_at)
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
    ), ${link}
    ${refuseWhen(sql`not exists (select 1 from inserted)`, ORDER_REFUSALS.replay)}
  `);
}

/** Grants the order every file of the digital `productIds`, with each file's limit and period. */
export function grantDownloadsQuery(db: Db, shopId: string, orderId: string, productIds: string[]) {
  return db.execute(sql`
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
