import type { DedupStore, GenerationStore, RateLimiter, RateRule, SharedMemo } from './kv';

/**
 * In-process sliding-window limiter. Honest only for a single isolate (local development
 * without Redis); deployments use the Upstash implementation.
 */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const hits = new Map<string, number[]>();
  const decide = (rule: RateRule, key: string, count: boolean) => {
    const id = `${rule.name}:${key}`;
    const windowMs = rule.windowSeconds * 1000;
    const t = now();
    const recent = (hits.get(id) ?? []).filter((at) => at > t - windowMs);
    const allowed = recent.length < rule.limit;
    if (allowed && count) recent.push(t);
    hits.set(id, recent);
    const oldest = recent[0] ?? t;
    const newest = recent.at(-1) ?? t;
    return {
      allowed,
      remaining: Math.max(0, rule.limit - recent.length),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((oldest + windowMs - t) / 1000)),
      resetSeconds: Math.max(0, Math.ceil((newest + windowMs - t) / 1000)),
    };
  };
  return {
    hit: async (rule, key) => decide(rule, key, true),
    peek: async (rule, key) => decide(rule, key, false),
  };
}

/** In-process de-duplication with expiring keys. */
export function createMemoryDedup(now: () => number = Date.now): DedupStore {
  const expiries = new Map<string, number>();
  return {
    async firstSeen(key, ttlSeconds) {
      const t = now();
      const expiresAt = expiries.get(key);
      expiries.set(key, t + ttlSeconds * 1000);
      return expiresAt === undefined || expiresAt <= t;
    },
  };
}

/** In-process shared memo: honest only for a single isolate (local development without Redis). */
export function createMemorySharedMemo(now: () => number = Date.now): SharedMemo {
  const values = new Map<string, { json: string; expiresAt: number }>();
  return {
    async get<V>(key: string) {
      const stored = values.get(key);
      if (!stored || stored.expiresAt <= now()) return null;
      return JSON.parse(stored.json) as V;
    },
    async set(key, value, ttlSeconds) {
      values.set(key, { json: JSON.stringify(value), expiresAt: now() + ttlSeconds * 1000 });
    },
  };
}

/** In-process generations: honest only for a single isolate (local development without Redis). */
export function createMemoryGenerations(): GenerationStore {
  const generations = new Map<string, string>();
  return {
    async current(shopId) {
      let generation = generations.get(shopId);
      if (generation === undefined) {
        generation = crypto.randomUUID();
        generations.set(shopId, generation);
      }
      return generation;
    },
    async bump(shopId) {
      generations.set(shopId, crypto.randomUUID());
    },
  };
}
