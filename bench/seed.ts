/**
 * How long the demo seed takes: a fresh database per round on one embedded Postgres, migrated,
 * then `seedDemo` timed alone. Prints each round and the median. The seed's test
 * (test/node/seed.test.ts) checks what it writes, not how fast.
 *
 *   npm run bench:seed                 # 5 rounds
 *   SEED_RUNS=9 npm run bench:seed
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ensureDatabase,
  ensureExtensions,
  startEmbeddedPostgres,
} from '../scripts/local/embedded-postgres';
import { applyMigrations } from '../scripts/migrate';
import { seedDemo } from '../scripts/seed/index';
import { envInt, loadAverage } from './lib/machine';

const RUNS = envInt('SEED_RUNS', 5, 50);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const dir = await mkdtemp(path.join(tmpdir(), 'bench-seed-'));
await chmod(dir, 0o755);
const postgres = await startEmbeddedPostgres({
  dataDir: path.join(dir, 'data'),
  persistent: false,
});
try {
  console.log(`load average before: ${loadAverage()}`);
  const times: number[] = [];
  for (let round = 1; round <= RUNS; round++) {
    const url = await ensureDatabase(postgres.url, `seed_bench_${round}`);
    await ensureExtensions(url);
    await applyMigrations(url);
    const started = performance.now();
    await seedDemo(url);
    const ms = performance.now() - started;
    times.push(ms);
    console.log(`round ${round}: ${(ms / 1000).toFixed(2)} s`);
  }
  console.log(`seedDemo, median of ${RUNS}: ${(median(times) / 1000).toFixed(2)} s`);
  console.log(`load average after: ${loadAverage()}`);
} finally {
  await postgres.stop();
  await rm(dir, { recursive: true, force: true });
}
