import { expect } from 'vitest';
import { type Endpoint, label } from './endpoints';
import type { Answer } from './harness';

/** The error code of an answer's envelope. */
export const code = (a: Answer) => (a.body as { code?: string } | null)?.code;
export const retryAfter = (a: Answer) => Number(a.headers.get('retry-after'));
export const describeAnswer = (e: Endpoint, a: Answer) =>
  `${label(e)} -> ${a.status} ${code(a) ?? String(a.body).slice(0, 200)} in ${Math.round(a.ms)} ms`;
/** A time as the figures print it (bench/faults.ts reads "1.23 s"). */
export const ms = (n: number) => `${(n / 1000).toFixed(2)} s`;

/**
 * Probes until `done`; returns how long that took (a figure, never asserted). The 30 s are a
 * guard against what never happens, not a budget.
 */
export async function until<T>(what: string, probe: () => Promise<T>, done: (v: T) => boolean) {
  const started = performance.now();
  for (;;) {
    const value = await probe();
    if (done(value)) return performance.now() - started;
    if (performance.now() - started > 30_000) throw new Error(`${what}: not within 30 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The figures a run measured, printed as a table when it ends (bench/faults.ts reads it). */
export function figureTable() {
  const rows: string[] = [];
  return {
    record: (scenario: string, figure: string) => rows.push(`| ${scenario} | ${figure} |`),
    print: () => console.log(['', '| Scenario | Measured |', '|---|---|', ...rows, ''].join('\n')),
  };
}

/**
 * Checks the answers of every endpoint while Redis is out: sign-in refused with 503 and
 * Retry-After, the flood-limited writes let through, the rest untouched. Returns the worst
 * times, as figures.
 */
export function judgeRedisOutage(list: Endpoint[], answers: Answer[]) {
  const failClosed = new Set(['/auth', '/auth/verify', '/auth/access']);
  const failOpen = new Set(['/orders', '/newsletter', '/coupons']);
  const wrong: string[] = [];
  const worst = { closed: 0, open: 0 };
  list.forEach((e, i) => {
    const a = answers[i] as Answer;
    const path = e.path.split('?')[0] ?? '';
    if (e.method === 'POST' && failClosed.has(path)) {
      worst.closed = Math.max(worst.closed, a.ms);
      const ok = a.status === 503 && code(a) === 'SERVICE_UNAVAILABLE' && retryAfter(a) > 0;
      if (!ok) wrong.push(describeAnswer(e, a));
    } else if (e.method === 'POST' && failOpen.has(path)) {
      worst.open = Math.max(worst.open, a.ms);
      if (a.status !== 200) wrong.push(describeAnswer(e, a));
    } else if (a.status >= 500) {
      wrong.push(describeAnswer(e, a));
    }
  });
  expect(wrong).toEqual([]);
  return worst;
}
