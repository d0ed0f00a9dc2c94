/**
 * The browser journeys run against what `npm run dev` serves, started here as a person starts
 * it, on free ports and a fresh data directory, and stopped with its whole process group.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export type DevStack = {
  /** The API worker's origin: both APIs, the dashboard at /admin, the references. */
  origin: string;
  /** The local mail sink's origin. */
  mailOrigin: string;
  /** The reference storefront's origin. */
  themeOrigin: string;
  /** The stack's Postgres, for what only a shop's operator changes (its status, its payments). */
  databaseUrl: string;
  stop(): Promise<void>;
};

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, output: () => string, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run dev exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await delay(250);
  }
  throw new Error(`${url} did not answer within ${ms} ms:\n${output()}`);
}

/** Starts `npm run dev` (its supervisor, scripts/dev.ts) and waits until everything answers. */
export async function startDevStack(): Promise<DevStack> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'browser-stack-'));
  // The embedded Postgres drops root's privileges and must reach its directory inside.
  await chmod(dataDir, 0o755);
  const [port, mailPort, themePort] = [await freePort(), await freePort(), await freePort()];
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DEV_DATA_DIR: dataDir,
      PORT: String(port),
      MAIL_PORT: String(mailPort),
      THEME_PORT: String(themePort),
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
      WRANGLER_SEND_METRICS: 'false',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const origin = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      const deadline = Date.now() + 15_000;
      while (child.exitCode === null && Date.now() < deadline) await delay(100);
      if (child.exitCode === null && child.pid) process.kill(-child.pid, 'SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  let databaseUrl = '';
  try {
    await waitFor(`${origin}/access/api/v1/livez`, child, () => log, 180_000);
    await waitFor(`http://127.0.0.1:${themePort}/_theme/health`, child, () => log, 30_000);
    databaseUrl = await devDatabaseUrl(path.join(dataDir, 'dev.env'), 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    mailOrigin: `http://127.0.0.1:${mailPort}`,
    themeOrigin: `http://127.0.0.1:${themePort}`,
    databaseUrl,
    stop,
  };
}

/**
 * DATABASE_URL of a running `npm run dev`, from the file it writes for `npm run shop` once the
 * demo shop answers (after the workers are up, so it is waited for).
 */
export async function devDatabaseUrl(devEnv: string, ms = 15_000): Promise<string> {
  const deadline = Date.now() + ms;
  for (;;) {
    const text = await readFile(devEnv, 'utf8').catch(() => '');
    const url = /^DATABASE_URL=(.+)$/m.exec(text)?.[1]?.trim();
    if (url) return url;
    if (Date.now() > deadline) throw new Error(`${devEnv} names no DATABASE_URL`);
    await delay(250);
  }
}
