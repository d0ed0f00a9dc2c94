/**
 * Analytics reports benchmark: a shop with 1,000,000 visitor events over 90 days (beside the
 * demo shops), inserted in one statement (the rollup trigger builds the rollups as it goes),
 * then each merchant report's one statement run against it for a 7-, 30- and 90-day range:
 * wall time through the `pg` driver (median and slowest of the runs) and the execution time
 * Postgres reports (EXPLAIN ANALYZE). Also checks each report against the live computation from
 * the raw events, and times a queue batch's insert with and without the rollup trigger. Prints
 * the Markdown table of bench/ANALYTICS.md and stops everything it started.
 *
 *   npm run bench:analytics     (ANALYTICS_EVENTS=1000000 ANALYTICS_RUNS=5)
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startLocalStack } from '../scripts/local/stack';
import { seedDemo } from '../scripts/seed';
import {
  funnelSql,
  type ReportScope,
  referrersSql,
  topProductsSql,
  trafficSql,
} from '../src/modules/analytics/admin-queries';
import {
  liveFunnelSql,
  liveReferrersSql,
  liveTopProductsSql,
  liveTrafficSql,
} from '../test/helpers/live-reports';
import { batchInsertCost, compareWithLive } from './lib/analytics-checks';
import { describeMachine, envInt, loadAverage } from './lib/machine';
import { withCleanup } from './lib/session';

const settings = {
  events: envInt('ANALYTICS_EVENTS', 1_000_000, 5_000_000),
  runs: envInt('ANALYTICS_RUNS', 5, 50),
};
const DAYS = 90;

/**
 * The shop's events, generated in Postgres: about 6 events a session, 1.6 sessions a
 * visitor, 500 products, a tenth of sessions referred, a twentieth tagged with a UTM source.
 */
async function fill(client: pg.Client, shopId: string, events: number) {
  await client.query(
    `insert into analytics_events (shop_id, event, visitor_id, session_id, session_start_page,
       metadata, referrer_url, created_at)
     select $1::uuid,
       (array['page_view','page_view','page_view','product_view','product_view','add_to_cart',
              'begin_checkout','complete_checkout','search','social_referral'])[1 + (g % 10)],
       'v' || ((g / 6) % ($2::int / 10)),
       's' || (g / 6),
       '/',
       case g % 10
         when 3 then jsonb_build_object('productId', 'p' || (g * 7 % 500), 'url', '/p')
         when 4 then jsonb_build_object('productId', 'p' || (g * 13 % 500), 'url', '/p')
         when 5 then jsonb_build_object('productId', 'p' || (g * 7 % 500), 'quantity', 1 + g % 3)
         when 9 then jsonb_build_object('utm_source', (array['instagram','newsletter','tiktok'])[1 + (g / 10) % 3])
         else '{}'::jsonb end,
       case when (g / 6) % 10 = 0 then 'https://' || (array['google.com','t.co','bing.com','duckduckgo.com'])[1 + (g / 60) % 4] || '/x' end,
       now() - make_interval(secs => (g::double precision / $2) * ${DAYS} * 86400)
     from generate_series(1, $2::int) g`,
    [shopId, events],
  );
  await client.query('analyze analytics_events, analytics_session_days, analytics_product_days');
}

const REPORTS = {
  traffic: trafficSql,
  'top products': topProductsSql,
  funnel: funnelSql,
  referrers: referrersSql,
} as const;

const LIVE = {
  traffic: [trafficSql, liveTrafficSql],
  'top products': [topProductsSql, liveTopProductsSql],
  funnel: [funnelSql, liveFunnelSql],
  referrers: [referrersSql, liveReferrersSql],
} as const;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function timeReport(
  client: pg.Client,
  scope: ReportScope,
  build: (r: ReportScope) => unknown,
) {
  const query = new PgDialect().sqlToQuery(build(scope) as never);
  await client.query(query.sql, query.params); // warm-up
  const times: number[] = [];
  for (let i = 0; i < settings.runs; i++) {
    const started = performance.now();
    await client.query(query.sql, query.params);
    times.push(performance.now() - started);
  }
  const plan = await client.query(`explain (analyze, format json) ${query.sql}`, query.params);
  const execution = (plan.rows[0]['QUERY PLAN'][0]['Execution Time'] as number) ?? 0;
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? 0, max: times.at(-1) ?? 0, execution };
}

/** Every report for 7, 30 and 90 days: table rows, and the reports that differ from live. */
async function measureReports(client: pg.Client, shopId: string) {
  const rows: string[] = [];
  const differing: string[] = [];
  for (const days of [7, 30, 90]) {
    const scope = {
      shopId,
      from: dayOf(Date.now() - (days - 1) * 86_400_000),
      to: dayOf(Date.now()),
      limit: 10,
    };
    const live = await compareWithLive(client, scope, LIVE);
    for (const [name, build] of Object.entries(REPORTS)) {
      const t = await timeReport(client, scope, build);
      const check = live[name];
      if (!check?.equal) differing.push(`${name} (${days} days)`);
      rows.push(
        `| ${name} | ${days} days | ${t.median.toFixed(0)} | ${t.max.toFixed(0)} | ${t.execution.toFixed(0)} | 1 | ${check?.liveMs.toFixed(0)} |`,
      );
    }
  }
  return { rows, differing };
}

const rollupRows = async (client: pg.Client) =>
  (
    await client.query(
      `select (select count(*) from analytics_session_days) as session_days,
        (select count(*) from analytics_product_days) as product_days`,
    )
  ).rows[0] as { session_days: string; product_days: string };

await withCleanup(async (register) => {
  const stack = await startLocalStack({ mode: 'test', databaseUrl: process.env.DATABASE_URL });
  register({ name: 'local stack', stop: stack.stop });
  const { demo } = await seedDemo(stack.databaseUrl);
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  register({ name: 'pg client', stop: () => client.end() });
  const started = Date.now();
  await fill(client, demo.id, settings.events);
  const fillSeconds = Math.round((Date.now() - started) / 1000);
  const before = loadAverage();
  const { rows, differing } = await measureReports(client, demo.id);
  const after = loadAverage();
  const batch = await batchInsertCost(client, demo.id, settings.runs * 4);
  const counts = await rollupRows(client);
  const machine = describeMachine();
  console.log(
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}; load average ${before} before, ${after} after the reports.`,
  );
  console.log(
    `Data: ${settings.events} events over ${DAYS} days in one shop, generated in ${fillSeconds} s (one statement, rollups built by the trigger); rollup rows: ${counts.session_days} session-days, ${counts.product_days} product-days.`,
  );
  console.log(
    `Reports equal to the live computation from the raw events: ${differing.length === 0 ? 'all' : `NOT ${differing.join(', ')}`}.`,
  );
  console.log(
    `A 100-event queue batch insert (median of ${settings.runs * 4}): ${batch.without.toFixed(1)} ms without the rollup trigger, ${batch.with.toFixed(1)} ms with it.`,
  );
  console.log(`Runs per report: ${settings.runs} after one warm-up.\n`);
  console.log(
    '| Report | Range | Median ms | Slowest ms | DB ms (EXPLAIN ANALYZE) | Statements | Live from raw events, ms (one run) |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
});
