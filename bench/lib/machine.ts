import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** What the numbers were measured on, for the report header. */
export function describeMachine() {
  const cpus = os.cpus();
  return {
    cores: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    uname: execFileSync('uname', ['-a'], { encoding: 'utf8' }).trim(),
    loadAverage: loadAverage(),
  };
}

/** The 1, 5 and 15 minute load averages, rounded. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** A positive integer from the environment, within bounds, else the default. */
export function envInt(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be an integer between 1 and ${max}, got "${raw}"`);
  }
  return value;
}

const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) of this process's descendants, by command name. */
export function descendantsCpu(): Map<string, number> {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = raw.lastIndexOf(')');
        const comm = raw.slice(raw.indexOf('(') + 1, close);
        const fields = raw.slice(close + 2).split(' ');
        const ppid = Number(fields[1]);
        const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
        return [{ pid: Number(pid), ppid, comm, cpu }];
      } catch {
        return [];
      }
    });
  const mine = new Set([process.pid]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const s of stats) {
      if (!mine.has(s.pid) && mine.has(s.ppid)) {
        mine.add(s.pid);
        grown = true;
      }
    }
  }
  const byName = new Map<string, number>();
  for (const s of stats) {
    if (!mine.has(s.pid) || s.pid === process.pid) continue;
    const name = s.comm.startsWith('postgres') ? 'postgres' : s.comm;
    byName.set(name, (byName.get(name) ?? 0) + s.cpu);
  }
  const self = process.cpuUsage();
  byName.set('node (this process)', (self.user + self.system) / 1e6);
  return byName;
}
