/**
 * Home report benchmark: a shop with 100,000 orders over a year (two lines each; a seventh
 * unpaid, a twentieth cancelled, a fiftieth refunded, the last 10 days' still pending, about a
 * hundred asking a refund), 5,000 reviews and 2,000 webhook
 * deliveries, beside the demo shops, all generated in Postgres with set-based statements. Then
 * GET /analytics/reports/overview's one statement (src/modules/analytics/admin-overview-queries.ts)
 * is timed, whole and by figure group: wall time through the `pg` driver (median and slowest of
 * the runs) and the execution time Postgres reports (EXPLAIN ANALYZE), whose plans are printed.
 * Prints the Markdown of bench/HOME-REPORT.md and stops everything it started.
 *
 *   npm run bench:home     (HOME_ORDERS=100000 HOME_RUNS=7)
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { startLocalStack } from '../scripts/local/stack';
import { seedDemo } from '../scripts/seed';
import {
  needsActionSql,
  type OverviewScope,
  overviewSql,
  salesSql,
  topSellersSql,
} from '../src/modules/analytics/admin-overview-queries';
import { selectBestSellers } from '../src/modules/products/queries/list';
import { growCatalogue } from './lib/big-catalogue';
import { capturedStatement } from './lib/captured-statement';
import { describeMachine, envInt, loadAverage } from './lib/machine';
import { withCleanup } from './lib/session';

const settings = {
  orders: envInt('HOME_ORDERS', 100_000, 2_000_000),
  products: envInt('HOME_PRODUCTS', 20_000, 200_000),
  runs: envInt('HOME_RUNS', 7, 50),
};

/** The shop's orders, lines, reviews and webhook deliveries, each in one statement. */
async function fill(client: pg.Client, shopId: string, orders: number) {
  await client.query(
    `insert into orders (shop_id, order_number, email, name, phone, status, payment_status,
       refund_state, products_total_minor, cart_total_minor, paid_total_minor,
       refunded_total_minor, created_at)
     select $1::uuid, 'B' || g, 'buyer' || (g % 5000) || '@example.test', 'Buyer ' || g, '+1555',
       (case when g % 20 = 0 then 'cancelled' when g % 50 = 1 then 'refunded'
             when g::double precision / $2 * 365 < 10 then 'pending'
             when g % 2 = 0 then 'delivered' else 'completed' end)::order_status,
       (case when g % 20 = 0 or g % 7 = 0 then 'unpaid' else 'fully-paid' end)::payment_status,
       (case when g % 50 = 1 then 'refunded' when g % 997 = 2 then 'requested' else 'none' end)::refund_state,
       1000 + (g % 40) * 250, 1000 + (g % 40) * 250,
       case when g % 20 = 0 or g % 7 = 0 then 0 else 1000 + (g % 40) * 250 end,
       case when g % 50 = 1 then 1000 + (g % 40) * 250 when g % 31 = 4 then 500 else 0 end,
       now() - make_interval(secs => (g::double precision / $2) * 365 * 86400)
     from generate_series(1, $2::int) g`,
    [shopId, orders],
  );
  await client.query(
    `with p as (select id, title, row_number() over (order by id) - 1 as n
       from products where shop_id = $1::uuid)
     insert into order_lines (shop_id, order_id, product_id, title, quantity, unit_price_minor, total_minor)
     select $1::uuid, o.id, p.id, p.title, 1 + k, 1000, 1000 * (1 + k)
     from (select id, row_number() over (order by id) as r from orders where shop_id = $1::uuid) o
     cross join generate_series(0, 1) k
     -- The count as one value, so the join is on p.n alone (hashed).
     join p on p.n = (o.r * 7 + k * 13) % (select count(*) from products where shop_id = $1::uuid)`,
    [shopId],
  );
  await client.query(
    `insert into reviews (shop_id, product_id, order_id, rating, status)
     select distinct on (l.order_id) $1::uuid, l.product_id, l.order_id, 5,
       (case when random() < 0.1 then 'pending' else 'approved' end)::review_status
     from order_lines l where l.shop_id = $1::uuid limit 5000`,
    [shopId],
  );
  await client.query(
    `with e as (insert into webhook_endpoints (shop_id, url, events, secret)
       values ($1::uuid, 'https://hooks.example.test/x', '{order.created}', 'sealed') returning id),
     ev as (insert into webhook_events (shop_id, type, data)
       values ($1::uuid, 'order.created', '{}') returning id)
     insert into webhook_deliveries (shop_id, endpoint_id, event_id, status)
     select $1::uuid, e.id, ev.id,
       (case when g % 10 = 0 then 'failed' else 'succeeded' end)::webhook_delivery_status
     from e, ev, generate_series(1, 2000) g`,
    [shopId],
  );
  // As autovacuum would leave them: statistics current, the visibility map set (the rollup
  // tables where the schema has them).
  const tables = await client.query<{ name: string }>(
    `select t as name from unnest(array['orders', 'order_lines', 'reviews', 'webhook_deliveries',
       'product_cards', 'product_sales', 'order_days', 'order_product_days']) t
     where to_regclass(t) is not null`,
  );
  await client.query(`vacuum (analyze) ${tables.rows.map((t) => t.name).join(', ')}`);
}

const GROUPS: Record<string, (r: OverviewScope) => SQL> = {
  'whole report (one statement)': overviewSql,
  'sales: periods and the 30 days': (r) => sql`select ${salesSql(r)}`,
  'top products by sales': (r) => sql`select ${topSellersSql(r)}`,
  'needs action': (r) => sql`select ${needsActionSql(r)}`,
};

/** The storefront's best-sellers statement (first page of 18), as the endpoint sends it. */
const bestSellersQuery = (shopId: string) =>
  capturedStatement((db) => selectBestSellers(db, shopId, 1, 18));

async function time(client: pg.Client, query: { sql: string; params: unknown[] }) {
  await client.query(query.sql, query.params); // warm-up
  const times: number[] = [];
  for (let i = 0; i < settings.runs; i++) {
    const started = performance.now();
    await client.query(query.sql, query.params);
    times.push(performance.now() - started);
  }
  const plan = await client.query(`explain (analyze, format text) ${query.sql}`, query.params);
  const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
  const execution = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    max: times.at(-1) ?? 0,
    execution,
    lines,
  };
}

await withCleanup(async (register) => {
  const stack = await startLocalStack({ mode: 'test', databaseUrl: process.env.DATABASE_URL });
  register({ name: 'local stack', stop: stack.stop });
  const { demo } = await seedDemo(stack.databaseUrl);
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  register({ name: 'pg client', stop: () => client.end() });
  const started = Date.now();
  await growCatalogue(stack.databaseUrl, 'aurora', settings.products);
  await fill(client, demo.id, settings.orders);
  const fillSeconds = Math.round((Date.now() - started) / 1000);
  const counts = (
    await client.query(
      `select (select count(*) from orders where shop_id = $1) as orders,
         (select count(*) from products where shop_id = $1) as products,
         (select count(*) from product_sales where shop_id = $1) as sold,
         (select count(*) from order_lines where shop_id = $1) as lines,
         (select count(*) from orders where shop_id = $1
            and created_at >= now() - interval '60 days') as recent`,
      [demo.id],
    )
  ).rows[0] as { orders: string; products: string; sold: string; lines: string; recent: string };
  const scope: OverviewScope = {
    shopId: demo.id,
    to: new Date().toISOString().slice(0, 10),
    limit: 5,
  };
  const before = loadAverage();
  const rows: string[] = [];
  const plans: string[] = [];
  for (const [name, build] of Object.entries(GROUPS)) {
    const t = await time(client, new PgDialect().sqlToQuery(build(scope)));
    rows.push(
      `| ${name} | ${t.median.toFixed(1)} | ${t.max.toFixed(1)} | ${t.execution.toFixed(1)} |`,
    );
    plans.push(`### ${name}\n\n\`\`\`\n${t.lines.join('\n')}\n\`\`\``);
  }
  const best = await time(client, await bestSellersQuery(demo.id));
  rows.push(
    `| storefront best sellers (first page) | ${best.median.toFixed(1)} | ${best.max.toFixed(1)} | ${best.execution.toFixed(1)} |`,
  );
  const bestQuery = await bestSellersQuery(demo.id);
  const buffers = await client.query(
    `explain (analyze, buffers, format text) ${bestQuery.sql}`,
    bestQuery.params,
  );
  plans.push(
    `### storefront best sellers (EXPLAIN (ANALYZE, BUFFERS))\n\n\`\`\`\n${buffers.rows
      .map((r) => r['QUERY PLAN'] as string)
      .join('\n')}\n\`\`\``,
  );
  const after = loadAverage();
  const machine = describeMachine();
  console.log(
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}; load average ${before} before, ${after} after.`,
  );
  console.log(
    `Data: ${counts.products} products (${counts.sold} of them sold), ${counts.orders} orders (${counts.recent} in the last 60 days) and ${counts.lines} lines in one shop, generated in ${fillSeconds} s. Runs: ${settings.runs} after one warm-up.\n`,
  );
  console.log('| Statement | Median ms | Slowest ms | DB ms (EXPLAIN ANALYZE) |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const row of rows) console.log(row);
  console.log(`\n## Plans\n\n${plans.join('\n\n')}`);
});
