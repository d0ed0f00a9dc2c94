import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../scripts/local/net';
import { DEMO_API_KEY } from '../../scripts/seed/keys';

const CRASH_FIXTURE = path.resolve('test/node/fixtures/crash-on-sigusr2.mjs');

type Dev = {
  /** The process `npm run dev` runs: scripts/dev.ts. */
  parent: ChildProcess;
  /** scripts/dev/server.ts: leader of the group of everything the stack started. */
  serverPid: number;
  port: number;
  mailPort: number;
  output(): string;
  exited: Promise<number | null>;
};

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

const groupAlive = (pgid: number) => {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
};

const childrenOf = (pid: number) =>
  execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, ppid]) => ppid === pid)
    .map(([child]) => child ?? 0);

const descendantsOf = (pid: number): number[] =>
  childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);

const argsOf = (pid: number) =>
  execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();

/**
 * `npm run dev` as npm runs it (`node --import tsx scripts/dev.ts`), in a data dir of its own;
 * with `viaNpm`, through npm itself, as a terminal or process manager starts it.
 */
async function startDev(
  dataDir: string,
  env: Record<string, string> = {},
  viaNpm = false,
): Promise<Dev> {
  const [port, mailPort] = [await findFreePort(), await findFreePort()];
  let output = '';
  const [command, args] = viaNpm
    ? ['npm', ['run', 'dev']]
    : [process.execPath, ['--import', 'tsx', 'scripts/dev.ts']];
  const parent = spawn(command, args, {
    env: {
      ...process.env,
      DEV_DATA_DIR: dataDir,
      PORT: String(port),
      MAIL_PORT: String(mailPort),
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    // A group of its own, so a failing test can still end everything (see afterAll).
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  parent.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  parent.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => parent.once('exit', resolve));
  const deadline = Date.now() + 240_000;
  while (!output.includes('Storefront API is running')) {
    if (parent.exitCode !== null || Date.now() > deadline)
      throw new Error(`dev did not start:\n${output}`);
    await delay(250);
  }
  const serverPid = descendantsOf(parent.pid ?? 0).find((pid) =>
    argsOf(pid).includes('scripts/dev/server.ts'),
  );
  if (!serverPid) throw new Error('no server process under scripts/dev.ts');
  return { parent, serverPid, port, mailPort, output: () => output, exited };
}

/** Nothing the dev command started is left: no process of its group, no port, no Postgres. */
async function expectNothingLeft(dev: Dev, dataDir: string) {
  const deadline = Date.now() + 30_000;
  const leftovers = async () => {
    const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(dataDir));
    return {
      group: groupAlive(dev.serverPid),
      api: await isListening(dev.port),
      mail: await isListening(dev.mailPort),
      processes,
    };
  };
  let left = await leftovers();
  while ((left.group || left.api || left.mail || left.processes.length) && Date.now() < deadline) {
    await delay(250);
    left = await leftovers();
  }
  expect(left).toEqual({ group: false, api: false, mail: false, processes: [] });
}

/*
 * `npm run dev` starts once for this file's reading cases: the five under "started, then stopped
 * with Ctrl-C" share one stack (beforeAll), and its last case stops it. Seven more starts remain,
 * one per case that ends the stack it checks (SIGTERM, SIGHUP, SIGKILL, npm told SIGTERM, a
 * process manager's group stop, a crash of the server, a crash of its supervisor): a stopped or
 * crashed stack cannot be stopped again, so each needs a fresh one. Eight starts in all, each
 * after the first reusing the data dir's database (no initdb, migrations already applied).
 */
describe('npm run dev', () => {
  let dataDir: string;
  const started: Dev[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'storefront-dev-'));
    await chmod(dataDir, 0o755);
  });

  afterAll(async () => {
    for (const dev of started) {
      for (const pid of [dev.parent.pid, dev.serverPid]) {
        try {
          if (pid) process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  describe('started, then stopped with Ctrl-C', () => {
    let dev: Dev;
    beforeAll(async () => {
      dev = await startDev(dataDir);
      started.push(dev);
    }, 300_000);

    const api = (p: string) =>
      fetch(`http://127.0.0.1:${dev.port}/access/api/v1${p}`, {
        headers: { 'x-api-key': DEMO_API_KEY },
      });

    it('shows each step of the start, then the URLs, the key and what the demo shop holds', () => {
      const output = dev.output();
      for (const step of ['Postgres', 'Migrations', 'Demo shop', 'Worker bundle', 'Worker'])
        expect(output).toContain(`✓ ${step}`);
      expect(output).toContain(`http://127.0.0.1:${dev.port}/access/api/v1`);
      expect(output).toContain(DEMO_API_KEY);
      expect(output).toContain(`http://127.0.0.1:${dev.mailPort}`);
      expect(output).toMatch(/Aurora Outfitters \(EUR\): \d+ products/);
      // The database is printed, and written where npm run shop finds it.
      expect(output).toMatch(/Database: +postgres:\/\/\S+:\d+\/storefront/);
      // A quiet start: no stack trace (offline, the Request.cf fetch used to print one).
      expect(output).not.toMatch(/ENOTFOUND|\n\s+at \S+ \(/);
    });

    it('serves health, settings and policies of the seeded demo shop', async () => {
      const health = await api('/settings/health');
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ status: 'ok', name: 'Aurora Outfitters' });
      const settings = (await (await api('/settings')).json()) as {
        data: { media: { url: string } };
      };
      expect(settings.data.media.url).toMatch(/\/media\/$/);
      const policy = await api('/settings/policy/privacy');
      expect(policy.status).toBe(200);
      const mail = await fetch(`http://127.0.0.1:${dev.mailPort}/api/emails`);
      expect(mail.status).toBe(200);
    });

    it('serves the demo images from local R2', async () => {
      const settings = (await (await api('/settings')).json()) as {
        data: { media: { url: string }; branding: { logo: { uploadUrl: string } | null } };
      };
      const logo = settings.data.branding.logo;
      expect(logo).not.toBeNull();
      const file = logo?.uploadUrl.split('/').pop() ?? '';
      const image = await fetch(`${settings.data.media.url}${file}`);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\//);
    });

    it('serves the API reference and its renderer', async () => {
      const page = await fetch(`http://127.0.0.1:${dev.port}/docs`);
      expect(page.status).toBe(200);
      const src = /<script src="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      expect(src).toMatch(/^\/docs\/assets\/scalar-[^/]+\.js$/);
      // Served by the static assets layer in front of the worker, as deployed.
      const script = await fetch(`http://127.0.0.1:${dev.port}${src}`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(script.headers.get('cache-control')).toContain('immutable');
      expect(await script.text()).toContain('createApiReference');
    });

    it('stops everything it started on Ctrl-C', async () => {
      process.kill(dev.parent.pid ?? 0, 'SIGINT');
      expect(await dev.exited).toBe(0);
      await expectNothingLeft(dev, dataDir);
    }, 60_000);
  });

  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    it(`stops everything it started on ${signal}`, async () => {
      const dev = await startDev(dataDir);
      started.push(dev);
      process.kill(dev.parent.pid ?? 0, signal);
      expect(await dev.exited).toBe(0);
      await expectNothingLeft(dev, dataDir);
    }, 300_000);
  }

  it('leaves nothing behind when it is killed with SIGKILL', async () => {
    const dev = await startDev(dataDir);
    started.push(dev);
    process.kill(dev.parent.pid ?? 0, 'SIGKILL');
    await dev.exited;
    await expectNothingLeft(dev, dataDir);
  }, 300_000);

  /** A client holding a connection to the dev database, as a psql or an editor would. */
  const holdConnection = async (dev: Dev) => {
    const url = /Database:\s+(\S+)/.exec(dev.output())?.[1];
    expect(url).toMatch(/^postgres:\/\//);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('select 1');
    return client;
  };

  it('leaves nothing behind when npm is told SIGTERM (npm ends at once without passing it on)', async () => {
    const dev = await startDev(dataDir, {}, true);
    started.push(dev);
    const client = await holdConnection(dev);
    process.kill(dev.parent.pid ?? 0, 'SIGTERM');
    await dev.exited;
    await expectNothingLeft(dev, dataDir);
    await client.end().catch(() => undefined);
  }, 300_000);

  it('leaves nothing behind when a process manager stops its group: SIGTERM, then SIGKILL once npm has exited', async () => {
    const dev = await startDev(dataDir, {}, true);
    started.push(dev);
    const client = await holdConnection(dev);
    const group = dev.parent.pid ?? 0;
    process.kill(-group, 'SIGTERM');
    await Promise.race([dev.exited, delay(20_000)]);
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // the group had already ended
    }
    await expectNothingLeft(dev, dataDir);
    await client.end().catch(() => undefined);
  }, 300_000);

  it('leaves nothing behind when the server dies of an uncaught error', async () => {
    const dev = await startDev(dataDir, { NODE_OPTIONS: `--import=${CRASH_FIXTURE}` });
    started.push(dev);
    process.kill(dev.serverPid, 'SIGUSR2');
    expect(await dev.exited).toBe(1);
    expect(dev.output()).toContain('simulated crash');
    await expectNothingLeft(dev, dataDir);
  }, 300_000);

  it('leaves nothing behind when the supervising process dies of an uncaught error', async () => {
    const dev = await startDev(dataDir, { NODE_OPTIONS: `--import=${CRASH_FIXTURE}` });
    started.push(dev);
    process.kill(dev.parent.pid ?? 0, 'SIGUSR2');
    expect(await dev.exited).toBe(1);
    await expectNothingLeft(dev, dataDir);
  }, 300_000);
});
