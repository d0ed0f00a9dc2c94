/** bench/SCALE.md from a bench/scale.ts run. */
import type { describeMachine } from './machine';
import { type LoggedPlan, summarizeScans } from './plan-log';
import type { Read, ScaleShop } from './scale-targets';

/** A sequential scan of a table holding more rows than this fails the read. */
export const SEQ_SCAN_LIMIT = 10_000;
/** The big shop's median may be at most this many times the demo shop's. */
export const RATIO_LIMIT = 1.5;

export type ReadResult = {
  read: Read;
  path: string;
  timing: {
    p50: number[];
    statements: Array<number | null>;
    status: number[];
    code: Array<string | null>;
  };
  /** Per shop (big, demo), the plans of the statements one call sent. */
  plans: LoggedPlan[][];
};

type Input = {
  machine: ReturnType<typeof describeMachine>;
  startedAt: Date;
  reps: number;
  loadBefore: string;
  loadAfter: string;
  shops: ScaleShop[];
  /** Shops with at least one product. */
  catalogues: number;
  sizes: Array<{ table: string; rows: number; bigShop: number }>;
  tableRows: Map<string, number>;
  results: ReadResult[];
};

const MAX_PLAN_LINES = 120;

/** Sequential scans in the plans of tables over the limit, as `table (rows)`. */
function bigSeqScans(plans: LoggedPlan[], tableRows: Map<string, number>): string[] {
  const found = new Set<string>();
  for (const plan of plans) {
    for (const scan of summarizeScans(plan.plan).seqScans) {
      const rows = tableRows.get(scan.table) ?? 0;
      if (rows > SEQ_SCAN_LIMIT) found.add(`${scan.table} (${rows} rows)`);
    }
  }
  return [...found];
}

const ms = (n: number) => n.toFixed(1);
const pgMs = (plans: LoggedPlan[] | undefined) =>
  plans?.length ? plans.reduce((sum, p) => sum + p.durationMs, 0) : Number.NaN;

export function renderScale(input: Input): { text: string; summary: string; failures: number } {
  const { shops, results, tableRows } = input;
  let failures = 0;
  const rows = results.map((r) => {
    const [big = 0, demo = 0] = r.timing.p50;
    const ratio = big / Math.max(demo, 0.001);
    const seq = bigSeqScans(r.plans[0] ?? [], tableRows);
    const oneStatement = r.timing.statements.every((n) => n === 1);
    const ok = r.timing.status.every((s) => s === 200);
    const problems = [
      ratio > RATIO_LIMIT ? `ratio ${ratio.toFixed(2)} > ${RATIO_LIMIT}` : '',
      seq.length ? `SEQ SCAN of ${seq.join(', ')}` : '',
      oneStatement ? '' : 'not one statement',
      ok ? '' : `status ${r.timing.status.join('/')} ${r.timing.code.join('/')}`,
    ].filter(Boolean);
    if (problems.length) failures += 1;
    const [pgBig, pgDemo] = [pgMs(r.plans[0]), pgMs(r.plans[1])];
    return {
      line: `| ${r.read.name} | \`${r.path}\` | ${r.timing.statements.join(' / ')} | ${ms(big)} | ${ms(demo)} | ${ratio.toFixed(2)} | ${ms(pgBig)} | ${ms(pgDemo)} | ${problems.length ? `❌ ${problems.join('; ')}` : '✅'} |`,
      summary: `${r.read.name}: ${ms(big)} / ${ms(demo)} ms = ${ratio.toFixed(2)}${problems.length ? ` ❌ ${problems.join('; ')}` : ''}`,
    };
  });
  const details = results.map((r) => {
    const plans = r.plans[0] ?? [];
    const indexes = [...new Set(plans.flatMap((p) => summarizeScans(p.plan).indexes))];
    const body = plans
      .map((p) => {
        const lines = p.plan.split('\n');
        const cut =
          lines.length > MAX_PLAN_LINES
            ? [...lines.slice(0, MAX_PLAN_LINES), `… ${lines.length - MAX_PLAN_LINES} more lines`]
            : lines;
        return `Executed in ${p.durationMs} ms.\n\n\`\`\`\n${cut.join('\n')}\n\`\`\``;
      })
      .join('\n\n');
    return `### ${r.read.name}\n\n\`${r.path}\` on the big shop. Indexes: ${indexes.join(', ') || 'none'}.\n\n<details><summary>Plan (big shop)</summary>\n\n${body || 'no plan logged'}\n\n</details>`;
  });
  const m = input.machine;
  const text = `# Flat with size: the big shop against the demo shop

Measured ${input.startedAt.toISOString()} by \`npm run bench:scale\` (SCALE_REPS=${input.reps}) on
${m.cores} cores, ${m.cpuModel}, ${m.memoryGiB} GiB, Node ${m.node}. Load average before the
timing ${input.loadBefore}, after ${input.loadAfter}: the machine is shared, so compare the two shops
of this run (the ratio), not absolute numbers across runs.

Rebuild the data with \`npm run bench:scale:build\` (bench/scale-build.ts), then rerun with:

\`\`\`sh
npm run bench:scale
\`\`\`

## Data

One database (this machine's PostgreSQL 15, database \`scale\`), migrated with drizzle/ and
filled through the production tables and their triggers with set-based statements
(bench/lib/scale-sql.ts): the demo shops as \`npm run db:seed\` seeds them, the big shop, and
shops of a thousand products each.

${input.catalogues} shops have products. The two measured:

| Shop | Products |
| --- | ---: |
${shops.map((s) => `| ${s.label} | ${s.products} |`).join('\n')}

| Table | Rows in the database | Rows of the big shop |
| --- | ---: | ---: |
${input.sizes.map((s) => `| ${s.table} | ${s.rows} | ${s.bigShop} |`).join('\n')}

## How

- Timing: the worker under \`wrangler dev --local\` (the Neon HTTP stand-in before Postgres).
  Each read is called twice per shop to warm the isolate (shop and key resolution cached as
  in production), then ${input.reps} times per shop, alternating the shops, one request at a
  time (the whole sitemap 5 times). Every storefront call carries a throwaway query parameter,
  so each one misses the edge cache; merchant reads are not edge-cached. The median of the
  client-side latency is shown, and big / demo.
- Plans: \`auto_explain\` (analyze, buffers, timing) switched on for the scale database
  alone (\`alter database … set session_preload_libraries\`), the stack started again and
  each read called once per shop after a warm-up; the plans of its statements are read back
  from the server log. "Postgres ms" is auto_explain's duration of the read's statements.
  A sequential scan of a table holding more than ${SEQ_SCAN_LIMIT} rows fails the read.
- Statements: \`Server-Timing: db;desc\` of the first call (big / demo).

## Verdicts

| Read | Path (big shop) | Statements | p50 big ms | p50 demo ms | big / demo | Postgres ms big | Postgres ms demo | Verdict |
| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |
${rows.map((r) => r.line).join('\n')}

${failures ? `**${failures} read(s) fail** (ratio over ${RATIO_LIMIT}, a sequential scan of a table over ${SEQ_SCAN_LIMIT} rows, more than one statement, or an error).` : 'Every read passes.'}

## Plans on the big shop

${details.join('\n\n')}
`;
  return { text, summary: rows.map((r) => r.summary).join('\n'), failures };
}
