import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis/cloudflare';
import type { DedupStore, RateLimiter, RateRule } from './kv';

export function createUpstashRedis(url: string, token: string): Redis {
  return new Redis({ url, token, enableTelemetry: false, retry: { retries: 1 } });
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
      });
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async hit(rule, key) {
      const result = await limiterFor(rule).limit(key);
      return {
        allowed: result.success,
        remaining: result.remaining,
        retryAfterSeconds: result.success
          ? 0
          : Math.max(1, Math.ceil((result.reset - Date.now()) / 1000)),
      };
    },
  };
}

/** SET NX with a TTL; a repeat renews the TTL. */
export function createUpstashDedup(redis: Redis): DedupStore {
  return {
    async firstSeen(key, ttlSeconds) {
      const created = await redis.set(`dedup:${key}`, 1, { nx: true, ex: ttlSeconds });
      if (created === 'OK') return true;
      await redis.expire(`dedup:${key}`, ttlSeconds);
      return false;
    },
  };
}
