import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_BUDGET_MS, DB_STATEMENT_TIMEOUT_MS } from '../../../src/db/budget';
import { SHOP_CACHE_TRUST_MS } from '../../../src/identity/shops';
import { SUBSCRIBE_RATE } from '../../../src/modules/newsletter/service';
import { hasRedisServer } from '../support/faults';
import {
  code,
  describeAnswer,
  figureTable,
  judgeRedisOutage,
  ms,
  retryAfter,
  until,
} from './answers';
import { type Endpoint, endpoints, orderBody, pageView } from './endpoints';
import { type Answer, type FaultStack, startFaultStack } from './harness';

const redisAvailable = await hasRedisServer();
const NEWSLETTER_LIMIT = SUBSCRIBE_RATE.limit;
if (!redisAvailable) console.warn('Skipping the Redis faults: no redis-server here');

/*
 * The fault suite: the real local stack and the built worker, one dependency broken at a
 * time. Run alone with `npx vitest run --project stack test/node/faults`; it prints the
 * figures recorded in docs/reliability.md. It asserts what the answers are, that each request
 * ends (a request without its timeout would hang past the test's own) and, for a hanging
 * dependency, that the requests reached it, so a timeout is what ended them; how long they
 * took is a busy machine's to decide, so the times are printed and measured by
 * `npm run bench:faults`, never asserted.
 */

const isRead = (e: Endpoint) => e.method === 'GET';

const figures = figureTable();
const record = figures.record;
let fs: FaultStack;
let list: Endpoint[];

const send = (e: Endpoint) =>
  fs.request(e.path, {
    method: e.method,
    token: e.token ?? false,
    headers: e.headers?.() ?? {},
    ...(e.body ? { body: JSON.stringify(e.body()) } : {}),
  });

const health = () => fs.request('/settings/health');

beforeAll(async () => {
  fs = await startFaultStack();
  list = endpoints(fs.fixtures);
}, 180_000);

afterAll(async () => {
  await fs?.close();
  figures.print();
});

describe('the worker on the local stack', () => {
  it('answers every endpoint while every dependency is up', async () => {
    // One at a time: this checks the fixtures reach every handler, not the cold start.
    const broken: string[] = [];
    for (const e of list) {
      const a = await send(e);
      if (a.status >= 500) broken.push(describeAnswer(e, a));
    }
    expect(broken).toEqual([]);
    record('all up', `${list.length} of ${list.length} endpoints answer below 500`);
  });
});

/** The order and subscription a shopper sends during an outage, and their retries after. */
async function writesAcrossOutage(before: () => Promise<void>, after: () => Promise<void>) {
  const key = randomUUID();
  const email = `outage-${randomUUID().slice(0, 8)}@example.test`;
  const order = orderBody(fs.fixtures, email);
  const place = () =>
    fs.request('/orders', {
      method: 'POST',
      headers: { 'idempotency-key': key },
      body: JSON.stringify(order),
    });
  const subscriber = `outage-news-${randomUUID().slice(0, 8)}@example.test`;
  const subscribe = () =>
    fs.request('/newsletter', { method: 'POST', body: JSON.stringify({ email: subscriber }) });
  await before();
  const during = await Promise.all([place(), subscribe()]);
  await after();
  return { key, email, subscriber, during, place, subscribe };
}

describe.each([
  ['stopped', 'stop'],
  ['hanging', 'hang'],
] as const)('Postgres %s', (state, mode) => {
  const scenario = `Postgres ${state}`;

  it('health turns non-200 within the cache trust bound and a statement timeout', async () => {
    expect((await health()).status).toBe(200);
    await (mode === 'stop' ? fs.stop('postgres') : fs.hang('postgres'));
    const turned = await until('health non-200', health, (a) => a.status !== 200);
    const last = await health();
    expect(last.status).toBe(503);
    expect(code(last)).toBe('SERVICE_UNAVAILABLE');
    expect(retryAfter(last)).toBeGreaterThan(0);
    // A wedged Postgres never answers: what turned health is the statement timeout.
    if (mode === 'hang') expect(fs.hungConnections('postgres')).toBeGreaterThan(0);
    record(
      scenario,
      `health answers 503 ${ms(turned)} after the fault (bound ${ms(SHOP_CACHE_TRUST_MS + DB_STATEMENT_TIMEOUT_MS)})`,
    );
  });

  it('answers every endpoint 503 with Retry-After, each request ending', async () => {
    const answers = await Promise.all(list.map(send));
    const wrong: string[] = [];
    let worstRead = 0;
    let worstWrite = 0;
    list.forEach((e, i) => {
      const a = answers[i] as Answer;
      if (isRead(e)) worstRead = Math.max(worstRead, a.ms);
      else worstWrite = Math.max(worstWrite, a.ms);
      // Analytics too: the shop an event belongs to cannot be resolved.
      const expected = a.status === 503 && code(a) === 'SERVICE_UNAVAILABLE' && retryAfter(a) > 0;
      if (!expected) wrong.push(describeAnswer(e, a));
    });
    expect(wrong).toEqual([]);
    const reads = list.filter(isRead).length;
    record(
      scenario,
      `${list.length} of ${list.length} endpoints answer 503 with Retry-After; slowest read ${ms(worstRead)} (${reads} reads, budget ${ms(DB_BUDGET_MS.read)}), slowest write ${ms(worstWrite)} (budget ${ms(DB_BUDGET_MS.write)})`,
    );
  });

  it('writes nothing during the outage and exactly once on the retry after it', async () => {
    let recovery = 0;
    const outage = await writesAcrossOutage(
      async () => undefined,
      async () => {
        await fs.restore('postgres');
        recovery = await until('health 200', health, (a) => a.status === 200);
      },
    );
    for (const a of outage.during) expect(a.status).toBe(503);
    const orders = () =>
      fs.query<{ n: number }>('select count(*)::int as n from orders where idempotency_key = $1', [
        outage.key,
      ]);
    expect(await orders()).toEqual([{ n: 0 }]);
    const first = await outage.place();
    const again = await outage.place();
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(await orders()).toEqual([{ n: 1 }]);
    const subscribed = await outage.subscribe();
    expect(subscribed.body).toMatchObject({ message: 'Subscribed' });
    const rows = await fs.query('select id from newsletter_subscriptions where email = $1', [
      outage.subscriber,
    ]);
    expect(rows).toHaveLength(1);
    await until(
      'confirmation email',
      () => fs.mailTo(outage.email),
      (m) => m.length > 0,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(await fs.mailTo(outage.email)).toHaveLength(1);
    record(
      scenario,
      `serving again ${ms(recovery)} after Postgres is back; the order retried with its Idempotency-Key exists once, one email`,
    );
  });
});

const countWhere = async (table: string, column: string, value: string) =>
  (
    await fs.query<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = $1`, [
      value,
    ])
  )[0]?.n;

describe.skipIf(!redisAvailable).each([
  ['stopped', 'stop'],
  ['hanging', 'hang'],
  ['stalled on the network', 'stall'],
] as const)('Redis %s', (state, mode) => {
  const scenario = `Redis ${state}`;
  const session = randomUUID();
  const codeEmail = `redis-${randomUUID().slice(0, 8)}@example.test`;
  // Signs in once Redis is back. Not `codeEmail`: a limiter command sent as Redis went away
  // may still have been applied (the caller was told 503 either way), and the code limit
  // allows one request a minute per email.
  const laterEmail = `redis-later-${randomUUID().slice(0, 8)}@example.test`;
  const buyer = `redis-buyer-${randomUUID().slice(0, 8)}@example.test`;

  it('refuses sign-in (503), lets flood-limited requests through, leaves the rest alone', async () => {
    // A customer who asks for a code during the outage.
    await fs.query('insert into customers (shop_id, email) values ($1, $2), ($1, $3)', [
      fs.fixtures.shopId,
      codeEmail,
      laterEmail,
    ]);
    await fs[mode]('redis');
    const [answers, event, codeRequest, order] = await Promise.all([
      Promise.all(list.map(send)),
      fs.request('/analytics', { method: 'PUT', body: JSON.stringify(pageView(session)) }),
      fs.request('/auth', { method: 'POST', body: JSON.stringify({ email: codeEmail }) }),
      fs.request('/orders', {
        method: 'POST',
        body: JSON.stringify(orderBody(fs.fixtures, buyer)),
      }),
    ]);
    const worst = judgeRedisOutage(list, answers);
    // A wedged Redis never answers: what ended its commands is the stand-in's timeout.
    if (mode === 'hang') expect(fs.hungConnections('redis')).toBeGreaterThan(0);
    expect([event.status, codeRequest.status, order.status]).toEqual([202, 503, 200]);
    // Nothing was recorded or sent for the refused code request.
    expect(await countWhere('otp_verifications', 'email', codeEmail)).toBe(0);
    expect(await fs.mailTo(codeEmail)).toEqual([]);
    // The event was stored, once, without de-duplication; the order once, with one email.
    await until(
      'event stored',
      () => countWhere('analytics_events', 'session_id', session),
      (n) => n === 1,
    );
    expect(await countWhere('orders', 'email', buyer)).toBe(1);
    await until(
      'order email',
      () => fs.mailTo(buyer),
      (m) => m.length === 1,
    );
    record(
      scenario,
      `sign-in (code, verify, link) 503 with Retry-After in at most ${ms(worst.closed)}, nothing recorded or sent; orders, newsletter and coupons let through in at most ${ms(worst.open)}; the analytics event and the order stored once; the ${list.length - 6} other endpoints unaffected`,
    );
  });

  it('signs in and de-duplicates again once Redis is back, losing and doubling nothing', async () => {
    await fs.restore('redis');
    let answer: Answer | undefined;
    const recovery = await until(
      'sign-in code again',
      async () => {
        answer = await fs.request('/auth', {
          method: 'POST',
          body: JSON.stringify({ email: laterEmail }),
        });
        return answer;
      },
      (a) => a.status !== 503,
    );
    expect([answer?.status, code(answer as Answer)]).toEqual([200, undefined]);
    await until(
      'code email',
      () => fs.mailTo(laterEmail),
      (m) => m.length === 1,
    );
    const repeat = randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await fs.request('/analytics', {
        method: 'PUT',
        body: JSON.stringify(pageView(repeat)),
      });
      expect(res.status).toBe(202);
    }
    await until(
      'event stored',
      () => countWhere('analytics_events', 'session_id', repeat),
      (n) => n === 1,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(await countWhere('analytics_events', 'session_id', repeat)).toBe(1);
    expect(await countWhere('analytics_events', 'session_id', session)).toBe(1);
    expect(await countWhere('orders', 'email', buyer)).toBe(1);
    expect(await fs.mailTo(buyer)).toHaveLength(1);
    // Flood limits count again: one client network (an IPv6 /64, a new address per request)
    // gets the newsletter's 5 sign-ups an hour, and the 6th is refused.
    const network = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    const statuses: number[] = [];
    for (let i = 1; i <= NEWSLETTER_LIMIT + 1; i++) {
      const res = await fs.request('/newsletter', {
        method: 'POST',
        ip: `${network}::${i}`,
        body: JSON.stringify({
          email: `flood-${i}-${randomUUID().slice(0, 8)}@example.test`,
          _hp: '',
        }),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    expect(statuses.at(-1)).toBe(429);
    record(
      scenario,
      `sign-in answers again ${ms(recovery)} after Redis is back; de-duplication and flood limits count again`,
    );
  });
});
