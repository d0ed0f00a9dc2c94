import WebSocket from 'ws';

/** One function's share of a CPU profile. */
export type ProfileLine = { name: string; selfMs: number; share: number };

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
};
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * Records a CPU profile of the worker's isolate through workerd's inspector (the Chrome
 * DevTools protocol on wrangler's `--inspector-port`) while `load` runs, and returns the
 * functions with the most self time. Profiling slows the worker: read the shares, not the
 * throughput of a profiled run.
 */
export async function profileWhile(
  inspectorPort: number,
  load: () => Promise<unknown>,
  top = 25,
  workerName?: string,
): Promise<{ lines: ProfileLine[]; totalMs: number; profile: Profile }> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    webSocketDebuggerUrl: string;
    title?: string;
  }[];
  // wrangler dev's inspector proxy lists the user worker first; Miniflare lists every worker
  // of the instance (the assets router's too), so one is picked by its name there.
  const target = workerName ? targets.find((t) => t.title?.includes(workerName)) : targets[0];
  if (!target) {
    const titles = targets.map((t) => t.title).join(', ');
    throw new Error(
      `the inspector lists no worker${workerName ? ` named ${workerName}` : ''}: ${titles}`,
    );
  }
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let next = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      next += 1;
      waiting.set(next, resolve);
      socket.send(JSON.stringify({ id: next, method, params }));
    });
  try {
    await send('Profiler.enable');
    await send('Profiler.setSamplingInterval', { interval: 100 });
    await send('Profiler.start');
    await load();
    const { profile } = (await send('Profiler.stop')) as { profile: Profile };
    return { ...summarise(profile, top), profile };
  } finally {
    socket.close();
  }
}

/** Self time in ms per key of each sample's frame, and the whole time sampled. */
function selfTimes(
  profile: Profile,
  keyOf: (frame: ProfileNode['callFrame'] | undefined) => string,
) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    totalMs += ms;
    const key = keyOf(byNode.get(id)?.callFrame);
    times.set(key, (times.get(key) ?? 0) + ms);
  });
  const sorted = [...times.entries()].sort((x, y) => y[1] - x[1]);
  return { sorted, totalMs };
}

function summarise(profile: Profile, top: number) {
  const { sorted, totalMs } = selfTimes(profile, (frame) => {
    const file = frame?.url.split('/').pop() ?? '';
    return `${frame?.functionName || '(anonymous)'} ${file}:${(frame?.lineNumber ?? 0) + 1}`;
  });
  const lines = sorted
    .slice(0, top)
    .map(([name, selfMs]) => ({ name, selfMs, share: selfMs / Math.max(totalMs, 1) }));
  return { lines, totalMs };
}

/** Self time grouped by source file (the bundle's modules are one file: by function then). */
export function byPlace(profile: Profile, keyOf: (url: string, fn: string) => string) {
  const { sorted, totalMs } = selfTimes(profile, (frame) =>
    keyOf(frame?.url ?? '', frame?.functionName ?? ''),
  );
  return sorted
    .slice(0, 20)
    .map(([k, ms]) => `  ${((100 * ms) / Math.max(totalMs, 1)).toFixed(1).padStart(5)} %  ${k}`)
    .join('\n');
}

/** A Node profile's frame by package, or by file of scripts/ and bench/. */
export const nodeFile = (url: string, fn: string) => {
  if (!url) return `(${fn || 'native'})`;
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1] ?? url;
  return url.replace(/^.*\/(scripts|bench)\//, '$1/');
};
