import { LARGE_TABLE_ROWS } from './explain-report';
import type { Measurement } from './load';
import type { describeMachine } from './machine';
import { type LoggedPlan, summarizeScans } from './plan-log';

export type SearchQueryResult = {
  kind: string;
  term: string;
  status: number;
  statements: number | null;
  /** Matches in each section of the answer (totalDocuments). */
  products: number;
  categories: number;
  run: Measurement;
  /** The statements inside the search functions first, the request's statement last. */
  plans: LoggedPlan[];
};

export type SearchReport = {
  machine: ReturnType<typeof describeMachine>;
  startedAt: Date;
  settings: { products: number; durationSeconds: number; connections: number };
  data: {
    products: number;
    published: number;
    variants: number;
    categories: number;
    words: number;
    allProducts: number;
    allWords: number;
    fillSeconds: number;
  };
  loadBefore: string;
  loadAfter: string;
  /** Other endpoints of the same shop under the same load, for scale. */
  references: Array<{ path: string; run: Measurement }>;
  results: SearchQueryResult[];
};

const FENCE = '```';
const fence = (lang: string, text: string) => [`${FENCE}${lang}`, text, FENCE];
const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** The request's statement: the last plan logged. */
const topPlan = (r: SearchQueryResult) => r.plans.at(-1);

/**
 * The plans worth reading: the statements inside the functions that read a table, each once
 * (a word's lookups repeat for every word), then the request's statement.
 */
function shownPlans(r: SearchQueryResult): LoggedPlan[] {
  const top = topPlan(r);
  const seen = new Set<string>();
  const inside = r.plans.slice(0, -1).filter((plan) => {
    const scans = summarizeScans(plan.plan);
    const readsTable = scans.indexes.length > 0 || scans.seqScans.length > 0;
    if (!readsTable || seen.has(plan.query)) return false;
    seen.add(plan.query);
    return true;
  });
  return top ? [...inside, top] : inside;
}

/** Whether every plan of a query reads its large tables through indexes. */
function verdict(r: SearchQueryResult, rows: Map<string, number>): string {
  const scans = r.plans.map((p) => summarizeScans(p.plan));
  const indexes = [...new Set(scans.flatMap((s) => s.indexes))];
  const large = scans
    .flatMap((s) => s.seqScans)
    .filter((s) => (rows.get(s.table) ?? LARGE_TABLE_ROWS) >= LARGE_TABLE_ROWS);
  if (large.length) {
    return `⚠️ sequential scan of ${[...new Set(large.map((s) => s.table))].join(', ')}`;
  }
  return indexes.length ? `✅ ${indexes.join(', ')}` : '✅ no table read';
}

/** bench/SEARCH.md from one run of bench/search.ts. */
export function renderSearch(report: SearchReport): string {
  const { machine, settings, data } = report;
  const rows = new Map([
    ['products', data.allProducts],
    ['search_words', data.allWords],
    ['categories', data.categories],
    ['product_variants', data.variants],
  ]);
  const p50s = report.results.map((r) => r.run.latencyP50Ms);
  const p99s = report.results.map((r) => r.run.latencyP99Ms);
  const lines = [
    '# Search on 50,000 products',
    '',
    `Measured ${report.startedAt.toISOString()} by \`npm run bench:search\` (bench/search.ts). Rerun with:`,
    '',
    ...fence(
      'sh',
      `SEARCH_PRODUCTS=${settings.products} SEARCH_DURATION=${settings.durationSeconds} SEARCH_CONNECTIONS=${settings.connections} npm run bench:search`,
    ),
    '',
    `Machine: ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB, Node ${machine.node}; load average ${report.loadBefore} before the measured runs, ${report.loadAfter} after. The machine is shared: the load generator, the worker (\`wrangler dev --local\`), the local Neon HTTP endpoint and Postgres share its two cores with other work, so absolute figures are pessimistic; compare them with the reference endpoints below, measured the same way on the same shop.`,
    '',
    '## Data',
    '',
    `- The measured shop: ${data.products} products (${data.published} published), ${data.variants} variants, ${data.categories} categories three levels deep; titles from a small word list, descriptions with 8 to 24 words drawn from 8,000 made-up ones, so its dictionary holds ${data.words} words.`,
    `- Beside it: the two demo shops and a 5,000-product neighbour (${data.allProducts} products and ${data.allWords} dictionary words in the database).`,
    `- Every row went in through the catalogue triggers (bulk inserts of 5,000 rows): the measured shop took ${data.fillSeconds} s, documents and dictionary included. Then \`VACUUM ANALYZE\`, as autovacuum would leave it.`,
    '',
    '## Reference endpoints (same shop, same load settings)',
    '',
    row(['Endpoint', 'Req/s', 'p50 ms', 'p99 ms']),
    row(['---', '---:', '---:', '---:']),
    ...report.references.map((r) =>
      row([`GET ${r.path}`, r.run.requestsPerSecond, r.run.latencyP50Ms, r.run.latencyP99Ms]),
    ),
    '',
    '## Latency and throughput of GET /search',
    '',
    `autocannon, ${settings.connections} connections, ${settings.durationSeconds} s per query after a 2 s warm-up; req/s is the median of its per-second samples. "DB ms" is the statement's execution time in the plan below (with \`EXPLAIN ANALYZE\` instrumentation, so a little slower than under load).`,
    '',
    row([
      'Query',
      'Term',
      'Products found',
      'Categories found',
      'Req/s',
      'p50 ms',
      'p99 ms',
      'DB ms',
      'Statements',
    ]),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...report.results.map((r) =>
      row([
        r.kind,
        `\`${r.term}\``,
        r.products,
        r.categories,
        r.run.requestsPerSecond,
        r.run.latencyP50Ms,
        r.run.latencyP99Ms,
        topPlan(r)?.durationMs.toFixed(1) ?? '–',
        r.statements ?? '–',
      ]),
    ),
    '',
    `Over the ${report.results.length} queries: median p50 ${median(p50s)} ms, worst p50 ${Math.max(...p50s)} ms, median p99 ${median(p99s)} ms, worst p99 ${Math.max(...p99s)} ms. Requests that failed or answered other than 200: ${report.results.reduce((n, r) => n + r.run.failures, 0)}.`,
    '',
    '## Plans',
    '',
    `Each query's statement ran once to warm up, then once more in a session with \`auto_explain\` (analyze, buffers, nested statements) sending its plans to the client. The request's statement comes last; before it, the statements inside the search functions that read a table (the term compiled against the dictionary), each shown once. The verdicts cover every plan logged. A sequential scan of a table of ${LARGE_TABLE_ROWS} rows or more would be flagged.`,
    '',
    row(['Query', 'Verdict (indexes used)']),
    row(['---', '---']),
    ...report.results.map((r) => row([`${r.kind} \`${r.term}\``, verdict(r, rows)])),
    '',
  ];
  for (const r of report.results) {
    lines.push(`### ${r.kind}: \`${r.term}\``, '');
    shownPlans(r).forEach((plan, i, shown) => {
      const top = i === shown.length - 1;
      lines.push(
        `${top ? 'The request’s statement' : 'Inside the functions'}, ${plan.durationMs} ms:`,
        '',
      );
      if (top)
        lines.push(
          '<details><summary>SQL</summary>',
          '',
          ...fence('sql', plan.query.trim()),
          '',
          '</details>',
          '',
        );
      else lines.push(...fence('sql', plan.query.trim()), '');
      lines.push(...fence('text', plan.plan), '');
    });
  }
  return lines.join('\n');
}
