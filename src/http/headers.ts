import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';

/**
 * Paths under the API base whose answers concern one customer (or hand out a token):
 * sign-in and the profile, orders (downloads included) and the customer's own reviews.
 */
const PERSONAL_PATH = /^\/(auth|orders)(\/|$)|^\/reviews\/my\/?$/;

/** True when the answer must never be stored by a browser, proxy or CDN. */
export const isPersonal = (apiBase: string, path: string, headers: Headers) =>
  headers.has('authorization') ||
  (path.startsWith(`${apiBase}/`) && PERSONAL_PATH.test(path.slice(apiBase.length)));

/**
 * Headers of every response, errors and preflights included: `nosniff` (a body is read
 * as its declared type, never guessed), and `Cache-Control: no-store` on anything personal
 * or carrying a token, replacing whatever weaker caching the handler set.
 */
export const securityHeaders = (apiBase: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    if (!isPersonal(apiBase, c.req.path, c.req.raw.headers)) return;
    // A handler's own `no-store` (e.g. `private, no-store` on downloads) is kept as it is.
    if (!/\bno-store\b/i.test(c.res.headers.get('cache-control') ?? '')) {
      c.header('Cache-Control', 'no-store');
    }
  });
