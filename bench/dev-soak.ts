/**
 * Memory of `npm run dev` under a long load: starts it as a developer does, sends a bounded
 * number of requests (a mix a theme sends) to the loopback address it serves on, and reports
 * the resident memory of each of its processes before, right after, and after a rest.
 *
 *   npx tsx bench/dev-soak.ts                 # 50,000 requests through `npm run dev`
 *   npx tsx bench/dev-soak.ts --wrangler      # the same load through `wrangler dev`, for comparison
 *   SOAK_REQUESTS=20000 SOAK_CONNECTIONS=10 npx tsx bench/dev-soak.ts
 *
 * Results are printed as a Markdown table (bench/DEV-SOAK.md records a run).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import { findFreePort } from '../scripts/local/net';
import { startLocalStack } from '../scripts/local/stack';
import { seedDemo } from '../scripts/seed';
import { DEMO_API_KEY } from '../scripts/seed/keys';
import { describeMachine, envInt } from './lib/machine';
import { REPO_ROOT, startWorker } from './lib/worker';

const REQUESTS = envInt('SOAK_REQUESTS', 50_000, 1_000_000);
const CONNECTIONS = envInt('SOAK_CONNECTIONS', 10, 100);
const REST_SECONDS = envInt('SOAK_REST_SECONDS', 30, 600);
const WRANGLER = process.argv.includes('--wrangler');

/** What a theme asks for most: health, a product page, a product, the categories. */
const PATHS = [
  '/access/api/v1/settings/health',
  '/access/api/v1/products?limit=18',
  '/access/api/v1/products/linen-wrap-dress',
  '/access/api/v1/categories?limit=20',
];

type Proc = { pid: number; ppid: number; rss: number; args: string };

function processes(): Proc[] {
  return execFileSync('ps', ['-eo', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid = '0', ppid = '0', rss = '0', ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), rss: Number(rss), args: args.join(' ') };
    });
}

/** `root` and every process below it. */
function tree(root: number): Proc[] {
  const all = processes();
  const found: Proc[] = [];
  const visit = (pid: number) => {
    for (const p of all.filter((q) => q.ppid === pid)) {
      found.push(p);
      visit(p.pid);
    }
  };
  const self = all.find((p) => p.pid === root);
  if (self) found.push(self);
  visit(root);
  return found;
}

/** A short name for each process of the tree, so runs can be compared row by row. */
function role(p: Proc): string {
  if (p.args.includes('workerd')) {
    const entry = /--socket-addr=entry=127\.0\.0\.1:(\d+)/.exec(p.args)?.[1];
    return entry && entry !== '0'
      ? 'workerd (serving the port)'
      : 'workerd (worker behind the proxy)';
  }
  if (p.args.includes('postgres'))
    return p.args.includes(' -D ') ? 'postgres (postmaster)' : 'postgres (backends)';
  if (p.args.includes('esbuild')) return 'esbuild service';
  if (p.args.includes('scripts/dev/server.ts'))
    return 'node: dev server (stack, stand-ins, Miniflare)';
  if (p.args.includes('scripts/dev.ts')) return 'node: supervisor (scripts/dev.ts)';
  if (p.args.includes('wrangler')) return 'node: wrangler dev';
  return p.args.split(' ')[0] ?? '?';
}

function snapshot(root: number): Map<string, number> {
  const sums = new Map<string, number>();
  for (const p of tree(root)) sums.set(role(p), (sums.get(role(p)) ?? 0) + p.rss);
  return sums;
}

async function load(origin: string, amount: number) {
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    amount,
    timeout: 30,
    headers: { 'x-api-key': DEMO_API_KEY },
    requests: PATHS.map((p) => ({ method: 'GET', path: p })),
  });
  return {
    requests: result.requests.total ?? 0,
    seconds: result.duration,
    failures: result.non2xx + result.errors + result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** `npm run dev` (node --import tsx scripts/dev.ts) in a data dir of its own. */
async function startDev(dataDir: string) {
  const port = await findFreePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DEV_DATA_DIR: dataDir,
      PORT: String(port),
      MAIL_PORT: String(await findFreePort()),
      DATABASE_URL: '',
      REDIS_URL: '',
      // Edits under src/ during the run must not swap the worker being measured.
      DEV_WATCH: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  while (!output.includes('Storefront API is running')) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
    await delay(250);
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    root: child.pid ?? 0,
    stop: async () => {
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** The previous way: the same stack, with the worker under `wrangler dev` (bench/lib/worker.ts). */
async function startWrangler() {
  const stack = await startLocalStack({ mode: 'test' });
  await seedDemo(stack.databaseUrl);
  const worker = await startWorker(stack.bindings);
  const wranglerPid = processes().find(
    (p) => p.args.includes('wrangler-dist/cli.js') && p.args.includes(new URL(worker.origin).port),
  )?.pid;
  return {
    origin: worker.origin,
    root: wranglerPid ?? 0,
    stop: async () => {
      await worker.stop();
      await stack.stop();
    },
  };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'storefront-soak-'));
  await chmod(dataDir, 0o755);
  const target = WRANGLER ? await startWrangler() : await startDev(dataDir);
  try {
    // Warm-up: the first requests compile code and fill the isolate's caches.
    await autocannon({
      url: `${target.origin}${PATHS[1]}`,
      connections: 2,
      amount: 200,
      headers: { 'x-api-key': DEMO_API_KEY },
    });
    const before = snapshot(target.root);
    // Five equal rounds, with the memory after each, to tell growth from a plateau.
    const rounds: Array<Awaited<ReturnType<typeof load>>> = [];
    const steps: Array<Map<string, number>> = [];
    for (let i = 0; i < 5; i++) {
      rounds.push(await load(target.origin, Math.ceil(REQUESTS / 5)));
      steps.push(snapshot(target.root));
    }
    const after = steps.at(-1) ?? before;
    const run = {
      requests: rounds.reduce((n, r) => n + r.requests, 0),
      failures: rounds.reduce((n, r) => n + r.failures, 0),
      seconds: rounds.reduce((n, r) => n + r.seconds, 0),
      p50: Math.max(...rounds.map((r) => r.p50)),
      p99: Math.max(...rounds.map((r) => r.p99)),
    };
    await delay(REST_SECONDS * 1000);
    const rested = snapshot(target.root);

    const roles = [...new Set([...before.keys(), ...after.keys(), ...rested.keys()])].sort();
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    console.log(
      `\n## ${WRANGLER ? '`wrangler dev` (proxy worker in front)' : '`npm run dev` (Miniflare, no proxy)'}\n`,
    );
    console.log(
      `${run.requests} requests (${run.failures} failed) in ${run.seconds.toFixed(0)} s, ${CONNECTIONS} connections; latency p50 ${run.p50} ms, p99 ${run.p99} ms (worst round)`,
    );
    console.log(
      `\n| process | before | after ${run.requests} requests | after ${REST_SECONDS} s rest |\n|---|---|---|---|`,
    );
    for (const r of roles)
      console.log(
        `| ${r} | ${mb(before.get(r) ?? 0)} | ${mb(after.get(r) ?? 0)} | ${mb(rested.get(r) ?? 0)} |`,
      );
    console.log(
      `| **all** | **${mb(total(before))}** | **${mb(total(after))}** | **${mb(total(rested))}** |`,
    );
    console.log('\nAll processes after each fifth of the requests:');
    console.log(steps.map((m, k) => `${((k + 1) * REQUESTS) / 5}: ${mb(total(m))}`).join(', '));
    const workerd = (m: Map<string, number>) =>
      [...m].filter(([name]) => name.startsWith('workerd')).reduce((n, [, kb]) => n + kb, 0);
    console.log('workerd alone:', steps.map((m) => mb(workerd(m))).join(', '));
    const m = describeMachine();
    console.log(
      `\nMachine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}, load ${m.loadAverage}`,
    );
  } finally {
    await target.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
