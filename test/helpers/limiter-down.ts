import type { RateLimiter } from '../../src/adapters/kv';
import { DependencyUnavailableError } from '../../src/lib/dependency';

/** A rate limiter that cannot answer, as the Upstash one reports Redis timing out. */
export const limiterDown: RateLimiter = {
  hit: () => Promise.reject(new DependencyUnavailableError('redis', 'timed out')),
  peek: () => Promise.reject(new DependencyUnavailableError('redis', 'timed out')),
};
