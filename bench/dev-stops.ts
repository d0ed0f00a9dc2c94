/**
 * Orphans per stop of `npm run dev`, each kind of stop `runs` times, with a client holding a
 * connection to the embedded Postgres while it stops:
 *   npx tsx bench/dev-stops.ts [runs-per-kind=4] [kind,kind…]
 * Kinds: ctrl-c (SIGINT to the terminal's process group), sigterm (to npm), sighup (to the
 * group: the terminal closed), kill-supervisor (SIGKILL to scripts/dev.ts), group (a process
 * manager: SIGTERM to the group, SIGKILL to the group once npm has exited or after 20 s).
 * After each stop it waits 15 s for processes of the data directory to end; whatever is left is
 * an orphan, counted, then killed so the next run starts clean (each start says whether it
 * met a lock file). See bench/DEV-STACK.md.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { findFreePort } from '../scripts/local/net';
import { alive } from '../test/node/support/processes';

export const STOP_KINDS = ['ctrl-c', 'sigterm', 'sighup', 'kill-supervisor', 'group'] as const;
type Kind = (typeof STOP_KINDS)[number];

const runs = Number(process.argv[2] ?? 4);
const kinds = (process.argv[3]?.split(',') ?? STOP_KINDS) as Kind[];

const ps = () =>
  execFileSync('ps', ['-eo', 'pid=,ppid=,pgid=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [pid, ppid, pgid, ...args] = line.trim().split(/\s+/);
      return { pid: Number(pid), ppid: Number(ppid), pgid: Number(pgid), args: args.join(' ') };
    });

const signal = (pid: number, sig: NodeJS.Signals) => {
  try {
    process.kill(pid, sig);
  } catch {
    // gone
  }
};

async function start(dataDir: string) {
  const [port, mailPort] = [await findFreePort(), await findFreePort()];
  const npm = spawn('npm', ['run', 'dev'], {
    cwd: process.env.DEV_CWD ?? process.cwd(),
    env: {
      ...process.env,
      DEV_DATA_DIR: dataDir,
      PORT: String(port),
      MAIL_PORT: String(mailPort),
      DEV_WATCH: 'false',
      DATABASE_URL: '',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout?.on('data', (c: Buffer) => {
    output += c;
  });
  npm.stderr?.on('data', (c: Buffer) => {
    output += c;
  });
  const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
  const deadline = Date.now() + 240_000;
  while (!output.includes('Storefront API is running')) {
    if (npm.exitCode !== null || Date.now() > deadline)
      return { npm, output, exited, ok: false, pids: [] };
    await delay(250);
  }
  // npm, the shell, scripts/dev.ts, scripts/dev/server.ts and what it started.
  const all = ps();
  const tree = new Set([npm.pid ?? 0]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  return { npm, output, exited, ok: true, pids: [...tree] };
}

/** The postmaster of `dataDir` (its `-D` argument) and its port. */
const postmaster = (dataDir: string) => {
  const row = ps().find((p) => p.args.includes(`-D ${dataDir}`) && / -p \d+/.test(p.args));
  return row ? { pid: row.pid, port: Number(/ -p (\d+)/.exec(row.args)?.[1]) } : undefined;
};

async function stop(kind: Kind, npm: ChildProcess, exited: Promise<void>) {
  const group = npm.pid ?? 0;
  switch (kind) {
    case 'ctrl-c':
      signal(-group, 'SIGINT');
      break;
    case 'sigterm':
      signal(group, 'SIGTERM');
      break;
    case 'sighup':
      signal(-group, 'SIGHUP');
      break;
    case 'kill-supervisor': {
      const dev = ps().find((p) => p.pgid === group && /^\S*node .*scripts\/dev\.ts/.test(p.args));
      signal(dev?.pid ?? 0, 'SIGKILL');
      break;
    }
    case 'group':
      signal(-group, 'SIGTERM');
      await Promise.race([exited, delay(20_000)]);
      signal(-group, 'SIGKILL');
      break;
  }
  await Promise.race([exited, delay(30_000)]);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'storefront-stops-'));
execFileSync('chmod', ['755', dataDir]);
const results: Record<string, { stops: number; orphans: number; lockErrors: number }> = {};
try {
  for (let i = 0; i < runs; i++) {
    for (const kind of kinds) {
      results[kind] ??= { stops: 0, orphans: 0, lockErrors: 0 };
      const tally = results[kind];
      const dev = await start(dataDir);
      if (!dev.ok) {
        if (dev.output.includes('postmaster.pid')) tally.lockErrors += 1;
        console.log(`${kind}: did not start\n${dev.output.slice(-800)}`);
        signal(-(dev.npm.pid ?? 0), 'SIGKILL');
        continue;
      }
      const pm = postmaster(dataDir);
      const client = new pg.Client({
        connectionString: `postgres://postgres:postgres@127.0.0.1:${pm?.port}/storefront`,
      });
      await client.connect();
      client.on('error', () => undefined);
      await client.query('select 1');
      await stop(kind, dev.npm, dev.exited);
      // Anything of the started tree, or of the data directory, still running 15 s later.
      const leftovers = () =>
        ps().filter(
          (p) =>
            (dev.pids.includes(p.pid) && !/<defunct>/.test(p.args)) || p.args.includes(dataDir),
        );
      const deadline = Date.now() + 15_000;
      let left = leftovers();
      while (left.length && Date.now() < deadline) {
        await delay(250);
        left = leftovers();
      }
      tally.stops += 1;
      if (left.length) {
        tally.orphans += 1;
        for (const p of left) signal(p.pid, 'SIGKILL');
        while (left.some((p) => alive(p.pid))) await delay(100);
      }
      await client.end().catch(() => undefined);
      console.log(
        `${kind} #${i + 1}: ${left.length ? `ORPHANS: ${left.map((p) => p.args.slice(0, 60)).join(' | ')}` : 'clean'}`,
      );
    }
  }
} finally {
  for (const p of ps().filter((q) => q.args.includes(dataDir))) signal(p.pid, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(results, null, 2));
