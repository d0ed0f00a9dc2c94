import { connect, createServer, isIPv4 } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/** Every local stand-in binds here and nowhere else. */
export const LOOPBACK = '127.0.0.1';

/** Asks the kernel for a currently free TCP port on the loopback interface. */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address bound');
  return address.port;
}

function canConnect(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Resolves once something accepts TCP connections on host:port, or rejects after timeoutMs. */
export async function waitForPort(
  port: number,
  opts: { host?: string; timeoutMs?: number } = {},
): Promise<void> {
  const host = opts.host ?? LOOPBACK;
  const deadline = Date.now() + (opts.timeoutMs ?? 20_000);
  while (!(await canConnect(port, host))) {
    if (Date.now() > deadline) throw new Error(`nothing listens on ${host}:${port}`);
    await delay(100);
  }
}

/** True for names that can only reach this machine: localhost, 127.0.0.0/8 and ::1. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (bare === 'localhost' || bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  if (bare.startsWith('::ffff:')) return isLoopbackHost(bare.slice('::ffff:'.length));
  return isIPv4(bare) && bare.split('.')[0] === '127';
}

/** Splits "host:port" (IPv6 hosts may be bracketed); null when either part is unusable. */
export function parseHostPort(address: string): { host: string; port: number } | null {
  const colon = address.lastIndexOf(':');
  if (colon <= 0) return null;
  const host = address.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  const port = Number(address.slice(colon + 1));
  if (!host || !Number.isInteger(port) || port < 1 || port > 65_535) return null;
  return { host, port };
}
