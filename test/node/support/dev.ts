import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { expect } from 'vitest';
import { findFreePort } from '../../../scripts/local/net';
import { alive } from './processes';

/** A started `npm run dev` (or the supervisor over a lighter server), and how to watch it end. */
export type Dev = {
  /** The process started: scripts/dev.ts, or npm when started through npm. */
  parent: ChildProcess;
  /** scripts/dev.ts, the supervisor (the parent itself unless started through npm). */
  supervisorPid: number;
  /** The server the supervisor runs: leader of the group of everything the stack started. */
  serverPid: number;
  port: number;
  mailPort: number;
  output(): string;
  exited: Promise<number | null>;
};

export type StartOptions = {
  /** The supervisor's script, as `npm run dev` runs it; scripts/dev.ts unless told. */
  script?: string;
  /** Where npm runs, with the package.json whose `dev` script it runs. */
  cwd?: string;
  env?: Record<string, string>;
  /** Through npm itself, as a terminal or a process manager starts it. */
  viaNpm?: boolean;
};

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Whether any process of the group led by `pgid` is left. */
const groupAlive = (pgid: number) => alive(-pgid);

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
 * The supervisor as `npm run dev` starts it (`node --import tsx scripts/dev.ts`), with a data
 * dir and ports of its own; it resolves once the server prints that it is running.
 */
export async function startDev(dataDir: string, options: StartOptions = {}): Promise<Dev> {
  const [port, mailPort] = [await findFreePort(), await findFreePort()];
  const script = options.script ?? 'scripts/dev.ts';
  let output = '';
  const [command, args] = options.viaNpm
    ? ['npm', ['run', 'dev']]
    : [process.execPath, ['--import', 'tsx', script]];
  const parent = spawn(command, args, {
    cwd: options.cwd ?? process.cwd(),
    env: {
      ...process.env,
      DEV_DATA_DIR: dataDir,
      PORT: String(port),
      MAIL_PORT: String(mailPort),
      DATABASE_URL: '',
      REDIS_URL: '',
      ...options.env,
    },
    // A group of its own, so a failing test can still end everything (endAll).
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
  // A guard against a hang, not a measure.
  const deadline = Date.now() + 240_000;
  while (!output.includes('Storefront API is running')) {
    if (parent.exitCode !== null || Date.now() > deadline)
      throw new Error(`dev did not start:\n${output}`);
    await delay(250);
  }
  const parentPid = parent.pid ?? 0;
  const below = descendantsOf(parentPid);
  const serverPid = below.find((pid) => argsOf(pid).includes('dev/server.ts'));
  if (!serverPid) throw new Error(`no server process under ${script}`);
  const supervisorPid = options.viaNpm
    ? below.find((pid) => /^\S*node --import tsx \S*dev\.ts$/.test(argsOf(pid)))
    : parentPid;
  if (!supervisorPid) throw new Error(`no ${script} under npm`);
  return { parent, supervisorPid, serverPid, port, mailPort, output: () => output, exited };
}

/** Ends, for good, whatever the given starts left (for afterAll, when a test failed). */
export function endAll(started: Dev[]) {
  for (const dev of started) {
    for (const pid of [dev.parent.pid, dev.serverPid]) {
      try {
        if (pid) process.kill(-pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
}

/**
 * Nothing the dev command started is left: not the supervisor, no process of the server's
 * group, neither port, no process whose command line names `dir` (Postgres, the server).
 * Waits up to 30 s for it (a guard, not a measure: a busy machine takes its time).
 */
export async function expectNothingLeft(dev: Dev, dir: string) {
  const deadline = Date.now() + 30_000;
  const leftovers = async () => {
    const processes = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(dir));
    return {
      supervisor: alive(dev.supervisorPid),
      group: groupAlive(dev.serverPid),
      api: await isListening(dev.port),
      mail: await isListening(dev.mailPort),
      processes,
    };
  };
  let left = await leftovers();
  while (
    (left.supervisor || left.group || left.api || left.mail || left.processes.length) &&
    Date.now() < deadline
  ) {
    await delay(250);
    left = await leftovers();
  }
  expect(left).toEqual({ supervisor: false, group: false, api: false, mail: false, processes: [] });
}

/** A client holding a connection to the dev database, as a psql or an editor would. */
export async function holdConnection(dev: Dev) {
  const url = /Database:\s+(\S+)/.exec(dev.output())?.[1];
  expect(url).toMatch(/^postgres:\/\//);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  await client.query('select 1');
  return client;
}
