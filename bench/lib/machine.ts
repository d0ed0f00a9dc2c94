import { execFileSync } from 'node:child_process';
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
