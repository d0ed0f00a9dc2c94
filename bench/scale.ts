/**
 * Flat with size: every storefront read and the dashboard's lists and Home report on the big
 * shop of the scale database (npm run bench:scale:build) against the demo shop in the same
 * database, through the worker under `wrangler dev` with the edge cache missed on purpose.
 *
 * 1. Timing: each read alternately on both shops, SCALE_REPS times, one request at a time;
 *    the median latency of each and their ratio (big / demo).
 * 2. Plans: auto_explain (ANALYZE, BUFFERS) switched on for the scale database only, the
 *    stack started again, each read called once more per shop; the statements' real plans
 *    come from the server log (SCALE_PG_LOG), and a sequential scan of a table over 10,000
 *    rows is flagged.
 *
 * Writes bench/SCALE.md.
 *
 *   npm run bench:scale      (SCALE_REPS=40 SCALE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/scale)
 */
import { randomUUID } from 'node:crypto';
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { startLocalStack } from '../scripts/local/stack';
import { applyMigrations } from '../scripts/migrate';
import { median } from './lib/load';
import { describeMachine, envInt, loadAverage } from './lib/machine';
import { type LoggedPlan, parsePlans } from './lib/plan-log';
import { SCALE_DATABASE_URL, SIZED_TABLES, tableSizes } from './lib/scale-db';
import { type ReadResult, renderScale } from './lib/scale-report';
import { READS, type Read, request, type ScaleShop, scaleShops } from './lib/scale-targets';
import { withCleanup } from './lib/session';
import { REPO_ROOT, startWorker } from './lib/worker';

const REPS = envInt('SCALE_REPS', 40, 1_000);
const LOG = process.env.SCALE_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const AUTO_EXPLAIN = {
  session_preload_libraries: 'auto_explain',
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on',
  'auto_explain.log_timing': 'on',
  'auto_explain.log_format': 'text',
  'auto_explain.log_nested_statements': 'off',
};

async function withClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SCALE_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The stack on the scale database (migrations already applied) and the worker before it. */
const withWorker = <T>(fn: (origin: string) => Promise<T>) =>
  withCleanup(async (register) => {
    const stack = await startLocalStack({ mode: 'dev', databaseUrl: SCALE_DATABASE_URL });
    register({ name: 'local stack', stop: stack.stop });
    const worker = await startWorker(stack.bindings);
    register({ name: 'worker', stop: worker.stop });
    return fn(worker.origin);
  });

async function call(origin: string, read: Read, shop: ScaleShop) {
  const { url, headers } = request(origin, read, shop, randomUUID().slice(0, 8));
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.text();
  const ms = performance.now() - started;
  const timing = response.headers.get('server-timing') ?? '';
  const statements = /(?:^|,\s*)db;desc="(\d+)"/.exec(timing)?.[1];
  const code = response.ok ? null : (/"code":"(\w+)"/.exec(body)?.[1] ?? String(response.status));
  return { ms, status: response.status, code, statements: statements ? Number(statements) : null };
}

type Timing = {
  p50: number[];
  statements: Array<number | null>;
  status: number[];
  code: Array<string | null>;
};

async function timeReads(origin: string, shops: ScaleShop[]): Promise<Timing[]> {
  const out: Timing[] = [];
  for (const read of READS) {
    const reps = read.name.startsWith('sitemap') ? Math.min(REPS, 5) : REPS;
    const samples = shops.map(() => [] as number[]);
    const first = [];
    for (const shop of shops) {
      first.push(await call(origin, read, shop));
      await call(origin, read, shop);
    }
    for (let i = 0; i < reps; i += 1) {
      // Alternating which shop goes first spreads the machine's drift over both.
      const order = i % 2 ? [1, 0] : [0, 1];
      for (const s of order) samples[s]?.push((await call(origin, read, shops[s] as ScaleShop)).ms);
    }
    const timing = {
      p50: samples.map((list) => median(list)),
      statements: first.map((f) => f.statements),
      status: first.map((f) => f.status),
      code: first.map((f) => f.code),
    };
    console.log(
      `${read.name}: p50 ${timing.p50.map((n) => n.toFixed(1)).join(' / ')} ms, status ${timing.status.join('/')}`,
    );
    out.push(timing);
  }
  return out;
}

/** The statements logged from `offset` on, waiting until `expected` of them are there. */
async function plansSince(
  offset: number,
  expected: number,
  bodies: Set<string>,
): Promise<LoggedPlan[]> {
  const deadline = Date.now() + 5_000;
  const read = async () => {
    const { readFile } = await import('node:fs/promises');
    const text = (await readFile(LOG)).subarray(offset).toString('utf8');
    return parsePlans(text).filter((p) => !bodies.has(p.query.trim()));
  };
  let plans = await read();
  while (plans.length < expected && Date.now() < deadline) {
    await delay(100);
    plans = await read();
  }
  return plans;
}

async function planReads(shops: ScaleShop[]): Promise<LoggedPlan[][][]> {
  const bodies = await withClient(async (client) => {
    const { rows } = await client.query<{ body: string }>(
      `select p.prosrc as body from pg_proc p join pg_language l on l.oid = p.prolang where l.lanname = 'sql'`,
    );
    const db = pg.escapeIdentifier(new URL(SCALE_DATABASE_URL).pathname.slice(1));
    for (const [name, value] of Object.entries(AUTO_EXPLAIN)) {
      await client.query(`alter database ${db} set ${name} = ${pg.escapeLiteral(value)}`);
    }
    return new Set(rows.map((r) => r.body.trim()));
  });
  try {
    return await withWorker(async (origin) => {
      const plans: LoggedPlan[][][] = [];
      for (const read of READS) {
        const perShop: LoggedPlan[][] = [];
        for (const shop of shops) {
          await call(origin, read, shop);
          const offset = (await stat(LOG)).size;
          const res = await call(origin, read, shop);
          perShop.push(await plansSince(offset, res.statements ?? 1, bodies));
        }
        console.log(`${read.name}: ${perShop.map((p) => p.length).join('/')} plan(s)`);
        plans.push(perShop);
      }
      return plans;
    });
  } finally {
    await withClient(async (client) => {
      const db = pg.escapeIdentifier(new URL(SCALE_DATABASE_URL).pathname.slice(1));
      for (const name of Object.keys(AUTO_EXPLAIN))
        await client.query(`alter database ${db} reset ${name}`);
    });
  }
}

async function main() {
  const machine = describeMachine();
  const startedAt = new Date();
  // Migrations newer than the build (read models are backfilled by theirs), then a vacuum
  // with fresh statistics, so the plans and pages read are those of a database in service.
  // Autovacuum is off on this machine's Postgres (`show autovacuum`): without the vacuum, the read
  // models the triggers keep carry the dead rows of every write of the build (once 467,163
  // for shop_card_counts' 1,002 live rows), which production's autovacuum would have removed.
  await applyMigrations(SCALE_DATABASE_URL);
  const { shops, sizes, tableRows, catalogues } = await withClient(async (client) => {
    // The schema's tables only: the shared catalogs would wait on other databases.
    const tables = await client.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
    );
    // The cron's roll of the 30-day sales windows to today (src/cron.ts), for a database
    // built or migrated on an earlier day: the Home report reads the kept window on its last day.
    await client.query(
      `select public.sales_windows_roll((now() at time zone 'UTC')::date,
        array(select shop_id from sales_windows order by shop_id))`,
    );
    await client.query(`vacuum analyze ${tables.rows.map((t) => t.name).join(', ')}`);
    const shops = await scaleShops(client);
    const counted = await client.query<{ n: number }>(
      'select count(distinct shop_id)::int as n from products',
    );
    const sizes = await tableSizes(client, shops[0].id);
    const { rows } = await client.query<{ name: string; rows: number }>(
      `select relname as name, greatest(reltuples, 0)::bigint as rows from pg_class
       where relkind in ('r', 'p') and relnamespace = 'public'::regnamespace`,
    );
    return {
      shops,
      sizes,
      catalogues: counted.rows[0]?.n ?? 0,
      tableRows: new Map(rows.map((r) => [r.name, Number(r.rows)])),
    };
  });
  console.log(`scale: ${shops.map((s) => `${s.label} ${s.products} products`).join(', ')}`);
  const loadBefore = loadAverage();
  const timings = await withWorker((origin) => timeReads(origin, shops));
  const loadAfter = loadAverage();
  const plans = await planReads(shops);
  const results: ReadResult[] = READS.map((read, i) => ({
    read,
    path: read.path(shops[0]),
    timing: timings[i] as Timing,
    plans: plans[i] ?? [],
  }));
  const report = renderScale({
    machine,
    startedAt,
    reps: REPS,
    loadBefore,
    loadAfter,
    shops,
    catalogues,
    sizes: sizes.filter((s) => (SIZED_TABLES as readonly string[]).includes(s.table)),
    tableRows,
    results,
  });
  const file = path.join(REPO_ROOT, 'bench', 'SCALE.md');
  await writeFile(file, report.text);
  console.log(report.summary);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
  if (report.failures > 0) {
    console.error(`${report.failures} read(s) not flat: see bench/SCALE.md`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
