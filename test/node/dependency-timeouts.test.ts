import { neonConfig } from '@neondatabase/serverless';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  createUpstashDedup,
  createUpstashRateLimiter,
  createUpstashRedis,
  KV_TIMEOUT_MS,
} from '../../src/adapters/kv-upstash';
import { MAIL_TIMEOUT_MS } from '../../src/adapters/mail';
import { PaymentProviderError } from '../../src/adapters/payments';
import { PAYMENTS_TIMEOUT_MS } from '../../src/adapters/payments-stripe';
import { createDatabase, DB_STATEMENT_TIMEOUT_MS, DbBudget } from '../../src/db/client';
import { isDatabaseUnavailable } from '../../src/db/errors';
import { DependencyUnavailableError, errorChain } from '../../src/lib/dependency';
import { type HangingServer, startHangingServer, timed } from './support/faults';
import { providerCalls } from './support/provider-calls';

/**
 * Every adapter against a server that accepts the connection and never answers: each call
 * gives up, with the error the HTTP layer answers 503 for, and not before its stated timeout.
 * That it gives up at all is the test settling (a call without a timeout would hang past the
 * test's own); how soon after its timeout is a busy machine's to decide, so that figure is
 * measured by `npm run bench:timeouts` (docs/reliability.md), not asserted here.
 */
/** What the database error says it waited for (`no answer within N ms`). */
const timeoutNamed = (error: unknown) =>
  [...errorChain(error)]
    .filter((e) => e instanceof DependencyUnavailableError)
    .map((e) => (e as Error).message.match(/no answer within \d+ ms/)?.[0])
    .find(Boolean);

describe('dependency calls against a server that never answers', () => {
  let hanging: HangingServer;
  let base: string;

  beforeAll(async () => {
    hanging = await startHangingServer();
    base = `http://127.0.0.1:${hanging.port}`;
  });

  afterAll(async () => {
    await hanging?.close();
  });

  it(`gives up on Redis after ${KV_TIMEOUT_MS} ms (rate limits and de-duplication)`, async () => {
    const redis = createUpstashRedis(base, 'token');
    const rule = { name: 'test', limit: 5, windowSeconds: 60 };
    const [hit, seen] = await Promise.all([
      timed(createUpstashRateLimiter(redis).hit(rule, 'key')),
      timed(createUpstashDedup(redis).firstSeen('key', 60)),
    ]);
    for (const call of [hit, seen]) {
      expect(call.error).toBeInstanceOf(DependencyUnavailableError);
      expect((call.error as DependencyUnavailableError).dependency).toBe('redis');
      expect(call.ms).toBeGreaterThanOrEqual(KV_TIMEOUT_MS - 50);
    }
  });

  it(`gives up on a Postgres statement after ${DB_STATEMENT_TIMEOUT_MS} ms, or the request's budget`, async () => {
    const url = `postgres://user:password@127.0.0.1:${hanging.port}/db`;
    const unbounded = createDatabase({ url, httpEndpoint: `${base}/sql` });
    const budgeted = createDatabase({ url, httpEndpoint: `${base}/sql` }, new DbBudget(1_000));
    const [statement, withinBudget] = await Promise.all([
      timed(unbounded.db.execute(sql`select 1`)),
      timed(budgeted.db.execute(sql`select 1`)),
    ]);
    expect(isDatabaseUnavailable(statement.error)).toBe(true);
    expect(statement.ms).toBeGreaterThanOrEqual(DB_STATEMENT_TIMEOUT_MS - 50);
    expect(isDatabaseUnavailable(withinBudget.error)).toBe(true);
    // Each gave up on the wait it was given: the statement timeout, and the budget of 1 s
    // where that is shorter (how long each took is bench:timeouts' figure).
    expect(timeoutNamed(statement.error)).toBe(`no answer within ${DB_STATEMENT_TIMEOUT_MS} ms`);
    expect(timeoutNamed(withinBudget.error)).toBe('no answer within 1000 ms');
    // The budget is spent: the next statement fails at once, without a round trip (the
    // hanging server sees no new connection).
    const connections = hanging.connections();
    const next = await timed(budgeted.db.execute(sql`select 1`));
    expect(isDatabaseUnavailable(next.error)).toBe(true);
    expect(hanging.connections()).toBe(connections);
  });

  it('gives up on an interactive transaction that cannot connect', async () => {
    neonConfig.webSocketConstructor = WebSocket;
    const url = `postgres://user:password@127.0.0.1:${hanging.port}/db`;
    // The WebSocket proxy itself hangs: the connect timeout is the budget left.
    const database = createDatabase(
      { url, httpEndpoint: `${base}/sql`, wsProxy: `127.0.0.1:${hanging.port}` },
      new DbBudget(1_500),
    );
    const tx = await timed(database.interactive(async (t) => t.execute(sql`select 1`)));
    expect(isDatabaseUnavailable(tx.error)).toBe(true);
  });

  it(`gives up on the mail provider after ${MAIL_TIMEOUT_MS} ms and on payments after ${PAYMENTS_TIMEOUT_MS} ms`, async () => {
    const provider = providerCalls(base);
    const mail = timed(provider.sendMail());
    const checkout = timed(provider.openCheckout());
    const [sent, paid] = await Promise.all([mail, checkout]);
    expect(sent.error).toBeInstanceOf(Error);
    expect(sent.ms).toBeGreaterThanOrEqual(MAIL_TIMEOUT_MS - 50);
    expect(paid.error).toBeInstanceOf(PaymentProviderError);
    expect(paid.ms).toBeGreaterThanOrEqual(PAYMENTS_TIMEOUT_MS - 50);
  }, 20_000);
});
