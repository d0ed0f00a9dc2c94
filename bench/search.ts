/**
 * Search benchmark: GET /search on a shop of 50,000 products (descriptions drawn from a
 * vocabulary of 8,000 words, so the shop's dictionary is as large as a real one's), beside the
 * demo shops and a 5,000-product neighbour. Every product goes in through the catalogue
 * triggers, as any write would. For each query: latency under load with autocannon, and the
 * statement's real plan with the plans of the statements it runs inside its functions
 * (auto_explain, nested). Writes bench/SEARCH.md and stops everything it started.
 *
 *   npm run bench:search     (SEARCH_PRODUCTS=50000 SEARCH_DURATION=10 SEARCH_CONNECTIONS=10)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { seedDemo } from '../scripts/seed';
import { selectSearch } from '../src/modules/search/queries';
import { capturedStatement } from './lib/captured-statement';
import { measure, probe } from './lib/load';
import { describeMachine, envInt, loadAverage } from './lib/machine';
import { type LoggedPlan, parsePlanMessage } from './lib/plan-log';
import { renderSearch, type SearchQueryResult } from './lib/search-report';
import { startTarget, withCleanup } from './lib/session';
import { createSyntheticShop, type Scale } from './lib/synthetic';
import { vocabulary } from './lib/synthetic-data';
import { REPO_ROOT } from './lib/worker';

const settings = {
  products: envInt('SEARCH_PRODUCTS', 50_000, 200_000),
  durationSeconds: envInt('SEARCH_DURATION', 10, 60),
  connections: envInt('SEARCH_CONNECTIONS', 10, 100),
};
const WARMUP_SECONDS = 2;
const VOCABULARY = vocabulary(8_000, 7);
const scaleOf = (products: number): Scale => ({
  products,
  categories: 120,
  variants: Math.round(products * 0.4),
  reviews: Math.round(products / 10),
  contentEntries: 50,
});

/** Two letters in the middle of a word swapped: one typo. */
function swapped(word: string): string {
  const i = Math.floor(word.length / 2) - 1;
  return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
}

/** What shoppers type, over the synthetic catalogue's titles, categories, descriptions, SKUs. */
function queriesOf(skuIndex: number) {
  const rare = VOCABULARY[10] ?? 'word';
  // A word long enough for a typo, swapped into something the vocabulary does not hold.
  const typo = VOCABULARY.slice(20)
    .filter((w) => w.length >= 7)
    .map(swapped)
    .find((w) => !VOCABULARY.includes(w));
  return [
    { kind: 'one common word', term: 'linen' },
    { kind: 'two words', term: 'linen shirt' },
    { kind: 'two words, reversed', term: 'shirt linen' },
    { kind: 'three words', term: 'nordic oak table' },
    { kind: 'prefix (autocomplete)', term: 'cashm' },
    { kind: 'one typo (letter missing)', term: 'cashmre' },
    { kind: 'one typo (letters swapped)', term: 'swaeter' },
    { kind: 'category name', term: 'knitwear' },
    { kind: 'description word', term: rare },
    { kind: 'description word with a typo', term: typo ?? 'wrod' },
    { kind: 'SKU', term: `SKU-1-${skuIndex}` },
    { kind: 'last word dropped', term: 'linen shirt zebra' },
    { kind: 'no match', term: 'xqzvw' },
  ];
}

/**
 * The demo shops, a neighbour and the measured shop, written through the triggers. Statistics
 * are gathered between them, as autovacuum would have in a live database: the triggers' lookups
 * are planned once per session, and a plan made while a table looked empty would scan it.
 */
async function fill(databaseUrl: string) {
  await seedDemo(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const inTransaction = async <T>(fn: () => Promise<T>) => {
      await client.query('begin');
      const result = await fn();
      await client.query('commit');
      return result;
    };
    await client.query('analyze');
    await inTransaction(() =>
      createSyntheticShop(client, scaleOf(5_000), 2, { descriptionWords: VOCABULARY }),
    );
    await client.query('analyze');
    const started = Date.now();
    const shop = await inTransaction(() =>
      createSyntheticShop(client, scaleOf(settings.products), 1, { descriptionWords: VOCABULARY }),
    );
    const measuredMs = Date.now() - started;
    // What autovacuum leaves in a live database: no dead row versions, fresh statistics.
    await client.query('vacuum analyze');
    const count = async (query: string, shopId?: string) =>
      Number((await client.query(query, shopId ? [shopId] : [])).rows[0]?.n);
    const data = {
      products: await count('select count(*) as n from products where shop_id = $1', shop.id),
      published: await count(
        `select count(*) as n from products where shop_id = $1 and status = 'published'`,
        shop.id,
      ),
      variants: await count(
        'select count(*) as n from product_variants where shop_id = $1',
        shop.id,
      ),
      categories: await count('select count(*) as n from categories where shop_id = $1', shop.id),
      words: await count('select count(*) as n from search_words where shop_id = $1', shop.id),
      allProducts: await count('select count(*) as n from products'),
      allWords: await count('select count(*) as n from search_words'),
      fillSeconds: Math.round(measuredMs / 100) / 10,
    };
    return { shop, data };
  } finally {
    await client.end();
  }
}

/** The exact statement GET /search sends for `term`, as SQL text and parameters. */
const statementOf = (shopId: string, term: string) =>
  capturedStatement((db) => selectSearch(db, shopId, term, 1, 20), {});

const AUTO_EXPLAIN = {
  'auto_explain.log_min_duration': '0',
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on',
  'auto_explain.log_timing': 'on',
  'auto_explain.log_nested_statements': 'on',
  'auto_explain.log_format': 'text',
  client_min_messages: 'log',
};

/**
 * The plans of one run of the statement (after a warm-up run): auto_explain loaded in a
 * session of its own sends each plan to the client, the statements inside functions first.
 */
async function plansOf(databaseUrl: string, statement: { sql: string; params: unknown[] }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  const plans: LoggedPlan[] = [];
  client.on('notice', (notice) => {
    const plan = parsePlanMessage(notice.message ?? '');
    if (plan) plans.push(plan);
  });
  await client.connect();
  try {
    await client.query(`LOAD 'auto_explain'`);
    for (const [name, value] of Object.entries(AUTO_EXPLAIN)) {
      await client.query(`set ${name} = ${pg.escapeLiteral(value)}`);
    }
    await client.query(statement.sql, statement.params);
    plans.length = 0;
    await client.query(statement.sql, statement.params);
    return plans;
  } finally {
    await client.end();
  }
}

async function main() {
  const startedAt = new Date();
  console.log(`search bench: ${settings.products} products; filling (through the triggers)…`);
  const report = await withCleanup(async (register) => {
    const target = await startTarget(register, { fill });
    const { shop, data } = target.filled;
    console.log(`filled: ${JSON.stringify(data)}`);
    const headers = { 'x-api-key': shop.apiKey };
    const results: SearchQueryResult[] = [];
    const loadBefore = loadAverage();
    // The same shop's product list and the statement-free health check, for scale.
    const references = [];
    for (const path of ['/settings/health', '/products']) {
      const url = `${target.worker.origin}/access/api/v1${path}`;
      await measure(url, headers, { ...settings, durationSeconds: WARMUP_SECONDS });
      references.push({ path, run: await measure(url, headers, settings) });
    }
    for (const query of queriesOf(Math.floor(settings.products / 3))) {
      const url = `${target.worker.origin}/access/api/v1/search?term=${encodeURIComponent(query.term)}`;
      const answer = await probe(url, headers);
      const body = JSON.parse(answer.body) as {
        data?: { products: { totalDocuments: number }; categories: { totalDocuments: number } };
      };
      const plans = await plansOf(target.stack.databaseUrl, await statementOf(shop.id, query.term));
      await measure(url, headers, { ...settings, durationSeconds: WARMUP_SECONDS });
      const run = await measure(url, headers, settings);
      results.push({
        ...query,
        status: answer.status,
        statements: answer.statements,
        products: body.data?.products.totalDocuments ?? 0,
        categories: body.data?.categories.totalDocuments ?? 0,
        run,
        plans,
      });
      console.log(
        `${query.kind} "${query.term}": ${body.data?.products.totalDocuments} found, ${run.requestsPerSecond} req/s, p50 ${run.latencyP50Ms} ms, p99 ${run.latencyP99Ms} ms`,
      );
    }
    return {
      machine: describeMachine(),
      startedAt,
      settings,
      data,
      loadBefore,
      loadAfter: loadAverage(),
      references,
      results,
    };
  });
  const file = path.join(REPO_ROOT, 'bench', 'SEARCH.md');
  await writeFile(file, renderSearch(report));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
