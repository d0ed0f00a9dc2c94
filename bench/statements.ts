/**
 * What Postgres alone spends on the statements of GET /products and GET /search: planning and
 * execution times from EXPLAIN (ANALYZE, SUMMARY), minimum and median over many runs on one
 * connection, for the demo shop of DATABASE_URL (migrated and seeded: npm run db:migrate,
 * npm run db:seed). Less noisy than the HTTP benchmark on a shared machine.
 *
 *   DATABASE_URL=postgres://... npx tsx bench/statements.ts [runs, default 40]
 */
import pg from 'pg';
import { selectProductList } from '../src/modules/products/queries/list';
import { selectSearch } from '../src/modules/search/queries';
import { capturedStatement } from './lib/captured-statement';

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return `${(sorted[0] ?? 0).toFixed(2)} | ${median.toFixed(2)}`;
};

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required');
  const runs = Number(process.argv[2] ?? 40);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const shop = await client.query<{ id: string }>(`select id from shops where handle = 'aurora'`);
    const shopId = shop.rows[0]?.id;
    if (!shopId) throw new Error('the demo shop is missing: npm run db:seed');
    const statements = {
      'GET /products': await capturedStatement((db) =>
        selectProductList(db, {
          shopId,
          page: 1,
          limit: 18,
          sort: undefined,
          categories: undefined,
          minPriceMinor: undefined,
          maxPriceMinor: undefined,
          featured: false,
          onSale: false,
          term: undefined,
        }),
      ),
      'GET /search?term=pâtisserie': await capturedStatement((db) =>
        selectSearch(db, shopId, 'pâtisserie', 1, 20),
      ),
      'GET /search?term=patiserie (a typo)': await capturedStatement((db) =>
        selectSearch(db, shopId, 'patiserie', 1, 20),
      ),
    };
    console.log(`${runs} runs each, one connection, milliseconds (min | median)\n`);
    console.log(
      '| Statement | Planning min | Planning median | Execution min | Execution median |',
    );
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [name, query] of Object.entries(statements)) {
      const planning: number[] = [];
      const execution: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await client.query(
          `explain (analyze, summary, format json) ${query.sql}`,
          query.params,
        );
        const plan = (result.rows[0] as { 'QUERY PLAN': Array<Record<string, number>> })[
          'QUERY PLAN'
        ][0];
        planning.push(plan?.['Planning Time'] ?? 0);
        execution.push(plan?.['Execution Time'] ?? 0);
      }
      console.log(`| ${name} | ${stats(planning)} | ${stats(execution)} |`);
    }
  } finally {
    await client.end();
  }
}

await main();
