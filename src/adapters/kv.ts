/** A named limit: at most `limit` hits per `windowSeconds`, sliding. */
export type RateRule = { name: string; limit: number; windowSeconds: number };
export type RateDecision = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/** Port: counts hits per key and rule. */
export interface RateLimiter {
  hit(rule: RateRule, key: string): Promise<RateDecision>;
}

/** Port: remembers keys for a while (analytics de-duplication). */
export interface DedupStore {
  /**
   * True the first time `key` is seen within `ttlSeconds`; a repeat returns false
   * and renews the TTL, so the window slides with activity.
   */
  firstSeen(key: string, ttlSeconds: number): Promise<boolean>;
}
