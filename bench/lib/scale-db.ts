/**
 * The scale database: the demo shops (as `npm run db:seed` seeds them) beside one big shop
 * and many shops of a thousand products, built with set-based statements
 * (bench/lib/scale-sql.ts) through the production schema and its triggers.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase, ensureExtensions } from '../../scripts/local/embedded-postgres';
import { applyMigrations } from '../../scripts/migrate';
import { seedDemo } from '../../scripts/seed';
import { ALL_SCOPES } from '../../src/identity/merchant-scopes';
import { BATCH_TABLE, FILL } from './scale-sql';

/** The tables the build writes, analyzed after each statement (not the shared catalogs). */
const WRITTEN_TABLES = [
  'categories',
  'products',
  'product_cards',
  'product_categories',
  'media',
  'product_media',
  'product_options',
  'product_option_values',
  'product_variants',
  'customers',
  'orders',
  'order_lines',
  'reviews',
  'search_words',
];

export const SCALE_DATABASE_URL =
  process.env.SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale';

/** One shop's numbers. */
export type ShopSize = {
  products: number;
  categories: number;
  /** Every n-th product is sold in three sizes (1: all of them). */
  variantEvery: number;
  customers: number;
  orders: number;
  reviews: number;
};

export type ScalePlan = { shops: number; big: ShopSize; small: ShopSize; batch: number };

/** The storefront key of synthetic shop `n` (1 is the big one): derived, so never stored. */
export const scaleApiKey = (n: number) =>
  `sf_scale_${createHash('sha256').update(`scale-${n}`).digest('hex').slice(0, 32)}`;
/** The merchant key (all scopes) of the big shop. */
export const SCALE_MERCHANT_KEY = `sk_scale_${createHash('sha256').update('scale-merchant').digest('hex').slice(0, 32)}`;
export const BIG_SHOP_HANDLE = 'scale-1';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function createShops(client: pg.Client, count: number): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `insert into shops (handle, name)
     select 'scale-' || n, 'Scale shop ' || n from generate_series(1, $1::int) n
     returning id`,
    [count],
  );
  const ids = (
    await client.query<{ id: string; n: number }>(
      `select id, substring(handle from 7)::int as n from shops where handle like 'scale-%' order by 2`,
    )
  ).rows.map((r) => r.id);
  if (rows.length !== count) throw new Error('shops were not created');
  await client.query(
    `insert into api_keys (shop_id, key_hash, prefix)
     select id, encode(sha256(convert_to(k, 'UTF8')), 'hex'), left(k, 12)
     from (select id, 'sf_scale_' || left(encode(sha256(convert_to(handle, 'UTF8')), 'hex'), 32) as k
       from shops where handle like 'scale-%') s`,
  );
  await client.query(
    `insert into shop_settings (shop_id, document) select id, '{}'::jsonb from shops where handle like 'scale-%'`,
  );
  await client.query(
    `insert into merchant_keys (shop_id, name, prefix, key_hash, scopes) values ($1, 'scale bench', $2, $3, $4)`,
    [ids[0], SCALE_MERCHANT_KEY.slice(0, 12), sha256(SCALE_MERCHANT_KEY), ALL_SCOPES],
  );
  return ids;
}

async function fillBatch(
  client: pg.Client,
  shops: Array<{ id: string; n: number }>,
  size: ShopSize,
  log: (line: string) => void,
) {
  await client.query('begin');
  try {
    await client.query('delete from batch');
    await client.query(
      `insert into batch select id, n, $3, $4, $5, $6, $7, $8
       from unnest($1::uuid[], $2::int[]) s(id, n)`,
      [
        shops.map((s) => s.id),
        shops.map((s) => s.n),
        size.products,
        size.categories,
        size.variantEvery,
        size.customers,
        size.orders,
        size.reviews,
      ],
    );
    for (const [what, text] of FILL) {
      const started = performance.now();
      const result = await client.query(text);
      const rows = result.rowCount ?? 0;
      // Later statements' triggers plan against these tables: fresh statistics keep them
      // from taking a table of thousands of rows for an empty one.
      await client.query(`analyze ${WRITTEN_TABLES.join(', ')}`);
      log(`  ${what}: ${rows} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  }
}

/** Drops and rebuilds the scale database; returns the table sizes. */
export async function buildScaleDatabase(
  plan: ScalePlan,
  log: (line: string) => void,
): Promise<Array<{ table: string; rows: number; bigShop: number }>> {
  const url = new URL(SCALE_DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  } finally {
    await admin.end();
  }
  const databaseUrl = await ensureDatabase(server.toString(), name);
  await ensureExtensions(databaseUrl);
  await applyMigrations(databaseUrl);
  log('migrated; seeding the demo shops');
  await seedDemo(databaseUrl);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("set work_mem = '64MB'");
    // A trigger's statement over thousands of products costs enough to be compiled: 2-3 s of
    // compiling each time, more than it runs (production writes are far below the threshold).
    await client.query('set jit = off');
    await client.query(BATCH_TABLE);
    const ids = await createShops(client, plan.shops);
    const numbered = ids.map((id, i) => ({ id, n: i + 1 }));
    log(`big shop: ${JSON.stringify(plan.big)}`);
    await fillBatch(client, numbered.slice(0, 1), plan.big, log);
    for (let start = 1; start < numbered.length; start += plan.batch) {
      const shops = numbered.slice(start, start + plan.batch);
      log(`shops ${start + 1}–${start + shops.length}: ${JSON.stringify(plan.small)} each`);
      await fillBatch(client, shops, plan.small, log);
    }
    log('vacuum analyze');
    await client.query(`vacuum analyze ${WRITTEN_TABLES.join(', ')}`);
    return await tableSizes(client, ids[0] ?? '');
  } finally {
    await client.end();
  }
}

export const SIZED_TABLES = [
  'shops',
  'products',
  'product_cards',
  'product_variants',
  'product_categories',
  'product_media',
  'media',
  'categories',
  'customers',
  'orders',
  'order_lines',
  'reviews',
] as const;

/** Rows of each table, in the database and of the big shop. */
export async function tableSizes(client: pg.ClientBase, bigShopId: string) {
  const sizes = [];
  for (const table of SIZED_TABLES) {
    const column = table === 'shops' ? 'id' : 'shop_id';
    const { rows } = await client.query<{ total: number; big: number }>(
      `select count(*)::int as total, count(*) filter (where ${column} = $1)::int as big from ${table}`,
      [bigShopId],
    );
    sizes.push({ table, rows: rows[0]?.total ?? 0, bigShop: rows[0]?.big ?? 0 });
  }
  return sizes;
}
