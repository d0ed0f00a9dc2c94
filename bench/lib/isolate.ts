/** The local worker's processes and isolate, as benchmarks measure them. */
import { readdir, readFile } from 'node:fs/promises';
import WebSocket from 'ws';

/** workerd processes of the `wrangler dev` serving `port` (its process group), and its inspector port. */
export async function findWorkerd(
  port: string,
): Promise<{ pids: number[]; inspectorPort: string | null }> {
  const pids: number[] = [];
  let inspectorPort: string | null = null;
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, 'utf8');
      const comm = /\(([^)]*)\)/.exec(stat)?.[1];
      if (comm !== 'workerd') continue;
      const pgid = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2];
      const leader = (await readFile(`/proc/${pgid}/cmdline`, 'utf8')).split('\0');
      const at = leader.indexOf('--port');
      if (!leader.some((arg) => arg.endsWith('wrangler-dist/cli.js')) || leader[at + 1] !== port) {
        continue;
      }
      pids.push(Number(entry));
      const inspector = leader.indexOf('--inspector-port');
      inspectorPort = inspector >= 0 ? (leader[inspector + 1] ?? null) : null;
    } catch {
      // the process ended while we looked
    }
  }
  return { pids, inspectorPort };
}

export const isWorkerd = async (pid: number) => {
  try {
    return (await readFile(`/proc/${pid}/comm`, 'utf8')).trim() === 'workerd';
  } catch {
    return false;
  }
};

export const rssKiB = async (pid: number) => {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
};

/** The isolate's JS heap, read with `Runtime.getHeapUsage` over wrangler's inspector. */
export async function connectInspector(inspectorPort: string | null) {
  if (!inspectorPort) return null;
  try {
    const targets = (await (
      await fetch(`http://127.0.0.1:${inspectorPort}/json`)
    ).json()) as Array<{
      webSocketDebuggerUrl?: string;
    }>;
    const url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
    if (!url) return null;
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    let nextId = 1;
    const pending = new Map<number, (result: Record<string, unknown>) => void>();
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { id?: number; result?: Record<string, unknown> };
      if (message.id !== undefined && message.result) pending.get(message.id)?.(message.result);
    });
    const send = (method: string) =>
      new Promise<Record<string, unknown> | null>((resolve) => {
        const id = nextId++;
        const timer = setTimeout(() => {
          pending.delete(id);
          resolve(null);
        }, 5_000);
        pending.set(id, (result) => {
          clearTimeout(timer);
          pending.delete(id);
          resolve(result);
        });
        socket.send(JSON.stringify({ id, method }));
      });
    return {
      heapUsed: async () => {
        const result = await send('Runtime.getHeapUsage');
        return typeof result?.usedSize === 'number' ? result.usedSize : Number.NaN;
      },
      /** A full GC, so each run starts from the same live heap. */
      collectGarbage: () => send('HeapProfiler.collectGarbage'),
      close: () => socket.close(),
    };
  } catch {
    return null;
  }
}

export type Inspector = Awaited<ReturnType<typeof connectInspector>>;
