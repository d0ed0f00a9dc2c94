/**
 * Load benchmark of the catalogue read endpoints: starts the local stack with the demo
 * shop and the worker under `wrangler dev`, drives each endpoint with autocannon over
 * loopback, writes bench/RESULTS.md and stops everything it started.
 *
 *   npm run bench                 (BENCH_DURATION=10 BENCH_CONNECTIONS=10 BENCH_ROUNDS=3)
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { seedDemo } from '../scripts/seed';
import { type Endpoint, type Measurement, measure, median, probe } from './lib/load';
import { describeMachine, envInt, loadAverage } from './lib/machine';
import { type ResultsReport, renderResults } from './lib/results-report';
import { startTarget, withCleanup } from './lib/session';
import { REPO_ROOT } from './lib/worker';

const settings = {
  durationSeconds: envInt('BENCH_DURATION', 10, 60),
  connections: envInt('BENCH_CONNECTIONS', 10, 100),
  rounds: envInt('BENCH_ROUNDS', 3, 9),
};
const WARMUP_SECONDS = 2;

/** A published product of the demo shop and a word of its title to search for. */
async function pickTargets(databaseUrl: string, shopId: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string; title: string }>(
      `select slug, title from products where shop_id = $1 and status = 'published'
       order by created_at, slug limit 1`,
      [shopId],
    );
    const product = rows[0];
    const word = product?.title.split(/\s+/).find((w) => /^\p{L}{3,}$/u.test(w));
    return {
      productSlug: product?.slug ?? 'no-published-product',
      searchTerm: process.env.BENCH_SEARCH_TERM || word?.toLowerCase() || 'shirt',
    };
  } finally {
    await client.end();
  }
}

async function main() {
  const machine = describeMachine();
  const startedAt = new Date();
  console.log(
    `bench: ${settings.rounds} round(s) × ${settings.durationSeconds} s × ${settings.connections} connections per endpoint`,
  );

  const report = await withCleanup(async (register) => {
    const target = await startTarget(register, { fill: seedDemo });
    const { demo } = target.filled;
    const { productSlug, searchTerm } = await pickTargets(target.stack.databaseUrl, demo.id);
    const endpoints: Endpoint[] = [
      { name: 'GET /products', path: '/products' },
      { name: 'GET /products/:slug', path: `/products/${encodeURIComponent(productSlug)}` },
      { name: 'GET /search', path: `/search?term=${encodeURIComponent(searchTerm)}` },
      { name: 'GET /categories', path: '/categories' },
      // No statement at all (the shop is cached): what the worker and loopback cost alone.
      { name: 'GET /settings/health', path: '/settings/health' },
    ];
    const headers = { 'x-api-key': demo.apiKey };
    const url = (e: Endpoint) => `${target.worker.origin}/access/api/v1${e.path}`;

    const probes: Array<Awaited<ReturnType<typeof probe>>> = [];
    for (const endpoint of endpoints) {
      probes.push(await probe(url(endpoint), headers));
      await measure(url(endpoint), headers, { ...settings, durationSeconds: WARMUP_SECONDS });
    }
    const loadBefore = loadAverage();
    const rounds: Measurement[][] = [];
    for (let round = 0; round < settings.rounds; round += 1) {
      // Rotating the order spreads drift in the machine's load over every endpoint.
      const order = endpoints.map((_, i) => (i + round) % endpoints.length);
      const results: Measurement[] = new Array(endpoints.length);
      for (const i of order) {
        const endpoint = endpoints[i] as Endpoint;
        results[i] = await measure(url(endpoint), headers, settings);
        console.log(
          `round ${round + 1} ${endpoint.name}: ${results[i]?.requestsPerSecond} req/s, p50 ${results[i]?.latencyP50Ms} ms`,
        );
      }
      rounds.push(results);
    }
    return {
      machine,
      startedAt,
      settings,
      loadBefore,
      loadAfter: loadAverage(),
      endpoints: endpoints.map((endpoint, i) => {
        const probed = probes[i];
        const runs = rounds.map((r) => r[i] as Measurement);
        return {
          ...endpoint,
          status: probed?.status ?? 0,
          bodyBytes: probed?.bodyBytes ?? 0,
          statements: probed?.statements ?? null,
          runs,
          median: {
            requestsPerSecond: median(runs.map((r) => r.requestsPerSecond)),
            latencyP50Ms: median(runs.map((r) => r.latencyP50Ms)),
            latencyP99Ms: median(runs.map((r) => r.latencyP99Ms)),
          },
        };
      }),
    } satisfies ResultsReport;
  });

  const file = path.join(REPO_ROOT, 'bench', 'RESULTS.md');
  await writeFile(file, renderResults(report));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
