import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { RateDecision, RateRule } from '../adapters/kv';
import type { AppEnv, Services } from '../app-env';
import { ApiError, type ErrorCode } from '../errors';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from './error-handler';
import { guarded } from './route';

/** The client IP as Cloudflare reports it, else the first forwarded hop, else 'unknown'. */
export function clientIp(headers: Headers): string {
  const ip =
    headers.get('cf-connecting-ip')?.trim() ||
    headers.get('x-forwarded-for')?.split(',')[0]?.trim() ||
    'unknown';
  return ip.slice(0, 64);
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4(text: string): string | null {
  const parts = IPV4.exec(text)?.slice(1).map(Number);
  if (!parts || parts.some((n) => n > 255)) return null;
  return parts.join('.');
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(text: string): number[] | null {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (!bare.includes(':')) return null;
  let host: string;
  try {
    // The URL parser validates and compresses the address (embedded IPv4 included).
    host = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head = '', tail] = host.split('::');
  const part = (s: string) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The network a client is counted as for per-IP limits: an IPv4 address as it is, an IPv6
 * address by its /64 (one subscriber's LAN: a client can rotate through its 2^64 addresses
 * at will), an IPv4-mapped IPv6 address as its IPv4 address. What is not an address shares
 * one bucket per kind ('unknown' without any header).
 */
export function clientNetwork(headers: Headers): string {
  const ip = clientIp(headers);
  if (ip === 'unknown') return ip;
  const v4 = ipv4(ip);
  if (v4) return v4;
  const groups = ipv6Groups(ip);
  if (!groups) return 'invalid';
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** One limit to count a request against, under one key. */
export type LimitCheck = { rule: RateRule; key: string };

/**
 * What a limit does when the limiter cannot answer (down, or slower than its timeout):
 * `refuse` for limits that guard accounts (sign-in), `allow` for limits against floods.
 */
export type WhenLimiterDown = 'refuse' | 'allow';

/**
 * Counts one request against every check (or, with `count: false`, asks whether one more
 * would be allowed, counting nothing). Beyond any of them: `refusal.code` (429) with
 * Retry-After, the longest wait of the limits hit. When the limiter cannot answer, the
 * request is refused with 503 SERVICE_UNAVAILABLE and Retry-After (`refuse`: the caller
 * must then do nothing) or let through (`allow`); either way it is logged.
 */
export async function enforceLimits(
  services: Pick<Services, 'rateLimiter' | 'log' | 'rateLimits'>,
  checks: LimitCheck[],
  refusal: { code: ErrorCode; message?: string },
  whenDown: WhenLimiterDown,
  { count = true }: { count?: boolean } = {},
): Promise<void> {
  let decisions: RateDecision[];
  const { rateLimiter } = services;
  const decide = (c: LimitCheck) =>
    count ? rateLimiter.hit(c.rule, c.key) : rateLimiter.peek(c.rule, c.key);
  try {
    decisions = await Promise.all(checks.map(decide));
  } catch (error) {
    const limits = checks.map((c) => c.rule.name).join(', ');
    services.log.warn(
      `rate limiter unavailable; ${whenDown === 'refuse' ? 'refused' : 'allowed'}`,
      {
        limits,
        error,
      },
    );
    if (whenDown === 'allow') return;
    throw new ApiError('SERVICE_UNAVAILABLE', {
      message: 'This request cannot be checked right now. Try again in a few seconds.',
      retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS,
    });
  }
  checks.forEach(({ rule }, i) => {
    const decision = decisions[i];
    if (decision) services.rateLimits.push({ rule, decision });
  });
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length > 0) {
    const retryAfter = Math.max(...refused.map((d) => d.retryAfterSeconds));
    throw new ApiError(refusal.code, { retryAfter, message: refusal.message });
  }
}

/**
 * Sets the IETF rate-limit headers (draft-ietf-httpapi-ratelimit-headers) on the answer to a
 * request that was counted against limits, refused or not: `RateLimit-Policy` names each
 * limit with its quota and window, `RateLimit` what remains of it and when it is whole.
 */
export const rateLimitHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  const counted = c.get('services')?.rateLimits ?? [];
  if (counted.length === 0) return;
  const name = (rule: RateRule) => `"${rule.name}"`;
  c.res.headers.set(
    'RateLimit-Policy',
    counted.map(({ rule }) => `${name(rule)};q=${rule.limit};w=${rule.windowSeconds}`).join(', '),
  );
  c.res.headers.set(
    'RateLimit',
    counted
      .map(
        ({ rule, decision }) => `${name(rule)};r=${decision.remaining};t=${decision.resetSeconds}`,
      )
      .join(', '),
  );
});

/** The per-network key of a request to one shop, the one shape every per-IP limit counts by. */
export const networkKey = (shopId: string, headers: Headers) =>
  `${shopId}:${clientNetwork(headers)}`;

/** The keys a request is counted under within its shop; an empty list counts nothing. */
export type RateKeys = (c: Context<AppEnv>) => readonly string[] | Promise<readonly string[]>;

/**
 * Route middleware counting every request to one shop against the rule under each key
 * `keysOf` names, answering `code` (429, Retry-After the longest wait) when any key is over
 * its limit. It runs before body validation, so malformed requests count too. `whenDown`
 * decides what an unreachable limiter means: flood limits let the request through (the
 * default, logged), sign-in limits refuse it (503).
 */
export const limitPer = (
  ruleOf: RateRule | ((c: Context<AppEnv>) => RateRule),
  code: ErrorCode,
  keysOf: RateKeys,
  options: { whenDown?: WhenLimiterDown; message?: string } = {},
) =>
  guarded(
    createMiddleware<AppEnv>(async (c, next) => {
      const rule = typeof ruleOf === 'function' ? ruleOf(c) : ruleOf;
      const shopId = c.get('shop').id;
      const keys = await keysOf(c);
      await enforceLimits(
        c.get('services'),
        keys.map((key) => ({ rule, key: `${shopId}:${key}` })),
        { code, message: options.message },
        options.whenDown ?? 'allow',
      );
      await next();
    }),
    { raises: [code] },
  );

/** `limitPer` keyed by the client network (clientNetwork): attempts of one client at one shop. */
export const limitPerIp = (
  rule: RateRule,
  code: ErrorCode,
  options: { whenDown?: WhenLimiterDown; message?: string } = {},
) => limitPer(rule, code, (c) => [clientNetwork(c.req.raw.headers)], options);

/**
 * `limitPer` keyed by the merchant credential: every request made with one key (or by one
 * staff member in the shop), over a sliding minute, against its own limit. Runs after the
 * credential is resolved.
 */
export const limitPerMerchantKey = (code: ErrorCode) =>
  limitPer(
    (c) => ({
      name: c.get('merchant').keyId ? 'merchant-key' : 'staff-member',
      limit: c.get('merchant').rateLimit,
      windowSeconds: 60,
    }),
    code,
    (c) => [c.get('merchant').rateKey],
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
