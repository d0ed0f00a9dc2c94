import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { refuseWhen } from '../../../db/refusal';
import type { StockNeed } from '../../checkout/plan';
import {
  type PendingEmail,
  type QueuedEmail,
  queuedEmailsCte,
  queuedEmailsJson,
} from '../../mail/outbox';
import type { PricedLine } from '../../products/priced-cart';
import { deliveryIdsSql, eventCtes } from '../../webhooks/events';
import { ORDER_REFUSALS } from './write';

/*
 * The statements of an order's write batch that take its stock (./write.ts has the rest): the
 * lock-free sold-out check at its start and the contended statement at its end, which takes
 * the stock, numbers the order, inserts its lines and queues its emails and event.
 */

/** The needs sorted by id (so orders of several products lock them in one order), as json. */
function needsJson(needs: StockNeed[]) {
  // The ids' code-unit order, which is the uuids' own; `localeCompare` asked ICU each time.
  const sorted = [...needs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    all: JSON.stringify(sorted),
    of: (kind: StockNeed['kind']) => JSON.stringify(sorted.filter((n) => n.kind === kind)),
  };
}

/** The refusal of a batch whose CTE `short` (one `id` column) names any product or variant. */
const refuseShort = () =>
  refuseWhen(
    sql`exists (select 1 from short)`,
    ORDER_REFUSALS.stock,
    sql`(select string_agg(id::text, ',') from short)`,
  );

/**
 * SQL: the ids of the needs (`all`, `[{ id }]`; `products` and `variants`, `[{ id, quantity }]`,
 * jsonb) whose committed stock, read without a lock, is already too low (or that no longer
 * track stock, as `settleOrderQuery` would find), comma-separated in one row (`short_ids`), or
 * no row when every need is met. The query of public.order_stock_short, planned once per
 * connection (scripts/db/rendered-sql.ts).
 */
export const stockShortQuery = (shop: SQL, products: SQL, variants: SQL, all: SQL): SQL => sql`
  with enough as (
    select p.id from products p
    join jsonb_to_recordset(${products}) as w(id uuid, quantity int) on p.id = w.id
    where p.shop_id = ${shop} and p.track_stock and p.stock >= w.quantity
    union all
    select v.id from product_variants v
    join jsonb_to_recordset(${variants}) as w(id uuid, quantity int) on v.id = w.id
    where v.shop_id = ${shop} and v.track_stock and v.stock >= w.quantity
  ), short as (
    select w.id from jsonb_to_recordset(${all}) as w(id uuid)
    where w.id not in (select id from enough)
  )
  select string_agg(s.id::text, ',') as short_ids from short s having count(*) > 0`;

/**
 * SQL, a select: refuses the batch (`ORDER_REFUSALS.stock`) when the committed stock, read
 * without a lock, is already too low for any of `needs` (public.order_stock_short): early in
 * the batch, so a buyer who arrives after the sale sold out writes nothing and waits for no
 * lock. Stock that is enough here may still be short when `settleOrderQuery` takes it, which
 * decides.
 */
export function soldOutRefusal(shopId: string, needs: StockNeed[]): SQL {
  const json = needsJson(needs);
  return sql`with short as (
      select s.short_ids from public.order_stock_short(${shopId}::uuid,
        ${json.of('product')}::jsonb, ${json.of('variant')}::jsonb, ${json.all}::jsonb) s
    )
    ${refuseWhen(sql`exists (select 1 from short)`, ORDER_REFUSALS.stock, sql`(select short_ids from short)`)}`;
}

/** The order's lines as `orderLinesCte` inserts them, in cart order: the JSON text of its `rows`. */
const orderLinesJson = (lines: PricedLine[]): string =>
  JSON.stringify(
    lines.map((line, position) => ({
      product_id: line.productId,
      variant_id: line.variantId,
      title: line.title,
      variation_key: line.variationKey,
      sku: line.sku,
      quantity: line.quantity,
      unit_price_minor: line.unitPriceMinor,
      total_minor: line.totalMinor,
      is_digital: line.isDigital,
      stock_taken: line.trackStock,
      position,
    })),
  );

/**
 * A CTE `lines` of the order's last statement inserting its lines (`rows`, jsonb, as
 * `orderLinesJson` writes them) in cart order (`position`). Their triggers count the
 * products' sales (`product_sales`, one row per product that every buyer of it updates): in
 * the last statement, that row is held for it and the COMMIT only, as the product's own.
 */
const orderLinesCte = (shop: SQL, order: SQL, rows: SQL): SQL => sql`lines as (
      insert into order_lines (shop_id, order_id, product_id, variant_id, title, variation_key,
        sku, quantity, unit_price_minor, total_minor, is_digital, stock_taken, position)
      select ${shop}, ${order}, l.product_id, l.variant_id, l.title,
        l.variation_key, l.sku, l.quantity, l.unit_price_minor, l.total_minor, l.is_digital,
        l.stock_taken, l.position
      from jsonb_to_recordset(${rows}) as l(product_id uuid,
        variant_id uuid, title text, variation_key text, sku text, quantity integer,
        unit_price_minor integer, total_minor bigint, is_digital boolean, stock_taken boolean,
        position integer)
      order by l.position
      returning id
    )`;

/** The order's emails and `order.created` event, which name the number its counter returns. */
export type OrderNotices = {
  emails: QueuedEmail[];
  /** The text in the emails that stands for the order's number. */
  placeholder: string;
  /** The event's data; its `order_number` is set from the counter. */
  event: object;
};

/** The arguments of `settleOrderSql`, each SQL of its type (noted). */
type SettleArguments = {
  /** uuid */
  shop: SQL;
  /** uuid */
  order: SQL;
  /** jsonb `[{ id, quantity }]`: the products' stock to take, sorted by id */
  products: SQL;
  /** jsonb `[{ id, quantity }]`: the variants' stock to take, sorted by id */
  variants: SQL;
  /** jsonb `[{ id }]`: every need, products and variants */
  all: SQL;
  /** jsonb: the lines, as `orderLinesJson` writes them */
  lines: SQL;
  /** jsonb: the emails, as `queuedEmailsJson` writes them */
  emails: SQL;
  /** text: what stands for the order's number in the emails */
  placeholder: SQL;
  /** jsonb: the `order.created` event's data, its `order_number` set from the counter */
  event: SQL;
};

/**
 * SQL: the contended end of an order's batch, last before COMMIT (public.order_settle, planned
 * once per connection; scripts/db/rendered-sql.ts): takes stock for every tracked product and
 * variant of the needs, each row only when enough is on hand (`stock >= wanted`), so it never
 * goes below zero and concurrent orders cannot oversell; then, only when nothing was short,
 * gives the order the shop's next number from the counter row (gapless: a refused order
 * never reaches it), inserts its lines (`lines`: their triggers count the products' sales),
 * and queues the emails and the `order.created` event with that number. The product rows,
 * the counter and the products' sales rows stay locked for this statement and the COMMIT
 * only. A row whose committed stock is already too low is skipped without waiting for its
 * lock. When any row is short the batch is refused (`ORDER_REFUSALS.stock`) with the short
 * ids, comma-separated, as the detail. Reads back the number, the queued emails (to send
 * without reading them again) and the webhook deliveries' ids (`SettledOrder`).
 */
export const settleOrderSql = (a: SettleArguments): SQL => sql`
    with products_taken as (
      update products p set stock = p.stock - w.quantity, updated_at = now()
      from jsonb_to_recordset(${a.products}) as w(id uuid, quantity int)
      where p.shop_id = ${a.shop} and p.id = w.id and p.track_stock and p.stock >= w.quantity
      returning p.id
    ), variants_taken as (
      update product_variants v set stock = v.stock - w.quantity, updated_at = now()
      from jsonb_to_recordset(${a.variants}) as w(id uuid, quantity int)
      where v.shop_id = ${a.shop} and v.id = w.id and v.track_stock and v.stock >= w.quantity
      returning v.id
    ), short as (
      select w.id from jsonb_to_recordset(${a.all}) as w(id uuid)
      where w.id not in (select id from products_taken union all select id from variants_taken)
    ), refused as (${refuseShort()}), counter as (
      insert into order_counters (shop_id, last_number)
      select ${a.shop}, 1001 where not exists (select 1 from short)
      on conflict (shop_id) do update set last_number = order_counters.last_number + 1
      returning last_number::text as number
    ), numbered as (
      update orders o set order_number = c.number from counter c
      where o.shop_id = ${a.shop} and o.id = ${a.order}
      returning o.order_number
    ), ${orderLinesCte(a.shop, a.order, a.lines)}, ${queuedEmailsCte('queued', a.emails, {
      placeholder: a.placeholder,
      from: sql`select number as value from counter`,
    })}, ${eventCtes(
      'emit',
      a.shop,
      'order.created',
      sql`select jsonb_set(${a.event}, '{order_number}', to_jsonb(c.number)) as data from counter c`,
    )}
    select (select count(*) from refused) as refused,
      (select order_number from numbered) as "orderNumber",
      (select coalesce(json_agg(q), '[]'::json) from queued q) as emails,
      ${deliveryIdsSql('emit')} as ids`;

/** The contended end of an order's batch (`settleOrderSql`), unexecuted, for the batch. */
export function settleOrderQuery(
  db: Db,
  order: { shopId: string; orderId: string; lines: PricedLine[] },
  needs: StockNeed[],
  notices: OrderNotices,
) {
  const { all, of } = needsJson(needs);
  return db.execute<SettledOrder>(sql`select s.* from public.order_settle(
    ${order.shopId}::uuid, ${order.orderId}::uuid, ${of('product')}::jsonb,
    ${of('variant')}::jsonb, ${all}::jsonb, ${orderLinesJson(order.lines)}::jsonb,
    ${queuedEmailsJson(notices.emails)}::jsonb, ${notices.placeholder}::text,
    ${JSON.stringify(notices.event)}::jsonb) s`);
}

/** What `settleOrderQuery` reads back. */
export type SettledOrder = {
  orderNumber: string | null;
  emails: PendingEmail[] | null;
  ids: string[] | null;
};
