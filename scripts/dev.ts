/**
 * `npm run dev`: the whole API locally with no cloud account and no system services.
 *
 * This process only supervises. It runs scripts/dev/server.ts (Postgres, the stand-ins, the
 * seed and the worker) in a process group of its own, holding a pipe to it:
 * - Ctrl-C, SIGTERM or SIGHUP here, or the end of its parent (npm), stops the server
 *   gracefully, then anything left in its group;
 * - if this process dies in any way (`kill -9` included), the pipe closes and the server
 *   stops itself;
 * - if the server dies in any way, what it started is stopped with its group.
 * So no process `npm run dev` started outlives it, and no port stays taken.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

const GRACE_MS = 5_000;

const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(import.meta.dirname, 'dev', 'server.ts'), '--supervised'],
  { stdio: ['pipe', 'inherit', 'inherit'], detached: true },
);
const group = server.pid;

const groupAlive = () => {
  if (group === undefined) return false;
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
};

const signalGroup = (signal: NodeJS.Signals) => {
  if (group === undefined) return;
  try {
    process.kill(-group, signal);
  } catch {
    // already gone
  }
};

/** Ends whatever is left of the server's group: politely, then for good. */
async function endGroup() {
  if (!groupAlive()) return;
  signalGroup('SIGTERM');
  const deadline = Date.now() + GRACE_MS;
  while (groupAlive() && Date.now() < deadline) await delay(100);
  signalGroup('SIGKILL');
}

let exitCode: number | undefined;
server.once('exit', (code, signal) => {
  void endGroup().then(() => process.exit(exitCode ?? code ?? (signal ? 1 : 0)));
});
server.once('error', (error) => {
  console.error('npm run dev: could not start the server:', error.message);
  process.exit(1);
});

let stopRequests = 0;
const stop = () => {
  stopRequests += 1;
  exitCode ??= 0;
  // A second Ctrl-C does not wait for the graceful stop.
  if (stopRequests > 1) signalGroup('SIGKILL');
  else server.kill('SIGTERM');
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);

// `npm run dev` is npm, a shell, then this process. npm ends at once on a SIGTERM of its own
// without passing it on, which would leave this process (and everything under it) running
// with no one to stop it: when the parent changes, this process stops as if told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && stopRequests === 0) stop();
}, 500).unref();

process.on('uncaughtException', (error) => {
  console.error('npm run dev:', error);
  exitCode = 1;
  server.kill('SIGTERM');
});
