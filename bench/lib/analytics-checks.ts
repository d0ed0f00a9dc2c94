/**
 * Checks beside the analytics reports benchmark: what the rollup trigger adds to a queue
 * batch's insert, and whether each rollup-based report equals the live computation from the raw
 * events (the pre-rollup statements, test/helpers/live-reports.ts) on the generated shop.
 */
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { ReportScope } from '../../src/modules/analytics/admin-queries';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * A consumer-sized batch: 100 events of 17 sessions of the newest generated visitors (so it
 * merges into existing rollup rows, as a live shop's batches mostly do), at the current time.
 */
const BATCH_SQL = `insert into analytics_events (shop_id, event, visitor_id, session_id,
    session_start_page, metadata, referrer_url)
  select $1::uuid,
    (array['page_view','page_view','product_view','add_to_cart','social_referral'])[1 + (g % 5)],
    'v' || (g % 17), 's' || (g % 17), '/',
    case g % 5
      when 2 then jsonb_build_object('productId', 'p' || (g % 500), 'url', '/p')
      when 3 then jsonb_build_object('productId', 'p' || (g % 500), 'quantity', 2)
      when 4 then jsonb_build_object('utm_source', 'newsletter')
      else jsonb_build_object('url', '/x') end,
    case when g % 7 = 0 then 'https://t.co/x' end
  from generate_series(1, 100) g`;

/**
 * Median time of the 100-event insert with the rollup trigger and with it disabled, each run in
 * a transaction that is rolled back (the data stays as generated).
 */
export async function batchInsertCost(client: pg.Client, shopId: string, runs: number) {
  const time = async (withTrigger: boolean) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      await client.query('begin');
      if (!withTrigger) {
        await client.query('alter table analytics_events disable trigger analytics_events_rollups');
      }
      const started = performance.now();
      await client.query(BATCH_SQL, [shopId]);
      if (i > 0) times.push(performance.now() - started); // the first is a warm-up
      await client.query('rollback');
    }
    return median(times);
  };
  return { without: await time(false), with: await time(true) };
}

/**
 * Each report's rollup answer compared with the live answer for the scope, and the wall time of
 * one run of the live statement (the reports as they were before the rollups).
 */
export async function compareWithLive(
  client: pg.Client,
  scope: ReportScope,
  pairs: Record<string, readonly [(r: ReportScope) => SQL, (r: ReportScope) => SQL]>,
) {
  const run = async (query: SQL) => {
    const q = new PgDialect().sqlToQuery(query);
    const started = performance.now();
    const row = (await client.query(q.sql, q.params)).rows[0];
    return { json: JSON.stringify(row), ms: performance.now() - started };
  };
  const out: Record<string, { equal: boolean; liveMs: number }> = {};
  for (const [name, [rollup, live]] of Object.entries(pairs)) {
    const [a, b] = [await run(rollup(scope)), await run(live(scope))];
    out[name] = { equal: a.json === b.json, liveMs: b.ms };
  }
  return out;
}
