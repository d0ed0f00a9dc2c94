import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** A report's scope: one shop, days [from, to] (UTC dates, inclusive), and a ranking's length. */
export type ReportScope = { shopId: string; from: string; to: string; limit?: number };

/** The scope's rows of a rollup (aliased `d`): its shop, days [from, to] in UTC. */
const inRange = (r: ReportScope): SQL => sql`d.shop_id = ${r.shopId}::uuid
  and d.day between ${r.from}::date and ${r.to}::date`;

/*
 * Distinct ids are counted under the "C" collation: byte order sorts several times faster than a
 * language collation, and the count is the same, since equality under any deterministic
 * collation (the database default) is byte equality. Rankings keep the default order.
 */

const one = async <T>(db: Db, query: SQL): Promise<T> => (await db.execute(query)).rows[0] as T;

export type TrafficRow = {
  days: Array<{ date: string; visitors: number; sessions: number; page_views: number }>;
  totals: { visitors: number; sessions: number; page_views: number };
};

/**
 * Visitors, sessions and page views per day and over the range, in one statement, from the
 * session-day rollup: distinct visitors and sessions stay exact over several days because each
 * row keeps its visitor and session ids.
 */
export const trafficSql = (r: ReportScope): SQL =>
  sql`
    with per_day as (
      select d.day, count(distinct d.visitor_id collate "C")::int as visitors,
        count(distinct d.session_id collate "C")::int as sessions,
        sum(d.page_views)::int as page_views
      from analytics_session_days d where ${inRange(r)} group by d.day
    )
    select
      (select json_agg(json_build_object('date', to_char(g.d, 'YYYY-MM-DD'),
          'visitors', coalesce(p.visitors, 0), 'sessions', coalesce(p.sessions, 0),
          'page_views', coalesce(p.page_views, 0)) order by g.d)
       from generate_series(${r.from}::date, ${r.to}::date, interval '1 day') g(d)
       left join per_day p on p.day = g.d::date) as days,
      (select json_build_object('visitors', count(distinct d.visitor_id collate "C"),
          'sessions', count(distinct d.session_id collate "C"),
          'page_views', coalesce(sum(d.page_views), 0))
       from analytics_session_days d where ${inRange(r)}) as totals`;

export const selectTraffic = (db: Db, r: ReportScope) => one<TrafficRow>(db, trafficSql(r));

export type ProductRank = { product_id: string; title: string | null };
export type TopProductsRow = {
  by_views: Array<ProductRank & { views: number }>;
  by_add_to_cart: Array<ProductRank & { add_to_cart: number; quantity: number }>;
};

/** The most viewed and most added-to-cart products, in one statement, from the product-day rollup. */
export const topProductsSql = (r: ReportScope): SQL =>
  sql`
    with e as (
      select d.product_id, sum(d.views)::int as views, sum(d.add_to_cart)::int as carts,
        sum(d.quantity)::int as quantity
      from analytics_product_days d where ${inRange(r)} group by d.product_id
    ), views as (
      select product_id, views as n from e where views > 0
      order by n desc, product_id limit ${r.limit ?? 10}
    ), carts as (
      select product_id, carts as n, quantity as q from e where carts > 0
      order by n desc, product_id limit ${r.limit ?? 10}
    )
    select
      (select coalesce(json_agg(json_build_object('product_id', v.product_id, 'title', p.title,
          'views', v.n) order by v.n desc, v.product_id), '[]'::json)
       from views v left join products p on p.shop_id = ${r.shopId}::uuid
         and p.id::text = v.product_id) as by_views,
      (select coalesce(json_agg(json_build_object('product_id', c.product_id, 'title', p.title,
          'add_to_cart', c.n, 'quantity', c.q) order by c.n desc, c.product_id), '[]'::json)
       from carts c left join products p on p.shop_id = ${r.shopId}::uuid
         and p.id::text = c.product_id) as by_add_to_cart`;

export const selectTopProducts = (db: Db, r: ReportScope) =>
  one<TopProductsRow>(db, topProductsSql(r));

export type FunnelRow = {
  sessions: number;
  product_view: number;
  add_to_cart: number;
  begin_checkout: number;
  complete_checkout: number;
};

/** Sessions, and sessions that reached each funnel step, in one statement (session-day rollup). */
export const funnelSql = (r: ReportScope): SQL =>
  sql`
    with e as (
      select d.session_id collate "C" as id, d.product_view, d.add_to_cart, d.begin_checkout,
        d.complete_checkout
      from analytics_session_days d where ${inRange(r)}
    )
    select count(distinct id)::int as sessions,
      (count(distinct id) filter (where product_view))::int as product_view,
      (count(distinct id) filter (where add_to_cart))::int as add_to_cart,
      (count(distinct id) filter (where begin_checkout))::int as begin_checkout,
      (count(distinct id) filter (where complete_checkout))::int as complete_checkout
    from e`;

export const selectFunnel = (db: Db, r: ReportScope) => one<FunnelRow>(db, funnelSql(r));

export type ReferrersRow = {
  referrers: Array<{ host: string; sessions: number }>;
  utm_sources: Array<{ source: string; sessions: number }>;
};

/**
 * Sessions by referring host and by UTM source (social referrals), in one statement, from the
 * hosts and sources each session-day row keeps.
 */
export const referrersSql = (r: ReportScope): SQL =>
  sql`
    with hosts as (
      select h.host, count(distinct d.session_id collate "C")::int as n
      from analytics_session_days d cross join unnest(d.referrer_hosts) h(host)
      where ${inRange(r)} and d.referrer_hosts <> '{}'
      group by h.host order by n desc, h.host limit ${r.limit ?? 10}
    ), sources as (
      select u.source, count(distinct d.session_id collate "C")::int as n
      from analytics_session_days d cross join unnest(d.utm_sources) u(source)
      where ${inRange(r)} and d.utm_sources <> '{}'
      group by u.source order by n desc, u.source limit ${r.limit ?? 10}
    )
    select
      (select coalesce(json_agg(json_build_object('host', host, 'sessions', n)
          order by n desc, host), '[]'::json) from hosts) as referrers,
      (select coalesce(json_agg(json_build_object('source', source, 'sessions', n)
          order by n desc, source), '[]'::json) from sources) as utm_sources`;

export const selectReferrers = (db: Db, r: ReportScope) => one<ReferrersRow>(db, referrersSql(r));
