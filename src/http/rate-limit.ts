import type { Context } from 'hono';
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

/** The keys a request is counted under within its shop; an empty list counts nothing. */
export type RateKeys = (c: Context<AppEnv>) => readonly string[] | Promise<readonly string[]>;

/**
 * Route middleware counting every request to one shop against the rule under each key
 * `keysOf` names, answering `code` (429, Retry-After the longest wait) when any key is over
 * its limit. It runs before body validation, so malformed requests count too. An
 * unreachable limiter lets the request through (logged): the limit guards against floods,
 * and the endpoint stays up without it.
 */
export const limitPer = (
  ruleOf: RateRule | ((c: Context<AppEnv>) => RateRule),
  code: ErrorCode,
  keysOf: RateKeys,
) =>
  guarded(
    createMiddleware<AppEnv>(async (c, next) => {
      const rule = typeof ruleOf === 'function' ? ruleOf(c) : ruleOf;
      const shopId = c.get('shop').id;
      const { rateLimiter, log } = c.get('services');
      const keys = await keysOf(c);
      let decisions: RateDecision[] = [];
      try {
        decisions = await Promise.all(keys.map((key) => rateLimiter.hit(rule, `${shopId}:${key}`)));
      } catch (error) {
        log.warn(`${rule.name} rate limiter unavailable`, { error });
      }
      const waits = decisions.filter((d) => !d.allowed).map((d) => d.retryAfterSeconds);
      if (waits.length > 0) throw new ApiError(code, { retryAfter: Math.max(...waits) });
      await next();
    }),
    { raises: [code] },
  );

/** `limitPer` keyed by the client IP: attempts of one address at one shop. */
export const limitPerIp = (rule: RateRule, code: ErrorCode) =>
  limitPer(rule, code, (c) => [clientIp(c.req.raw.headers)]);

/**
 * `limitPer` keyed by the merchant key: every request made with one key, over a sliding
 * minute, against the key's own limit. Runs after the key is resolved.
 */
export const limitPerMerchantKey = (code: ErrorCode) =>
  limitPer(
    (c) => ({ name: 'merchant-key', limit: c.get('merchant').rateLimit, windowSeconds: 60 }),
    code,
    (c) => [c.get('merchant').keyId],
  );

/**
 * The request's JSON body before validation, or null when it is not JSON: for limits keyed
 * by what the body names. The parsed body is cached, so validation reads the same one.
 */
export async function unvalidatedJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return null;
  }
}
