import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis/cloudflare';
import { DependencyUnavailableError } from '../lib/dependency';
import type { DedupStore, GenerationStore, RateLimiter, RateRule, SharedMemo } from './kv';

/**
 * The longest one Redis call may take, its retry included. Upstash answers a Worker in
 * milliseconds; beyond this the limiter is treated as down (security limits refuse, flood
 * limits let the request through, analytics store the event without de-duplication).
 */
export const KV_TIMEOUT_MS = 1_000;

/**
 * The longest a generation read or bump may take. It sits on the path of every storefront
 * request (memoised per isolate for a second), so it is much shorter than KV_TIMEOUT_MS and
 * not retried: a slow Redis makes reads go to Postgres uncached rather than wait.
 */
export const GENERATION_TIMEOUT_MS = 200;

export function createUpstashRedis(
  url: string,
  token: string,
  options: { timeoutMs?: number; retries?: number } = {},
): Redis {
  const timeoutMs = options.timeoutMs ?? KV_TIMEOUT_MS;
  return new Redis({
    url,
    token,
    enableTelemetry: false,
    // A function: a fresh signal per call, shared by its retry, so the call as a whole is
    // bounded; the client then throws the abort instead of inventing an "Aborted" result.
    signal: () => AbortSignal.timeout(timeoutMs),
    retry: { retries: options.retries ?? 1, backoff: () => 50 },
  });
}

/** Runs one Redis call, reporting any failure as the store being unavailable. */
async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new DependencyUnavailableError('redis', `${what} failed`, { cause: error });
  }
}

/** Sliding-window limits kept in Upstash Redis, shared by every isolate. */
export function createUpstashRateLimiter(redis: Redis): RateLimiter {
  const limiters = new Map<string, Ratelimit>();
  const limiterFor = (rule: RateRule) => {
    const id = `${rule.name}:${rule.limit}:${rule.windowSeconds}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new Ratelimit({
        redis,
        limiter: Ratelimit.slidingWindow(rule.limit, `${rule.windowSeconds} s`),
        prefix: `rl:${rule.name}`,
        analytics: false,
        // Its default lets a request through after 5 s; here a late answer is a failure the
        // caller decides about (rate-limit.ts), reported as such below.
        timeout: KV_TIMEOUT_MS,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async hit(rule, key) {
      const result = await call(`rate limit ${rule.name}`, () => limiterFor(rule).limit(key));
      if (result.reason === 'timeout') {
        throw new DependencyUnavailableError('redis', `rate limit ${rule.name} timed out`);
      }
      const untilReset = Math.max(0, Math.ceil((result.reset - Date.now()) / 1000));
      return {
        allowed: result.success,
        remaining: result.remaining,
        retryAfterSeconds: result.success ? 0 : Math.max(1, untilReset),
        resetSeconds: untilReset,
      };
    },
    async peek(rule, key) {
      const { remaining, reset } = await call(`rate limit ${rule.name}`, () =>
        limiterFor(rule).getRemaining(key),
      );
      const untilReset = Math.max(0, Math.ceil((reset - Date.now()) / 1000));
      return {
        allowed: remaining > 0,
        remaining,
        retryAfterSeconds: remaining > 0 ? 0 : Math.max(1, untilReset),
        resetSeconds: untilReset,
      };
    },
  };
}

/** SET NX with a TTL; a repeat renews the TTL. */
export function createUpstashDedup(redis: Redis): DedupStore {
  return {
    async firstSeen(key, ttlSeconds) {
      const created = await call('dedup set', () =>
        redis.set(`dedup:${key}`, 1, { nx: true, ex: ttlSeconds }),
      );
      if (created === 'OK') return true;
      await call('dedup expire', () => redis.expire(`dedup:${key}`, ttlSeconds));
      return false;
    },
  };
}

/** Values in Redis (`memo:<key>`) with a TTL; the client stores them as JSON. */
export function createUpstashSharedMemo(redis: Redis): SharedMemo {
  return {
    async get<V>(key: string) {
      const stored = await call('memo get', () => redis.get<V>(`memo:${key}`));
      return stored ?? null;
    },
    async set(key, value, ttlSeconds) {
      await call('memo set', () => redis.set(`memo:${key}`, value, { ex: ttlSeconds }));
    },
  };
}

/**
 * Generations in Redis (`gen:<shopId>`), shared by every isolate. A bump writes a fresh
 * random token rather than incrementing, so a key lost to eviction or a flush can never bring
 * back a token that old cached answers were stored under; a missing key gets a fresh token.
 */
export function createUpstashGenerations(redis: Redis): GenerationStore {
  const key = (shopId: string) => `gen:${shopId}`;
  return {
    async current(shopId) {
      const stored = await call('generation get', () => redis.get<string>(key(shopId)));
      if (stored !== null && stored !== undefined) return String(stored);
      const fresh = crypto.randomUUID();
      const created = await call('generation init', () =>
        redis.set(key(shopId), fresh, { nx: true }),
      );
      if (created === 'OK') return fresh;
      const winner = await call('generation get', () => redis.get<string>(key(shopId)));
      if (winner === null || winner === undefined) {
        throw new DependencyUnavailableError('redis', 'generation vanished');
      }
      return String(winner);
    },
    async bump(shopId) {
      await call('generation bump', () => redis.set(key(shopId), crypto.randomUUID()));
    },
  };
}
