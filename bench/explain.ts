/**
 * Real plans of the statements the catalogue and content endpoints send, on a catalogue
 * ten times the demo's size among other shops of that size, captured with auto_explain.
 * Writes bench/EXPLAIN.md and stops everything it started.
 *
 *   npx tsx bench/explain.ts          (EXPLAIN_OTHER_SHOPS=9)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { seedDemo } from '../scripts/seed';
import { type ExplainedEndpoint, renderExplain } from './lib/explain-report';
import { probe } from './lib/load';
import { type LoggedPostgres, startLoggedPostgres } from './lib/logged-postgres';
import { describeMachine, envInt } from './lib/machine';
import { parsePlans } from './lib/plan-log';
import { startTarget, withCleanup } from './lib/session';
import { createSyntheticShop, type Scale, type SyntheticShop } from './lib/synthetic';
import { REPO_ROOT } from './lib/worker';

const OTHER_SHOPS = envInt('EXPLAIN_OTHER_SHOPS', 9, 30);
/** Floors for the ten-fold scale, should the demo shop lack some kind of row. */
const MINIMUM: Scale = {
  products: 600,
  categories: 60,
  variants: 1_500,
  reviews: 2_000,
  contentEntries: 300,
};
const AUTO_EXPLAIN = {
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on',
  'auto_explain.log_timing': 'on',
  'auto_explain.log_format': 'text',
  'auto_explain.log_nested_statements': 'off',
};
const TABLES = [
  'products',
  'categories',
  'product_categories',
  'product_media',
  'product_options',
  'product_option_values',
  'product_variants',
  'media',
  'orders',
  'order_lines',
  'reviews',
  'content_models',
  'content_entries',
];

async function countShop(client: pg.Client, shopId: string): Promise<Scale> {
  const count = async (table: string) =>
    Number(
      (await client.query(`select count(*) as n from ${table} where shop_id = $1`, [shopId]))
        .rows[0]?.n,
    );
  return {
    products: await count('products'),
    categories: await count('categories'),
    variants: await count('product_variants'),
    reviews: await count('reviews'),
    contentEntries: await count('content_entries'),
  };
}

/** The demo shops, the measured shop and its neighbours, analysed, with auto_explain on. */
async function fill(databaseUrl: string) {
  const seeded = await seedDemo(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const demo = await countShop(client, seeded.demo.id);
    const scale = Object.fromEntries(
      Object.entries(demo).map(([kind, n]) => [
        kind,
        Math.max(n * 10, MINIMUM[kind as keyof Scale]),
      ]),
    ) as Scale;
    await client.query('begin');
    const shop = await createSyntheticShop(client, scale, 1);
    for (let i = 0; i < OTHER_SHOPS; i += 1) await createSyntheticShop(client, scale, 2 + i);
    await client.query('commit');
    await client.query('analyze');
    const tables = [];
    for (const table of TABLES) {
      const { rows } = await client.query(
        `select count(*) as total, count(*) filter (where shop_id = $1) as shop from ${table}`,
        [shop.id],
      );
      tables.push({ table, total: Number(rows[0]?.total), shop: Number(rows[0]?.shop) });
    }
    // The planner runs the bodies of SQL functions (f_unaccent, search_terms, …) while it
    // folds constants, and auto_explain logs them too; they are told apart by their text.
    const bodies = await client.query<{ body: string }>(
      `select p.prosrc as body from pg_proc p join pg_language l on l.oid = p.prolang
       where l.lanname = 'sql'`,
    );
    const functionBodies = new Set(bodies.rows.map((r) => r.body.trim()));
    const { rows } = await client.query<{ db: string }>('select current_database() as db');
    const database = pg.escapeIdentifier(rows[0]?.db ?? '');
    for (const [name, value] of Object.entries(AUTO_EXPLAIN)) {
      await client.query(`alter database ${database} set ${name} = ${pg.escapeLiteral(value)}`);
    }
    return { demo, scale, shop, tables, functionBodies };
  } finally {
    await client.end();
  }
}

const endpointsOf = (shop: SyntheticShop) => [
  { name: 'GET /products', path: '/products' },
  { name: 'GET /products (category)', path: `/products?categories=${shop.topCategorySlug}` },
  { name: 'GET /products (term)', path: `/products?term=${shop.searchTerm}` },
  { name: 'GET /products (featured)', path: '/products?featured=true' },
  { name: 'GET /products (on sale)', path: '/products?onSale=true' },
  { name: 'GET /products (A-Z, page 5)', path: '/products?sort=A-Z&page=5' },
  { name: 'GET /products/:slug', path: `/products/${shop.productSlug}` },
  {
    name: 'GET /products/variants',
    path: `/products/variants?productId=${shop.variantProductSlug}`,
  },
  { name: 'GET /search', path: `/search?term=${shop.searchTerm}` },
  { name: 'GET /categories', path: '/categories' },
  { name: 'GET /categories (term)', path: `/categories?term=${shop.categoryTerm}` },
  { name: 'GET /categories (parent)', path: `/categories?parent=${shop.topCategoryId}` },
  { name: 'GET /categories/:id', path: `/categories/${shop.topCategorySlug}` },
  { name: 'GET /content/:model (collection)', path: `/content/${shop.collectionSlug}` },
  { name: 'GET /content/:model (page 10)', path: `/content/${shop.collectionSlug}?page=10` },
  { name: 'GET /content/:model (singleton)', path: `/content/${shop.singletonSlug}` },
  { name: 'GET /content/:model/:entryId', path: `/content/${shop.collectionSlug}/${shop.entryId}` },
];

/**
 * The statements' plans logged from `offset` on (function bodies left out), waiting
 * briefly until `expected` of them are there.
 */
async function plansSince(
  server: LoggedPostgres,
  offset: number,
  expected: number,
  functionBodies: Set<string>,
) {
  const deadline = Date.now() + 3_000;
  const read = async () =>
    parsePlans((await server.readLog(offset)).text).filter(
      (plan) => !functionBodies.has(plan.query.trim()),
    );
  let plans = await read();
  while (plans.length < expected && Date.now() < deadline) {
    await delay(100);
    plans = await read();
  }
  return plans;
}

async function main() {
  const startedAt = new Date();
  const report = await withCleanup(async (register) => {
    const server = await startLoggedPostgres();
    register({ name: 'postgres', stop: server.stop });
    const target = await startTarget(register, { databaseUrl: server.url, fill });
    const { demo, scale, shop, tables, functionBodies } = target.filled;
    console.log(`explain: ${OTHER_SHOPS + 1} shops of ${scale.products} products; measuring`);
    const headers = { 'x-api-key': shop.apiKey };
    const endpoints: ExplainedEndpoint[] = [];
    for (const endpoint of endpointsOf(shop)) {
      const url = `${target.worker.origin}/access/api/v1${endpoint.path}`;
      await probe(url, headers);
      const offset = await server.logSize();
      const res = await probe(url, headers);
      const plans = await plansSince(server, offset, res.statements ?? 1, functionBodies);
      const code = res.status === 200 ? null : (/"code":"(\w+)"/.exec(res.body)?.[1] ?? null);
      endpoints.push({ ...endpoint, status: res.status, code, statements: res.statements, plans });
      console.log(`${endpoint.name}: ${res.status}, ${plans.length} plan(s)`);
    }
    return {
      machine: describeMachine(),
      startedAt,
      demo,
      scale,
      shops: OTHER_SHOPS + 1,
      tables,
      endpoints,
    };
  });
  const file = path.join(REPO_ROOT, 'bench', 'EXPLAIN.md');
  await writeFile(file, renderExplain(report));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
