import { randomUUID } from 'node:crypto';
import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUpstashRest, type UpstashRestServer } from '../../scripts/local/upstash';
import { rewriteLuaShebang, sha1Hex } from '../../scripts/local/upstash-protocol';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisReachable = await canReach(redisUrl);
if (!redisReachable) console.warn(`Skipping the Upstash stand-in tests: no Redis at ${redisUrl}`);
const title = redisReachable
  ? `Upstash REST stand-in in front of ${redisUrl}`
  : `Upstash REST stand-in (skipped: no Redis reachable at ${redisUrl}; set REDIS_URL)`;

describe.skipIf(!redisReachable)(title, () => {
  const token = randomUUID();
  // The Redis may be shared with a developer's other work: every key carries this prefix.
  const prefix = `node-test:${randomUUID()}:`;
  let server: UpstashRestServer;
  let redis: Redis;
  let direct: IORedis;

  beforeAll(async () => {
    server = await startUpstashRest({ redisUrl, token });
    redis = new Redis({ url: server.url, token, enableTelemetry: false, retry: false });
    direct = new IORedis(redisUrl);
  });

  afterAll(async () => {
    const keys = await direct.keys(`${prefix}*`);
    if (keys.length > 0) await direct.del(...keys);
    direct.disconnect();
    await server.close();
  });

  const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  it('stores and reads values through the real client, emoji and JSON included', async () => {
    const key = `${prefix}cart`;
    expect(await redis.set(key, { items: 2, note: 'déjà 🛒' }, { nx: true, ex: 60 })).toBe('OK');
    expect(await redis.set(key, { items: 3 }, { nx: true })).toBeNull();
    expect(await redis.get(key)).toEqual({ items: 2, note: 'déjà 🛒' });
    expect(await redis.ttl(key)).toBeGreaterThan(0);
  });

  it('returns hashes as flat field/value lists, as Upstash does', async () => {
    const key = `${prefix}hash`;
    await redis.hset(key, { '2': 'two', b: 'bee' });
    expect(await redis.hgetall(key)).toEqual({ '2': 'two', b: 'bee' });
  });

  it('runs pipelines in order and reports errors per command', async () => {
    const counter = `${prefix}counter`;
    const hash = `${prefix}pipeline-hash`;
    await redis.hset(hash, { field: 'value' });
    const pipeline = redis.pipeline();
    pipeline.incr(counter);
    pipeline.incr(hash);
    pipeline.incr(counter);
    const results = await pipeline.exec({ keepErrors: true });
    expect(results.map((r) => r.result)).toEqual([1, undefined, 2]);
    expect(results[1]?.error).toMatch(/WRONGTYPE/);
  });

  it('runs /multi-exec as one MULTI/EXEC transaction', async () => {
    const key = `${prefix}tx`;
    const transaction = redis.multi();
    transaction.set(key, 'a');
    transaction.append(key, 'b');
    transaction.get(key);
    expect(await transaction.exec()).toEqual(['OK', 2, 'ab']);
    const res = await call('/multi-exec', [
      ['set', key, 'x'],
      ['lpush', key, 'y'],
    ]);
    expect(await res.json()).toEqual([
      { result: 'OK' },
      { error: 'WRONGTYPE Operation against a key holding the wrong kind of value' },
    ]);
  });

  it('lets @upstash/ratelimit allow 5 requests in a sliding window, then refuse', async () => {
    const limiter = new Ratelimit({
      redis,
      limiter: Ratelimit.slidingWindow(5, '30 s'),
      prefix: `${prefix}ratelimit`,
      analytics: false,
    });
    const outcomes: boolean[] = [];
    for (let i = 0; i < 7; i++) outcomes.push((await limiter.limit('login:alice')).success);
    expect(outcomes).toEqual([true, true, true, true, true, false, false]);
  });

  it('maps the SHA1 of an Upstash-flavoured script to the rewritten one Redis holds', async () => {
    const script = `#!lua flags=allow-key-locking\nreturn redis.call('INCR', KEYS[1]) -- ${prefix}`;
    const key = `${prefix}script`;
    expect(await redis.eval(script, [key], [])).toBe(1);
    expect(await redis.evalsha(sha1Hex(script), [key], [])).toBe(2);
    expect(await direct.script('EXISTS', sha1Hex(rewriteLuaShebang(script)))).toEqual([1]);
    expect(await redis.scriptExists(sha1Hex(script))).toEqual([1]);
  });

  it('encodes replies in base64 only when asked, except OK', async () => {
    const key = `${prefix}plain`;
    expect(
      await (await call('/', ['set', key, 'héllo'], { 'upstash-encoding': 'base64' })).json(),
    ).toEqual({
      result: 'OK',
    });
    const encoded = await call('/', ['get', key], { 'upstash-encoding': 'base64' });
    expect(await encoded.json()).toEqual({ result: Buffer.from('héllo').toString('base64') });
    expect(await (await call('/', ['get', key])).json()).toEqual({ result: 'héllo' });
  });

  it('answers errors with 400 and bad credentials with 401', async () => {
    const list = `${prefix}list`;
    await redis.lpush(list, 'item');
    const failed = await call('/', ['incr', list]);
    expect(failed.status).toBe(400);
    expect(((await failed.json()) as { error: string }).error).toMatch(/WRONGTYPE/);
    for (const body of ['{oops', '[]', JSON.stringify(['subscribe', 'news'])]) {
      expect((await call('/', body)).status, body).toBe(400);
    }
    expect((await call('/nowhere', ['get', 'k'])).status).toBe(404);
    const anonymous = await fetch(server.url, { method: 'POST', body: '["get","k"]' });
    expect(anonymous.status).toBe(401);
    const wrongToken = new Redis({
      url: server.url,
      token: 'nope',
      enableTelemetry: false,
      retry: false,
    });
    await expect(wrongToken.get('k')).rejects.toThrow(/Unauthorized/);
  });
});

async function canReach(url: string): Promise<boolean> {
  const probe = new IORedis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
