import { createMiddleware } from 'hono/factory';
import { ADMIN_BASE, ADMIN_OPENAPI_PATH } from '../admin-paths';
import type { AppEnv } from '../app-env';
import { hasSessionCookie } from './staff-session';

/**
 * Paths under the API base whose answers concern one customer (or hand out a token):
 * sign-in and the profile, orders (downloads included) and the customer's own reviews.
 */
const PERSONAL_PATH = /^\/(auth|orders)(\/|$)|^\/reviews\/my\/?$/;

/**
 * True when the answer must never be stored by a browser, proxy or CDN: a request with a
 * key (`Authorization`) or a staff session cookie, every merchant API route but its public
 * document, and the storefront's personal paths.
 */
export const isPersonal = (apiBase: string, path: string, headers: Headers) =>
  headers.has('authorization') ||
  hasSessionCookie(headers) ||
  (path.startsWith(`${ADMIN_BASE}/`) && path !== ADMIN_OPENAPI_PATH) ||
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
