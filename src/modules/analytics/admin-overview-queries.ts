import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/*
 * The business overview (GET /analytics/reports/overview): three figure groups, each one SQL
 * expression, sent together as one statement. What counts as an order and a sale is written
 * in docs/decisions/marketing.md ("Analytics reports"); days are UTC.
 *
 *   sales        orders, paid orders and net sales per period and per day (order_days)
 *   top products the 30 days' best sellers by line totals of paid, unrefunded orders
 *                (product_sales_windows, or order_product_days on a day it does not end on)
 *   needs action counts of open work, each the same predicate as the list filter it links to
 */

/** The overview's scope: one shop, the last day of every period (a UTC date), a ranking's length. */
export type OverviewScope = { shopId: string; to: string; limit: number };

/** The periods compared, each against the same number of days just before it. */
export const PERIODS = [
  { period: 'today', days: 1 },
  { period: '7_days', days: 7 },
  { period: '30_days', days: 30 },
] as const;

/** Days of the daily series (the longest period). */
export const SERIES_DAYS = 30;

export type PeriodFigures = { orders: number; paid_orders: number; sales: number };
export type SalesRow = {
  periods: Record<string, { current: PeriodFigures; previous: PeriodFigures }>;
  days: Array<{ date: string; orders: number; sales: number }>;
};

/** Figures of the days (to − last, to − first] in the per-day rows `d`. */
const figures = (first: number, last: number): SQL => sql`json_build_object(
  'orders', coalesce(sum(d.orders) filter (where d.ago >= ${first}::int and d.ago < ${last}::int), 0),
  'paid_orders', coalesce(sum(d.paid_orders) filter (where d.ago >= ${first}::int and d.ago < ${last}::int), 0),
  'sales', coalesce(sum(d.sales) filter (where d.ago >= ${first}::int and d.ago < ${last}::int), 0))`;

/**
 * Per day over twice the longest period (the current days and the ones before them): orders
 * placed and not cancelled; of those, the paid ones and their net sales (paid less refunded).
 * Reads the order_days rollup (kept by Postgres as orders change): at most 60 rows.
 */
export const salesSql = (r: OverviewScope): SQL => {
  const span = 2 * SERIES_DAYS;
  const periods = PERIODS.map(
    (p) =>
      sql`${p.period}::text, json_build_object('current', ${figures(0, p.days)},
        'previous', ${figures(p.days, 2 * p.days)})`,
  );
  return sql`(with per_day as (
      select r.day, r.orders, r.paid_orders, r.sales_minor as sales
      from order_days r
      where r.shop_id = ${r.shopId}::uuid
        and r.day > ${r.to}::date - ${span}::int and r.day <= ${r.to}::date
    ), d as (select ${r.to}::date - day as ago, orders, paid_orders, sales from per_day)
    select json_build_object(
      'periods', (select json_build_object(${sql.join(periods, sql`, `)}) from d),
      'days', (select json_agg(json_build_object('date', to_char(g.day, 'YYYY-MM-DD'),
          'orders', coalesce(p.orders, 0), 'sales', coalesce(p.sales, 0)) order by g.day)
        from generate_series(${r.to}::date - ${SERIES_DAYS - 1}::int, ${r.to}::date, interval '1 day') g(day)
        left join per_day p on p.day = g.day::date)))`;
};

export type TopSellerRow = {
  product_id: string;
  title: string;
  units: number;
  sales: number;
};

/**
 * The products that sold most over the 30 days, by the line totals of paid orders that are
 * neither cancelled nor refunded (a partial refund is the order's, not a line's, and is not
 * taken off). When the shop's kept window (product_sales_windows) ends on the report's day, its
 * first rows by sales are the answer, read from an index; on any other day (one asked for, or
 * today before the cron rolled the window) the order_product_days rollup is added up. Both are
 * kept by Postgres as orders and lines change, and hold the same sums. A deleted product's lines
 * lose their product and leave the ranking.
 */
export const topSellersSql = (r: OverviewScope): SQL =>
  sql`(with kept as (
      select coalesce((select w.window_end = ${r.to}::date from sales_windows w
        where w.shop_id = ${r.shopId}::uuid), false) as on_day
    ), sold as (
      (select k.product_id, k.units, k.sales_minor as sales
      from product_sales_windows k
      where (select on_day from kept) and k.shop_id = ${r.shopId}::uuid and k.units > 0
      -- In the order of product_sales_windows_shop_sales_idx (nulls last), so the index is walked.
      order by k.sales_minor desc nulls last, k.product_id limit ${r.limit})
      union all
      (select r.product_id, sum(r.units)::int as units, sum(r.sales_minor)::bigint as sales
      from order_product_days r
      where not (select on_day from kept) and r.shop_id = ${r.shopId}::uuid
        and r.day > ${r.to}::date - ${SERIES_DAYS}::int and r.day <= ${r.to}::date
      group by r.product_id
      having sum(r.units) > 0
      order by sales desc, r.product_id limit ${r.limit})
    )
    select coalesce(json_agg(json_build_object('product_id', s.product_id,
        'title', p.title, 'units', s.units, 'sales', s.sales)
        order by s.sales desc, s.product_id), '[]'::json)
    from sold s join products p on p.shop_id = ${r.shopId}::uuid and p.id = s.product_id)`;

export type NeedsActionRow = {
  unpaid_orders: number;
  unfulfilled_orders: number;
  refund_requests: number;
  pending_reviews: number;
  failed_webhook_deliveries: number;
};

/**
 * Open work now (whatever the scope's day): each count uses the predicate of the list filter
 * the report names for it (GET /orders `status` and `payment_status`, GET /reviews `status`,
 * a webhook endpoint's deliveries `status`), so the list shows exactly what was counted.
 * A failed delivery that was replayed since is no longer open.
 */
export const needsActionSql = (r: OverviewScope): SQL =>
  sql`(select json_build_object(
      'unpaid_orders', o.unpaid, 'unfulfilled_orders', o.unfulfilled,
      'refund_requests', o.refund_requests,
      'pending_reviews', (select count(*) from reviews v
          where v.shop_id = ${r.shopId}::uuid and v.status = 'pending'),
      'failed_webhook_deliveries', (select count(*) from webhook_deliveries w
          where w.shop_id = ${r.shopId}::uuid and w.status = 'failed'
            and not exists (select 1 from webhook_deliveries again
              where again.shop_id = w.shop_id and again.replay_of = w.id)))
    from (select
        count(*) filter (where o.status = 'pending' and o.payment_status = 'unpaid') as unpaid,
        count(*) filter (where o.status = 'pending' and o.payment_status = 'fully-paid'
          and o.refunded_total_minor = 0) as unfulfilled,
        count(*) filter (where o.refund_state = 'requested') as refund_requests
      -- The open orders only, through the partial index orders_shop_open_idx.
      from orders o where o.shop_id = ${r.shopId}::uuid
        and (o.status = 'pending' or o.refund_state = 'requested')) o)`;

export type OverviewRow = {
  sales: SalesRow;
  top_products: TopSellerRow[];
  needs_action: NeedsActionRow;
};

/** The three figure groups in one statement (one round trip). */
export const overviewSql = (r: OverviewScope): SQL =>
  sql`select ${salesSql(r)} as sales, ${topSellersSql(r)} as top_products,
    ${needsActionSql(r)} as needs_action`;

export const selectOverview = async (db: Db, r: OverviewScope): Promise<OverviewRow> =>
  (await db.execute(overviewSql(r))).rows[0] as OverviewRow;
