import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../../scripts/local/embedded-postgres';
import { findFreePort, LOOPBACK, waitForPort } from '../../../scripts/local/net';
import { makeTempDir } from './postgres';

/** A dependency that accepts connections and never says a word: a wedged server. */
export type HangingServer = { port: number; connections(): number; close(): Promise<void> };

/** Listens on `port` (any free one by default), accepts every connection and never answers. */
export async function startHangingServer(port = 0): Promise<HangingServer> {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address bound');
  return {
    port: address.port,
    connections: () => accepted,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A Postgres that can be stopped and started again on the same port with its data. */
export type RestartablePostgres = {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops it for good and removes its data. */
  remove(): Promise<void>;
};

export async function startRestartablePostgres(): Promise<RestartablePostgres> {
  const dir = await makeTempDir('node-test-pg-restart-');
  const dataDir = join(dir.path, 'data');
  const port = await findFreePort();
  let running: { url: string; stop(): Promise<void> } | undefined;
  const start = async () => {
    running ??= await startEmbeddedPostgres({ dataDir, port, persistent: true });
  };
  const stop = async () => {
    const current = running;
    running = undefined;
    await current?.stop();
  };
  await start();
  return {
    url: running?.url ?? '',
    port,
    start,
    stop,
    remove: async () => {
      await stop();
      await dir.remove();
    },
  };
}

/** A private redis-server (never the shared one) that can be stopped and started again. */
export type RestartableRedis = {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** True when `redis-server` can be run here. */
export async function hasRedisServer(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('redis-server', ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

export async function startRestartableRedis(): Promise<RestartableRedis> {
  const port = await findFreePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    if (child) return;
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', LOOPBACK, '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    await waitForPort(port, { timeoutMs: 30_000 });
  };
  const stop = async () => {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill('SIGTERM');
    await exited;
  };
  await start();
  return { url: `redis://${LOOPBACK}:${port}`, port, start, stop };
}

/**
 * Resolves with what `work` settled to and how long it took, in milliseconds: a figure for a
 * benchmark or a lower bound (never before a timeout), never an upper bound a test asserts,
 * since a busy machine decides how long after.
 */
export async function timed<T>(
  work: Promise<T>,
): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now();
  try {
    const value = await work;
    return { ms: performance.now() - started, value };
  } catch (error) {
    return { ms: performance.now() - started, error };
  }
}

/**
 * A TCP proxy in front of `targetPort` that can stall: while stalled, the connections stay
 * open but nothing passes either way and what arrives is lost (a wedged middlebox or a
 * network partition); once resumed, traffic passes again on the same connections.
 */
export type StallingProxy = { port: number; stall(): void; resume(): void; close(): Promise<void> };

export async function startStallingProxy(targetPort: number): Promise<StallingProxy> {
  const sockets = new Set<Socket>();
  let stalled = false;
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, LOOPBACK);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (chunk) => {
        if (!stalled) to.write(chunk);
      });
      from.on('error', () => undefined);
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address bound');
  return {
    port: address.port,
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
