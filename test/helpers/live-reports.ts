import { type SQL, sql } from 'drizzle-orm';
import type { ReportScope } from '../../src/modules/analytics/admin-queries';

/**
 * The reports as they were computed before the rollups: straight from `analytics_events`, one
 * statement each. Kept as the oracle the rollup-based reports must agree with exactly.
 */
const inRange = (r: ReportScope): SQL => sql`a.shop_id = ${r.shopId}::uuid
  and a.created_at >= ${r.from}::date::timestamp at time zone 'UTC'
  and a.created_at < (${r.to}::date + 1)::timestamp at time zone 'UTC'`;

/** Visitors, sessions and page views per day and over the range, in one statement. */
export const liveTrafficSql = (r: ReportScope): SQL =>
  sql`
    with e as (
      select (a.created_at at time zone 'UTC')::date as day, a.visitor_id, a.session_id, a.event
      from analytics_events a where ${inRange(r)}
    ), per_day as (
      select day, count(distinct visitor_id)::int as visitors,
        count(distinct session_id)::int as sessions,
        (count(*) filter (where event = 'page_view'))::int as page_views
      from e group by day
    )
    select
      (select json_agg(json_build_object('date', to_char(g.d, 'YYYY-MM-DD'),
          'visitors', coalesce(p.visitors, 0), 'sessions', coalesce(p.sessions, 0),
          'page_views', coalesce(p.page_views, 0)) order by g.d)
       from generate_series(${r.from}::date, ${r.to}::date, interval '1 day') g(d)
       left join per_day p on p.day = g.d::date) as days,
      (select json_build_object('visitors', count(distinct visitor_id),
          'sessions', count(distinct session_id),
          'page_views', count(*) filter (where event = 'page_view')) from e) as totals`;

/** The most viewed and most added-to-cart products, in one statement. */
export const liveTopProductsSql = (r: ReportScope): SQL =>
  sql`
    with e as (
      select a.event, a.metadata->>'productId' as product_id,
        coalesce((a.metadata->>'quantity')::int, 1) as quantity
      from analytics_events a
      where ${inRange(r)} and a.event in ('product_view', 'add_to_cart')
    ), views as (
      select product_id, count(*)::int as n from e where event = 'product_view'
      group by product_id order by n desc, product_id limit ${r.limit ?? 10}
    ), carts as (
      select product_id, count(*)::int as n, sum(quantity)::int as q from e
      where event = 'add_to_cart'
      group by product_id order by n desc, product_id limit ${r.limit ?? 10}
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

/** Sessions, and sessions that reached each funnel step, in one statement. */
export const liveFunnelSql = (r: ReportScope): SQL =>
  sql`
    select count(distinct a.session_id)::int as sessions,
      (count(distinct a.session_id) filter (where a.event = 'product_view'))::int as product_view,
      (count(distinct a.session_id) filter (where a.event = 'add_to_cart'))::int as add_to_cart,
      (count(distinct a.session_id) filter (where a.event = 'begin_checkout'))::int
        as begin_checkout,
      (count(distinct a.session_id) filter (where a.event = 'complete_checkout'))::int
        as complete_checkout
    from analytics_events a where ${inRange(r)}`;

/** Sessions by referring host and by UTM source (social referrals), in one statement. */
export const liveReferrersSql = (r: ReportScope): SQL =>
  sql`
    with e as (
      select a.session_id, a.event, a.metadata->>'utm_source' as utm_source,
        lower(substring(a.referrer_url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?([^/?#:]+)'))
          as host
      from analytics_events a
      where ${inRange(r)} and (a.referrer_url is not null or a.event = 'social_referral')
    ), hosts as (
      select host, count(distinct session_id)::int as n from e where host is not null
      group by host order by n desc, host limit ${r.limit ?? 10}
    ), sources as (
      select utm_source, count(distinct session_id)::int as n from e
      where event = 'social_referral' and utm_source is not null
      group by utm_source order by n desc, utm_source limit ${r.limit ?? 10}
    )
    select
      (select coalesce(json_agg(json_build_object('host', host, 'sessions', n)
          order by n desc, host), '[]'::json) from hosts) as referrers,
      (select coalesce(json_agg(json_build_object('source', utm_source, 'sessions', n)
          order by n desc, utm_source), '[]'::json) from sources) as utm_sources`;
