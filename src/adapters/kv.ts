/** A named limit: at most `limit` hits per `windowSeconds`, sliding. */
export type RateRule = { name: string; limit: number; windowSeconds: number };
export type RateDecision = {
  allowed: boolean;
  /** Requests left in the window after this one. */
  remaining: number;
  /** When refused: seconds until a request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
  /** Seconds until the window's quota is whole again. */
  resetSeconds: number;
};

/** Port: counts hits per key and rule. */
export interface RateLimiter {
  hit(rule: RateRule, key: string): Promise<RateDecision>;
  /** What a hit would decide, without counting one. */
  peek(rule: RateRule, key: string): Promise<RateDecision>;
}

/** Port: remembers keys for a while (analytics de-duplication). */
export interface DedupStore {
  /**
   * True the first time `key` is seen within `ttlSeconds`; a repeat returns false
   * and renews the TTL, so the window slides with activity.
   */
  firstSeen(key: string, ttlSeconds: number): Promise<boolean>;
}

/**
 * Port: JSON values every isolate shares for a while (a positive cache). Best effort: a
 * value may vanish before its TTL, so a reader must be able to do without it.
 */
export interface SharedMemo {
  /** The value stored under `key`, or null when absent or expired. */
  get<V>(key: string): Promise<V | null>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
}

/**
 * Port: each shop's generation, an opaque token that changes whenever something a public
 * storefront read shows changes. Cached answers are keyed on it, so a new generation makes
 * every cached answer of the shop unreachable at once. A token is never reused.
 */
export interface GenerationStore {
  /** The shop's current generation (throws DependencyUnavailableError when unreachable). */
  current(shopId: string): Promise<string>;
  /** Moves the shop to a new generation. */
  bump(shopId: string): Promise<void>;
}
