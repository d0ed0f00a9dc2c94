import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MERCHANT_KEY } from '../../../scripts/seed/keys';
import { KEY_MISS_RATE } from '../../../src/http/merchant';
import { hasRedisServer } from '../support/faults';
import { type FaultStack, startFaultStack } from './harness';
import type { BuiltWorker } from './worker';

const redisAvailable = await hasRedisServer();
if (!redisAvailable) console.warn('Skipping the merchant key isolates suite: no redis-server here');

/*
 * Merchant keys across isolates: two runs of the deployed bundle on one stack (Postgres and
 * Redis shared, caches not), as two Cloudflare isolates are. Generations live in Redis, so
 * this needs a redis-server. How soon a revocation reaches another isolate is printed, and
 * measured by `npm run bench:faults`; the tests assert that it does, never how soon.
 */
describe.skipIf(!redisAvailable)('merchant keys on more than one isolate', () => {
  let fs: FaultStack;
  let other: BuiltWorker;
  const figures: string[] = [];

  beforeAll(async () => {
    fs = await startFaultStack();
    other = await fs.worker.another();
  }, 240_000);

  afterAll(async () => {
    await fs?.close();
    const rows = figures.map((figure) => `| merchant key revoked | ${figure} |`);
    console.log(['', '| Scenario | Measured |', '|---|---|', ...rows, ''].join('\n'));
  });

  /**
   * Asks until the answer is no longer 200: the status then, and how long it took (a figure,
   * not a bound). The 30 s are a guard against a revocation that never arrives.
   */
  const untilRefused = async (ask: () => Promise<{ status: number }>) => {
    const started = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - started < 30_000) {
      status = (await ask()).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 50));
    }
    return { status, seconds: ((performance.now() - started) / 1000).toFixed(2) };
  };

  const call = async (
    worker: BuiltWorker,
    key: string,
    method: string,
    path: string,
    body?: unknown,
    ip = '198.51.100.7',
  ) => {
    const res = await worker.fetch(`http://merchant.test/admin/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        'cf-connecting-ip': ip,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };

  const newKey = async (name: string) => {
    const created = await call(fs.worker, DEMO_MERCHANT_KEY, 'POST', '/keys', {
      name,
      scopes: ['admin'],
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; secret: string };
  };

  it('a key revoked on one isolate stops working on the others', async () => {
    const key = await newKey(`isolates ${randomUUID().slice(0, 8)}`);
    // The first isolate has resolved and cached the key.
    expect((await call(fs.worker, key.secret, 'GET', '/keys')).status).toBe(200);
    expect((await call(fs.worker, key.secret, 'GET', '/keys')).status).toBe(200);

    const revoked = await call(other, DEMO_MERCHANT_KEY, 'DELETE', `/keys/${key.id}`);
    expect(revoked.status).toBe(200);
    const refused = await untilRefused(() => call(fs.worker, key.secret, 'GET', '/keys'));
    expect(refused.status).toBe(401);
    figures.push(
      `refused on the isolate that had cached it ${refused.seconds} s after the revocation (the generation memo of 1 s plus a store round trip)`,
    );
  });

  it('key management checks the live record: a key revoked a moment ago cannot mint or revoke keys', async () => {
    const key = await newKey(`live ${randomUUID().slice(0, 8)}`);
    const victim = await newKey(`victim ${randomUUID().slice(0, 8)}`);
    expect((await call(fs.worker, key.secret, 'GET', '/keys')).status).toBe(200);
    // Revoked in the database by another isolate whose announcement has not arrived: the
    // key is still cached here, so reads still pass for a moment...
    await fs.query('update merchant_keys set revoked_at = now() where id = $1', [key.id]);
    expect((await call(fs.worker, key.secret, 'GET', '/keys')).status).toBe(200);
    // ...but it can neither mint a key nor revoke one.
    const before = await fs.query<{ n: number }>('select count(*)::int as n from merchant_keys');
    const minted = await call(fs.worker, key.secret, 'POST', '/keys', {
      name: 'minted by a revoked key',
      scopes: ['admin'],
    });
    expect([minted.status, minted.body?.code]).toEqual([401, 'MERCHANT_KEY_INVALID']);
    const revoke = await call(fs.worker, key.secret, 'DELETE', `/keys/${victim.id}`);
    expect([revoke.status, revoke.body?.code]).toEqual([401, 'MERCHANT_KEY_INVALID']);
    expect(await fs.query('select count(*)::int as n from merchant_keys')).toEqual(before);
    const [row] = await fs.query<{ revoked_at: Date | null }>(
      'select revoked_at from merchant_keys where id = $1',
      [victim.id],
    );
    expect(row?.revoked_at).toBeNull();
  });

  it('refuses a network that guesses keys before its guesses reach Postgres', async () => {
    const guesser = '2001:db8:4:5::9';
    const guess = (ip = guesser) =>
      call(fs.worker, `sk_live_${randomUUID()}`, 'GET', '/keys', undefined, ip);
    for (let i = 0; i < KEY_MISS_RATE.limit; i++) {
      const answer = await guess(`2001:db8:4:5::${i.toString(16)}`);
      expect(answer.body?.code).toBe('MERCHANT_KEY_INVALID');
    }
    // Beyond the limit the network is refused without a statement: with Postgres stopped, a
    // look-up would answer 503, the refusal does not need it.
    await fs.stop('postgres');
    try {
      const refused = await guess();
      expect([refused.status, refused.body?.code]).toEqual([429, 'MERCHANT_KEY_ATTEMPTS_LIMITED']);
      // Another network's look-up does reach Postgres (and finds it down).
      expect((await guess('203.0.113.9')).status).toBe(503);
    } finally {
      await fs.restore('postgres');
    }
    // A valid key works from elsewhere (and from the same network once some isolate has found
    // it valid: see below).
    expect(
      (await call(fs.worker, DEMO_MERCHANT_KEY, 'GET', '/keys', undefined, '203.0.113.10')).status,
    ).toBe(200);
  });

  it('serves a valid key to a network refused for guessing, on an isolate that never saw it, until it is revoked', async () => {
    const key = await newKey(`shared ${randomUUID().slice(0, 8)}`);
    // Found valid once, on the first isolate, from an office elsewhere.
    expect(
      (await call(fs.worker, key.secret, 'GET', '/keys', undefined, '203.0.113.20')).status,
    ).toBe(200);
    const office = (i: number) => `2001:db8:6:7::${i.toString(16)}`;
    const guess = () =>
      call(other, `sk_live_${randomUUID()}`, 'GET', '/keys', undefined, office(99));
    for (let i = 0; i < KEY_MISS_RATE.limit; i++) {
      const answer = await call(
        other,
        `sk_live_${randomUUID()}`,
        'GET',
        '/keys',
        undefined,
        office(i),
      );
      expect(answer.body?.code).toBe('MERCHANT_KEY_INVALID');
    }
    // The second isolate has never looked the key up, and the office is refused...
    const refused = await guess();
    expect([refused.status, refused.body?.code]).toEqual([429, 'MERCHANT_KEY_ATTEMPTS_LIMITED']);
    // ...yet the valid key from the same office is served.
    const served = await call(other, key.secret, 'GET', '/keys', undefined, office(100));
    expect(served.status).toBe(200);
    // Unknown keys from the office are still refused without a statement: Postgres stopped.
    await fs.stop('postgres');
    try {
      const stillRefused = await guess();
      expect([stillRefused.status, stillRefused.body?.code]).toEqual([
        429,
        'MERCHANT_KEY_ATTEMPTS_LIMITED',
      ]);
    } finally {
      await fs.restore('postgres');
    }
    // Revoked, the key is refused to the office, on a third isolate
    // too (nothing cached there but the shared entry).
    const third = await fs.worker.another();
    expect((await call(third, key.secret, 'GET', '/keys', undefined, office(101))).status).toBe(
      200,
    );
    expect((await call(fs.worker, DEMO_MERCHANT_KEY, 'DELETE', `/keys/${key.id}`)).status).toBe(
      200,
    );
    const revoked = await untilRefused(() =>
      call(third, key.secret, 'GET', '/keys', undefined, office(102)),
    );
    expect(revoked.status).toBe(429);
    figures.push(
      `refused to a limited office on a third isolate ${revoked.seconds} s after the revocation`,
    );
  });
});
