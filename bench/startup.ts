/**
 * The worker's deploy size and start-up cost, in one run:
 *   1. the bundle `wrangler deploy --dry-run` builds: each module raw and gzip, and the total;
 *   2. start-up CPU: `wrangler check startup` three times, each profile's sampled time outside
 *      `(idle)` (the command writes a CPU profile and prints no figure), and the median;
 *   3. the first request of a fresh isolate (which loads and builds the storefront) beside the
 *      median of the next 20, and its first merchant API request (which loads the merchant API),
 *      through Miniflare serving the same bundle, three isolates.
 *
 *   npm run bench:startup
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWorker, serveWorker } from '../scripts/local/worker';
import { describeMachine, loadAverage } from './lib/machine';

const ROOT = path.resolve(import.meta.dirname, '..');
const WRANGLER = path.join(ROOT, 'node_modules', 'wrangler', 'wrangler-dist', 'cli.js');
const RUNS = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

type Profile = { nodes: Array<{ id: number; callFrame: { functionName: string } }> } & {
  samples: number[];
  timeDeltas: number[];
};

/** Sampled CPU outside `(idle)`, and the profile's whole span, in ms. */
function busyMs(profile: Profile) {
  const idle = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  let busy = 0;
  let span = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    span += delta;
    if (!idle.has(id)) busy += delta;
  });
  return { busy: busy / 1000, span: span / 1000 };
}

function checkStartup(outfile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRANGLER, 'check', 'startup', '--outfile', outfile], {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(errors || `check startup exited ${code}`)),
    );
  });
}

/** Bindings that let the configuration load; the liveness route sends no statement. */
const BINDINGS = {
  DATABASE_URL: 'postgres://bench:bench@127.0.0.1:9/bench',
  KV_STORE: 'memory',
  RESEND_API_KEY: 're_bench',
  AUTH_TOKEN_KEYS: `bench:${'k'.repeat(32)}`,
  APP_HMAC_SECRET: 'h'.repeat(32),
  DASHBOARD_ORIGIN: 'http://127.0.0.1',
};

async function timedGet(url: string, expected = 200) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== expected) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

type Built = Awaited<ReturnType<typeof buildWorker>>;

async function bundleTable(built: Built) {
  console.log('## Bundle\n\n| module | raw | gzip |\n|---|---|---|');
  let raw = 0;
  let gzip = 0;
  for (const module of built.modules) {
    const bytes = await readFile(path.join(built.dir, module.path));
    const packed = gzipSync(bytes, { level: 9 }).byteLength;
    raw += bytes.byteLength;
    gzip += packed;
    console.log(`| ${module.path} (${module.type}) | ${kib(bytes.byteLength)} | ${kib(packed)} |`);
  }
  console.log(`| **all modules** | ${kib(raw)} | **${kib(gzip)}** |`);
}

async function startupTable(work: string) {
  console.log(
    '\n## Start-up CPU (`wrangler check startup`)\n\n| run | busy ms | span ms |\n|---|---|---|',
  );
  const busy: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const outfile = path.join(work, `startup-${run}.cpuprofile`);
    await checkStartup(outfile);
    const figures = busyMs(JSON.parse(await readFile(outfile, 'utf8')) as Profile);
    busy.push(figures.busy);
    console.log(`| ${run} | ${figures.busy.toFixed(1)} | ${figures.span.toFixed(1)} |`);
  }
  console.log(`| **median** | **${median(busy).toFixed(1)}** | |`);
}

/**
 * Per fresh isolate: its first storefront request (GET /livez), the median of the next 20,
 * then its first merchant API request (GET /admin/api/v1/keys without a key: 401), which
 * loads the merchant API.
 */
async function firstRequestTable(built: Built) {
  console.log('\n## First requests of a fresh isolate (Miniflare)\n');
  console.log(
    '| isolate | first storefront request ms | next 20 (median) ms | first merchant API request ms |',
  );
  console.log('|---|---|---|---|');
  const firsts: number[] = [];
  const admins: number[] = [];
  for (let run = 1; run <= RUNS; run += 1) {
    const served = await serveWorker({ built, bindings: BINDINGS });
    try {
      const url = `${served.origin}/access/api/v1/livez`;
      const first = await timedGet(url);
      const next: number[] = [];
      for (let i = 0; i < 20; i += 1) next.push(await timedGet(url));
      const admin = await timedGet(`${served.origin}/admin/api/v1/keys`, 401);
      firsts.push(first);
      admins.push(admin);
      console.log(
        `| ${run} | ${first.toFixed(1)} | ${median(next).toFixed(1)} | ${admin.toFixed(1)} |`,
      );
    } finally {
      await served.stop();
    }
  }
  console.log(
    `| **median** | **${median(firsts).toFixed(1)}** | | **${median(admins).toFixed(1)}** |`,
  );
}

async function main() {
  // Miniflare would otherwise try to download Cloudflare's `Request.cf` placeholder.
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  const work = await mkdtemp(path.join(tmpdir(), 'bench-startup-'));
  try {
    const built = await buildWorker(path.join(work, 'bundle'));
    const machine = describeMachine();
    console.log(
      `# Start-up and size\n\n${machine.cores} cores (${machine.cpuModel}), node ${machine.node}, load ${machine.loadAverage}\n`,
    );
    await bundleTable(built);
    await startupTable(work);
    await firstRequestTable(built);
    console.log(`\nload average at the end: ${loadAverage()}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

await main();
