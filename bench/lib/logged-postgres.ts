import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../scripts/local/embedded-postgres';
import { findFreePort, LOOPBACK } from '../../scripts/local/net';

const run = promisify(execFile);

export type LoggedPostgres = {
  /** Superuser URL of the server's `postgres` database. */
  url: string;
  /** Everything the server logged since `offset` (a byte offset), and the new end. */
  readLog(offset: number): Promise<{ text: string; end: number }>;
  logSize(): Promise<number>;
  stop(): Promise<void>;
};

// Plans of every statement, with real row counts and buffers, in the server log.
const SERVER_SETTINGS = {
  shared_preload_libraries: 'auto_explain',
  log_line_prefix: '%m [%p] ',
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
};

type Identity = { uid: number; gid: number } | Record<string, never>;

/** As root the server must run as the `postgres` user, like embedded-postgres runs it. */
async function serverIdentity(): Promise<Identity> {
  if (process.getuid?.() !== 0) return {};
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

/**
 * A throwaway Postgres (the embedded-postgres binaries) whose log goes to a file, with
 * auto_explain loaded. embedded-postgres only hands its log to a callback and waits for a
 * readiness line on stderr, so the cluster it initialises is restarted here under pg_ctl
 * with `-l <file>`, and stopped the same way.
 */
export async function startLoggedPostgres(): Promise<LoggedPostgres> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'storefront-explain-pg-'));
  const initial = await startEmbeddedPostgres({ dataDir, persistent: true });
  const client = new pg.Client({ connectionString: initial.url });
  await client.connect();
  try {
    for (const [name, value] of Object.entries(SERVER_SETTINGS)) {
      await client.query(`ALTER SYSTEM SET ${name} = ${pg.escapeLiteral(value)}`);
    }
  } finally {
    await client.end();
  }
  await initial.stop();

  const { pg_ctl: pgCtl } = (await import(
    `@embedded-postgres/${process.platform}-${process.arch}`
  )) as { pg_ctl: string };
  const identity = await serverIdentity();
  const port = await findFreePort();
  const logFile = path.join(dataDir, 'server.log');
  const options = `-p ${port} -c listen_addresses=${LOOPBACK} -c unix_socket_directories=`;
  await run(
    pgCtl,
    ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start'],
    identity,
  );

  const url = new URL(initial.url);
  url.port = String(port);
  let stopping: Promise<void> | undefined;
  return {
    url: url.toString(),
    logSize: async () => (await stat(logFile)).size,
    readLog: async (offset) => {
      const buffer = await readFile(logFile);
      return { text: buffer.subarray(offset).toString('utf8'), end: buffer.byteLength };
    },
    stop: () => {
      stopping ??= (async () => {
        await run(pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '60', 'stop'], identity);
        await rm(dataDir, { recursive: true, force: true });
      })();
      return stopping;
    },
  };
}
