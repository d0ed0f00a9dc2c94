import { NeonDbError } from '@neondatabase/serverless';
import { DrizzleQueryError } from 'drizzle-orm';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { PaymentProviderError } from '../../src/adapters/payments';
import type { AppEnv } from '../../src/app-env';
import { ApiError } from '../../src/errors';
import { onError, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../../src/http/error-handler';
import { enforceLimits } from '../../src/http/rate-limit';
import { DependencyUnavailableError } from '../../src/lib/dependency';
import { createLogger } from '../../src/lib/log';
import { limiterDown } from '../helpers/limiter-down';

/** What the error handler answers for `error`. */
async function answerTo(error: unknown) {
  const app = new Hono<AppEnv>();
  app.get('/', () => {
    throw error;
  });
  app.onError(onError);
  const res = await app.request('/');
  return {
    status: res.status,
    code: ((await res.json()) as { code: string }).code,
    retryAfter: res.headers.get('retry-after'),
  };
}

const neonError = (message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new NeonDbError(message), fields);
const failedQuery = (cause: unknown, params: unknown[] = []) =>
  new DrizzleQueryError('select 1', params, cause as Error);

describe('errors of dependencies, read through their cause chains', () => {
  const unavailable = {
    'a failed query whose driver could not connect (sourceError)': failedQuery(
      neonError('Error connecting to database: TypeError: fetch failed', {
        sourceError: new TypeError('fetch failed'),
      }),
    ),
    "Neon's HTTP 5xx": failedQuery(neonError('Server error (HTTP status 503): down')),
    'a statement cut by an admin shutdown (57P01)': failedQuery(
      neonError('terminating connection due to administrator command', { code: '57P01' }),
    ),
    'a statement timeout (57014)': failedQuery(neonError('canceling statement', { code: '57014' })),
    'too many connections (53300)': failedQuery(neonError('too many clients', { code: '53300' })),
    'a lost WebSocket connection': failedQuery(new Error('Connection terminated unexpectedly')),
    'a timeout deep in the chain': new Error('outer', {
      cause: failedQuery(new DOMException('The operation timed out', 'TimeoutError')),
    }),
    'Redis unreachable': new DependencyUnavailableError('redis', 'rate limit failed'),
    'the payment provider': new PaymentProviderError('payment provider unreachable'),
  };

  it.each(Object.entries(unavailable))('%s is 503 with Retry-After', async (_, error) => {
    expect(await answerTo(error)).toEqual({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      retryAfter: String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
  });

  it('keeps a bug a 500, even when customer text in its parameters reads like a network error', async () => {
    const syntax = failedQuery(neonError('syntax error', { code: '42601' }), [
      'Connection terminated unexpectedly',
    ]);
    expect(await answerTo(syntax)).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(await answerTo(new TypeError('x is undefined'))).toMatchObject({ status: 500 });
  });

  it('gives SERVICE_UNAVAILABLE a Retry-After even when the thrower named none', async () => {
    expect(await answerTo(new ApiError('SERVICE_UNAVAILABLE'))).toMatchObject({
      status: 503,
      retryAfter: String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
    expect(await answerTo(new ApiError('SERVICE_UNAVAILABLE', { retryAfter: 30 }))).toMatchObject({
      retryAfter: '30',
    });
  });
});

describe('limits when the limiter cannot answer', () => {
  const down = limiterDown;
  const rule = { name: 'test', limit: 1, windowSeconds: 60 };
  const warnings: string[] = [];
  const log = { ...createLogger(), warn: (msg: string) => warnings.push(msg) };

  it('refuses with 503 and Retry-After when the limit guards accounts', async () => {
    const refused = await enforceLimits(
      { rateLimiter: down, log, rateLimits: [] },
      [{ rule, key: 'k' }],
      { code: 'TOO_MANY_LOGIN_ATTEMPTS' },
      'refuse',
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS,
    });
    expect(warnings.at(-1)).toMatch(/unavailable; refused/);
  });

  it('lets the request through, logged, when the limit only guards against floods', async () => {
    await expect(
      enforceLimits(
        { rateLimiter: down, log, rateLimits: [] },
        [{ rule, key: 'k' }],
        { code: 'ORDER_RATE_LIMITED' },
        'allow',
      ),
    ).resolves.toBeUndefined();
    expect(warnings.at(-1)).toMatch(/unavailable; allowed/);
  });
});
