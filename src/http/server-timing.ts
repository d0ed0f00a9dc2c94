import { createMiddleware } from 'hono/factory';
import { ADMIN_BASE } from '../admin-paths';
import type { AppEnv } from '../app-env';

/**
 * Routes whose work depends on secret state (whether an email is an account or staff, an
 * invite token exists, a code matches): the merchant API's sign-in and invite links, and the
 * storefront's code request, verification and access links (POST; GET /auth is the profile).
 */
const secretWork = (apiBase: string) => {
  const merchant = new RegExp(`^${ADMIN_BASE}/(auth|invites/accept)(/.*)?$`);
  const storefront = new RegExp(`^${apiBase}/auth(/verify|/access)?/?$`);
  return (method: string, path: string) =>
    merchant.test(path) || (method === 'POST' && storefront.test(path));
};

/**
 * Whether an answer may say how much work it took: not on the routes above, and not on an
 * answer refusing a credential (401, 429: an unknown key, a limited network), where the count
 * of statements would tell a guessed secret from a wrong one (docs/decisions/staff.md, "Server-Timing policy").
 */
export const timingPolicy = (apiBase: string) => {
  const secret = secretWork(apiBase);
  return (method: string, path: string, status: number) =>
    !secret(method, path) && status !== 401 && status !== 429;
};

/**
 * Reports how many statements the endpoint sent to Postgres (shop resolution left out)
 * and whether the shop came from the isolate cache, as `Server-Timing` metrics, on every
 * answer timingPolicy allows.
 */
export const serverTiming = (apiBase: string) => {
  const mayReport = timingPolicy(apiBase);
  return createMiddleware<AppEnv>(async (c, next) => {
    const started = Date.now();
    await next();
    const services = c.get('services');
    if (!services || !mayReport(c.req.method, c.req.path, c.res.status)) return;
    const total = services.database.roundTrips.count;
    const forShop = c.get('shopRoundTrips') ?? 0;
    c.header(
      'Server-Timing',
      `db;desc="${total - forShop}", shop;desc="${forShop}", app;dur=${Date.now() - started}`,
      { append: true },
    );
  });
};
