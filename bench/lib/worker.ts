import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { findFreePort, LOOPBACK } from '../../scripts/local/net';

/** The repository root (bench/lib/ is two levels below it). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');

export type RunningWorker = {
  /** Origin of the worker, e.g. `http://127.0.0.1:8787`. */
  origin: string;
  /** The workerd inspector's port (Chrome DevTools protocol: CPU profiles). */
  inspectorPort: number;
  stop(): Promise<void>;
};

export type WorkerOptions = {
  /**
   * Another wrangler configuration (path from the repository root) than the storefront's
   * (wrangler.toml, with its assets Worker wrangler.assets.toml beside it).
   */
  config?: string;
  /** A path that answers once the worker serves. */
  readyPath?: string;
  /** More `wrangler dev` arguments (`--no-minify` for a profile with the source's names). */
  args?: string[];
};

const READY_PATH = '/access/api/v1/settings/health';
const READY_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_TAIL_LINES = 60;

/**
 * Starts the worker with `wrangler dev --local` on a free loopback port, passing the
 * stack's bindings as `--var`s, and resolves once it answers HTTP.
 *
 * Wrangler's own CLI runs directly under node (not through `npx` or its bin wrapper,
 * which spawns a second node) in a process group of its own, so stopping it by its pid
 * also takes its workerd down, and anything left in the group is killed after that.
 */
export async function startWorker(
  bindings: Record<string, string>,
  options: WorkerOptions = {},
): Promise<RunningWorker> {
  const [port, inspectorPort] = [await findFreePort(), await findFreePort()];
  const persistDir = await mkdtemp(path.join(tmpdir(), 'storefront-bench-wrangler-'));
  const cli = path.join(REPO_ROOT, 'node_modules', 'wrangler', 'wrangler-dist', 'cli.js');
  const args = [
    '--no-warnings',
    '--experimental-vm-modules',
    cli,
    'dev',
    ...(options.config
      ? ['--config', options.config]
      : ['--config', 'wrangler.toml', '--config', 'wrangler.assets.toml']),
    ...(options.args ?? []),
    '--local',
    '--ip',
    LOOPBACK,
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    '--persist-to',
    persistDir,
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
    ...Object.entries(bindings).flatMap(([key, value]) => ['--var', `${key}:${value}`]),
  ];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
  });
  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').trimEnd().split('\n'));
    output.splice(0, Math.max(0, output.length - OUTPUT_TAIL_LINES));
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const origin = `http://${LOOPBACK}:${port}`;
  const stop = async () => {
    await stopGroup(child, exited);
    await rm(persistDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(origin, child, options.readyPath ?? READY_PATH);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`wrangler dev did not start: ${reason}\n${output.join('\n')}`);
  }
  return { origin, inspectorPort, stop };
}

async function waitUntilServing(
  origin: string,
  child: ChildProcess,
  readyPath: string,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error('it exited');
    try {
      // Any HTTP answer (401 without a key) means the worker is up.
      await fetch(`${origin}${readyPath}`, {
        signal: AbortSignal.timeout(5_000),
      });
      return;
    } catch {
      await delay(500);
    }
  }
  throw new Error(`no answer within ${READY_TIMEOUT_MS / 1000} s`);
}

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Ends wrangler by its pid, then anything of its process group still running. */
async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await Promise.race([exited, delay(STOP_TIMEOUT_MS)]);
  }
  if (groupAlive(pid)) {
    process.kill(-pid, 'SIGKILL');
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (groupAlive(pid) && Date.now() < deadline) await delay(100);
  }
  if (groupAlive(pid)) throw new Error(`processes of wrangler's group ${pid} are still running`);
}
