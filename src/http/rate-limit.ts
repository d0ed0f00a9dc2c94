import { createMiddleware } from 'hono/factory';
import type { RateDecision, RateRule } from '../adapters/kv';
import type { AppEnv } from '../app-env';
import { ApiError, type ErrorCode } from '../errors';
import { guarded } from './route';

/** The client IP as Cloudflare reports it, else the first forwarded hop, else 'unknown'. */
export function clientIp(headers: Headers): string {
  const ip =
    headers.get('cf-connecting-ip')?.trim() ||
    headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    'unknown';
  return ip.slice(0, 64);
}

/**
 * Route middleware counting every request of one client IP to one shop against `rule`,
 * answering `code` (429 with Retry-After) beyond it. It runs before body validation, so
 * malformed requests count too. An unreachable limiter lets the request through (logged):
 * the limit guards against floods, and the endpoint stays up without it.
 */
export const limitPerIp = (rule: RateRule, code: ErrorCode) =>
  guarded(
    createMiddleware<AppEnv>(async (c, next) => {
      const key = `${c.get('shop').id}:${clientIp(c.req.raw.headers)}`;
      let decision: RateDecision | null = null;
      try {
        decision = await c.get('services').rateLimiter.hit(rule, key);
      } catch (error) {
        c.get('services').log.warn(`${rule.name} rate limiter unavailable`, { error });
      }
      if (decision && !decision.allowed)
        throw new ApiError(code, { retryAfter: decision.retryAfterSeconds });
      await next();
    }),
    { raises: [code] },
  );
