import type { Measurement } from './load';
import { median } from './load';
import type { describeMachine } from './machine';

export type EndpointResult = {
  name: string;
  path: string;
  status: number;
  bodyBytes: number;
  statements: number | null;
  runs: Measurement[];
  median: { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number };
};

export type ResultsReport = {
  machine: ReturnType<typeof describeMachine>;
  startedAt: Date;
  settings: { durationSeconds: number; connections: number; rounds: number };
  loadBefore: string;
  loadAfter: string;
  endpoints: EndpointResult[];
};

/** The endpoint the ratios are taken against: the simplest read, one small statement. */
const REFERENCE = 'GET /settings/health';

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const row = (cells: Array<string | number>) => `| ${cells.join(' | ')} |`;

/** Per round, `value(endpoint) / value(reference)`; the median of those. */
function ratio(
  report: ResultsReport,
  endpoint: EndpointResult,
  pick: (m: Measurement) => number,
): number | null {
  const reference = report.endpoints.find((e) => e.name === REFERENCE);
  if (!reference) return null;
  const perRound = endpoint.runs
    .map((run, i) => {
      const base = reference.runs[i];
      return base && pick(base) > 0 ? pick(run) / pick(base) : Number.NaN;
    })
    .filter((n) => Number.isFinite(n));
  return perRound.length ? median(perRound) : null;
}

/** bench/RESULTS.md from one run of bench/run.ts. */
export function renderResults(report: ResultsReport): string {
  const { machine, settings } = report;
  const failures = report.endpoints.filter(
    (e) => e.status !== 200 || e.runs.some((r) => r.failures > 0),
  );
  const lines = [
    '# Benchmark results',
    '',
    `Measured ${report.startedAt.toISOString()} by \`npm run bench\` (bench/run.ts). Rerun with:`,
    '',
    '```sh',
    `BENCH_DURATION=${settings.durationSeconds} BENCH_CONNECTIONS=${settings.connections} BENCH_ROUNDS=${settings.rounds} npm run bench`,
    '```',
    '',
    '## Machine',
    '',
    `- ${machine.cores} cores (${machine.cpuModel}), ${machine.memoryGiB} GiB memory`,
    `- Node ${machine.node}`,
    `- \`${machine.uname}\``,
    `- Load average (1 / 5 / 15 min): ${report.loadBefore} before the measured rounds, ${report.loadAfter} after`,
    '',
    'The machine is shared and noisy: other test suites and builds run beside the benchmark, and',
    'the load generator, the worker (workerd under `wrangler dev --local`), the local Neon HTTP',
    'endpoint and Postgres all share its cores. Absolute numbers are therefore low and vary from',
    'run to run; every figure below is the **median over the rounds**, and the ratios between',
    'endpoints (taken within each round, then the median) are the more stable result.',
    '',
    '## Setup',
    '',
    `- Demo shop from \`scripts/seed\` (\`seedDemo\`), fresh embedded Postgres, the worker under \`wrangler dev --local\` on loopback.`,
    `- autocannon, ${settings.connections} connections, ${settings.durationSeconds} s per endpoint per round, ${settings.rounds} round(s), endpoint order rotated each round, after a 2 s warm-up per endpoint.`,
    "- Requests/s is the median of autocannon's per-second samples; latencies are its p50 and p99.",
    '- Response size is the body of one response (without headers); statements are the `db` count of its `Server-Timing` header.',
    '',
    '## Results (medians)',
    '',
    row([
      'Endpoint',
      'Path',
      'Status',
      'Requests/s',
      'p50 ms',
      'p99 ms',
      'Body bytes',
      'Statements',
    ]),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...report.endpoints.map((e) =>
      row([
        e.name,
        `\`${e.path}\``,
        e.status,
        fmt(e.median.requestsPerSecond, 0),
        fmt(e.median.latencyP50Ms),
        fmt(e.median.latencyP99Ms),
        e.bodyBytes,
        e.statements ?? '–',
      ]),
    ),
    '',
    `## Ratios to ${REFERENCE} (same rounds, medians)`,
    '',
    row(['Endpoint', 'Requests/s ratio', 'p50 latency ratio', 'Body size ratio']),
    row(['---', '---:', '---:', '---:']),
    ...report.endpoints.map((e) => {
      const reference = report.endpoints.find((r) => r.name === REFERENCE);
      const rps = ratio(report, e, (m) => m.requestsPerSecond);
      const p50 = ratio(report, e, (m) => m.latencyP50Ms);
      const size = reference?.bodyBytes ? e.bodyBytes / reference.bodyBytes : null;
      return row([
        e.name,
        rps === null ? '–' : `${fmt(rps, 2)}×`,
        p50 === null ? '–' : `${fmt(p50, 2)}×`,
        size === null ? '–' : `${fmt(size, 2)}×`,
      ]);
    }),
    '',
    '## Every round',
    '',
    row(['Endpoint', 'Round', 'Requests/s', 'p50 ms', 'p99 ms', 'Requests', 'Non-2xx / errors']),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:']),
    ...report.endpoints.flatMap((e) =>
      e.runs.map((r, i) =>
        row([
          e.name,
          i + 1,
          fmt(r.requestsPerSecond, 0),
          fmt(r.latencyP50Ms),
          fmt(r.latencyP99Ms),
          r.requests,
          r.failures,
        ]),
      ),
    ),
    '',
  ];
  if (failures.length) {
    lines.push(
      '## Endpoints that did not answer 200',
      '',
      ...failures.map(
        (e) =>
          `- ${e.name} answered ${e.status}${e.runs.some((r) => r.failures > 0) ? ' and failed requests under load' : ''}: its numbers measure the error path, not the endpoint.`,
      ),
      '',
    );
  }
  return lines.join('\n');
}
