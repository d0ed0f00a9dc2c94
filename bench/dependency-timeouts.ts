/**
 * How long each adapter takes to give up on a server that accepts the connection and never
 * answers, against the timeout it states: the figures test/node/dependency-timeouts.test.ts
 * leaves to a benchmark (the test checks that each call gives up, with the error that becomes
 * a 503, and not before its timeout; a busy machine decides how long after). Then the same for
 * the local stand-ins, with the settings their fault tests use (test/node/upstash-faults,
 * neon-http-faults and ws-bridge): how long a 503 takes while their upstream refuses or hangs,
 * and how long closing the WebSocket bridge takes with a tunnel open.
 *
 *   npm run bench:timeouts             # 5 rounds, medians
 *   TIMEOUT_RUNS=1 npm run bench:timeouts
 */
import { sql } from 'drizzle-orm';
import {
  createUpstashDedup,
  createUpstashRateLimiter,
  createUpstashRedis,
  KV_TIMEOUT_MS,
} from '../src/adapters/kv-upstash';
import { MAIL_TIMEOUT_MS } from '../src/adapters/mail';
import { PAYMENTS_TIMEOUT_MS } from '../src/adapters/payments-stripe';
import { createDatabase, DB_STATEMENT_TIMEOUT_MS, DbBudget } from '../src/db/client';
import { startHangingServer, timed } from '../test/node/support/faults';
import { providerCalls } from '../test/node/support/provider-calls';
import { envInt, loadAverage } from './lib/machine';
import { startStandInCalls } from './lib/stand-in-timeouts';

const RUNS = envInt('TIMEOUT_RUNS', 5, 50);
const BUDGET_MS = 1_000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const hanging = await startHangingServer();
const base = `http://127.0.0.1:${hanging.port}`;
const url = `postgres://user:password@127.0.0.1:${hanging.port}/db`;

const provider = providerCalls(base);

/** Each call, its stated timeout, and the work that must give up. */
const calls: Array<[name: string, statedMs: number, run: () => Promise<unknown>]> = [
  [
    'Redis rate limit',
    KV_TIMEOUT_MS,
    () =>
      createUpstashRateLimiter(createUpstashRedis(base, 'token')).hit(
        { name: 'bench', limit: 5, windowSeconds: 60 },
        'key',
      ),
  ],
  [
    'Redis de-duplication',
    KV_TIMEOUT_MS,
    () => createUpstashDedup(createUpstashRedis(base, 'token')).firstSeen('key', 60),
  ],
  [
    'Postgres statement',
    DB_STATEMENT_TIMEOUT_MS,
    () => createDatabase({ url, httpEndpoint: `${base}/sql` }).db.execute(sql`select 1`),
  ],
  [
    "Postgres statement, the request's budget left",
    BUDGET_MS,
    () =>
      createDatabase({ url, httpEndpoint: `${base}/sql` }, new DbBudget(BUDGET_MS)).db.execute(
        sql`select 1`,
      ),
  ],
  ['mail provider', MAIL_TIMEOUT_MS, provider.sendMail],
  ['payment provider', PAYMENTS_TIMEOUT_MS, provider.openCheckout],
];

console.log(`load average before: ${loadAverage()}; ${RUNS} rounds, the calls of a round at once`);
const times = calls.map((): number[] => []);
for (let round = 0; round < RUNS; round++) {
  const results = await Promise.all(calls.map(([, , run]) => timed(run())));
  results.forEach((result, i) => {
    if (result.error === undefined) throw new Error(`${calls[i]?.[0]} answered a silent server`);
    times[i]?.push(result.ms);
  });
}
await hanging.close();

console.log('\n| Call | Stated timeout | Gave up after (median) | Over the timeout |');
console.log('|---|---|---|---|');
calls.forEach(([name, stated], i) => {
  const ms = median(times[i] ?? []);
  console.log(`| ${name} | ${stated} ms | ${ms.toFixed(0)} ms | ${(ms - stated).toFixed(0)} ms |`);
});

// The stand-ins, one call at a time (each round restarts nothing: the calls are independent).
const standIns = await startStandInCalls();
const standInTimes = standIns.calls.map((): number[] => []);
for (let round = 0; round < RUNS; round++) {
  for (const [i, call] of standIns.calls.entries()) standInTimes[i]?.push(await call.run());
}
await standIns.close();
console.log('\n| Stand-in | Case | Its timeout | Took (median) |');
console.log('|---|---|---|---|');
standIns.calls.forEach((call, i) => {
  const ms = median(standInTimes[i] ?? []);
  const timeout = call.timeoutMs === undefined ? 'none waited for' : `${call.timeoutMs} ms`;
  console.log(`| ${call.standIn} | ${call.case} | ${timeout} | ${ms.toFixed(0)} ms |`);
});
console.log(`\nload average after: ${loadAverage()}`);
