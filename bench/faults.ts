/**
 * The fault suite's figures, measured: runs test/node/faults/faults.test.ts (the built worker on
 * the local stack, Postgres and Redis stopped, hanging and stalled) and
 * test/node/faults/merchant-keys.test.ts (a key revoked on one isolate, refused on the others)
 * FAULT_RUNS times, reads the table each file prints, and prints it once more with every time
 * replaced by its median over the runs. The suites assert the answers (503 with Retry-After,
 * nothing written twice, the revocation arriving), never how long they took: a busy machine
 * decides that, so the times are these figures.
 *
 *   npm run bench:faults               # 3 runs
 *   FAULT_RUNS=1 npm run bench:faults
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { envInt, loadAverage } from './lib/machine';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = envInt('FAULT_RUNS', 3, 20);
const FILES = ['test/node/faults/faults.test.ts', 'test/node/faults/merchant-keys.test.ts'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One run of a suite's file: its table rows, `scenario | figure`, in order. */
function runSuite(file: string): Promise<Array<[string, string]>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'stack', file],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${file} failed (exit ${code}):\n${output}`));
      const rows = output
        .split('\n')
        .map((line) => /^\| (.+?) \| (.+) \|$/.exec(line.trim()))
        .filter((m): m is RegExpExecArray => !!m && m[1] !== 'Scenario' && m[1] !== '---')
        .map((m): [string, string] => [m[1] ?? '', m[2] ?? '']);
      resolve(rows);
    });
  });
}

console.log(`load average before: ${loadAverage()}`);
const runs: Array<Array<[string, string]>> = [];
for (let run = 1; run <= RUNS; run++) {
  const started = performance.now();
  const rows: Array<[string, string]> = [];
  for (const file of FILES) rows.push(...(await runSuite(file)));
  runs.push(rows);
  console.log(`run ${run}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}
// Each row's times ("1.23 s"), position by position, replaced by their median over the runs.
const seconds = /(\d+\.\d+) s\b/g;
const first = runs[0] ?? [];
const rows = first.map(([scenario, figure], i) => {
  const columns = runs.map((rows) =>
    [...(rows[i]?.[1] ?? '').matchAll(seconds)].map((m) => Number(m[1])),
  );
  let position = 0;
  const merged = figure.replace(seconds, () => {
    const values = columns
      .map((times) => times[position])
      .filter((t): t is number => t !== undefined);
    position++;
    return `${median(values).toFixed(2)} s`;
  });
  return `| ${scenario} | ${merged} |`;
});
console.log(
  ['', `Medians of ${RUNS} run(s):`, '', '| Scenario | Measured |', '|---|---|', ...rows, ''].join(
    '\n',
  ),
);
console.log(`load average after: ${loadAverage()}`);
