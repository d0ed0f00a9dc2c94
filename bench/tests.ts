/**
 * How long each test tier takes here: runs the npm script of each tier named (default: unit),
 * one after another, and prints its wall time, vitest's test count and the load average around
 * it. Results and the figures of a whole CI run are in bench/TESTS.md.
 *
 *   npm run bench:tests                        # the unit tier
 *   npm run bench:tests -- unit test stack browser
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describeMachine, loadAverage } from './lib/machine';

const ROOT = path.resolve(import.meta.dirname, '..');
const SCRIPTS: Record<string, string> = {
  unit: 'test:unit',
  worker: 'test:worker',
  test: 'test',
  stack: 'test:stack',
  browser: 'test:browser',
};
const tiers = process.argv.slice(2).length ? process.argv.slice(2) : ['unit'];
const unknown = tiers.filter((t) => !SCRIPTS[t]);
if (unknown.length)
  throw new Error(`unknown tier(s) ${unknown.join(', ')}: ${Object.keys(SCRIPTS).join(', ')}`);

function run(script: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
    }
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const machine = describeMachine();
console.log(`${machine.cores} cores, ${machine.cpuModel}, Node ${machine.node}`);
console.log('| Tier | Command | Wall time | Tests | Load average before → after |');
console.log('|---|---|---|---|---|');
for (const tier of tiers) {
  const script = SCRIPTS[tier] as string;
  const before = loadAverage();
  const started = performance.now();
  const { code, output } = await run(script);
  const seconds = (performance.now() - started) / 1000;
  const plain = output.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  const tests = /^\s*Tests\s+(.+)$/m.exec(plain)?.[1]?.trim() ?? `exit ${code}`;
  console.log(
    `| ${tier} | \`npm run ${script}\` | ${(seconds / 60).toFixed(1)} min (${seconds.toFixed(0)} s) | ${tests} | ${before} → ${loadAverage()} |`,
  );
}
