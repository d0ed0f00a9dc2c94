import type { Context, Next } from 'hono';
import { Hono } from 'hono';
import { ADMIN_BASE } from '../admin-paths';
import type { AppEnv } from '../app-env';

/** Where the dashboard lives; its build's hashed files are under `${DASHBOARD_BASE}/assets/`. */
export const DASHBOARD_BASE = '/admin';
/** The app's one page in the static assets (scripts/build/assets.ts builds it). */
const INDEX = `${DASHBOARD_BASE}/index.html`;

/**
 * The page may run only its own files: no inline or injected script, no plugin, no framing.
 * Images may come from the media host (MEDIA_BASE_URL may be another origin); calls go only
 * to this origin (the merchant API, with the session cookie).
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': DASHBOARD_CSP,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  // The page names the build's hashed files: a new deploy must be seen at once.
  'Cache-Control': 'no-store',
};

/** Paths under /admin that are not the app's: the merchant API and its reference. */
const notTheApp = (path: string) =>
  path === `${DASHBOARD_BASE}/api` ||
  path.startsWith(`${DASHBOARD_BASE}/api/`) ||
  path === `${DASHBOARD_BASE}/docs` ||
  path.startsWith(`${DASHBOARD_BASE}/docs/`) ||
  path.startsWith(`${ADMIN_BASE}/`);

async function page(c: Context<AppEnv>, next: Next) {
  if (notTheApp(c.req.path)) return next();
  const assets = c.env.ASSETS;
  const index = assets ? await assets.fetch(new URL(INDEX, c.req.url)) : undefined;
  if (!index?.ok) {
    await index?.body?.cancel();
    return c.text('The dashboard is not built: run `npm install` or `npm run dev`.', 503, {
      'Cache-Control': 'no-store',
      'Retry-After': '60',
    });
  }
  return new Response(index.body, { status: 200, headers: HEADERS });
}

/**
 * The merchant dashboard, a single-page app: every path under /admin that is not the API, its
 * reference or a built file answers with the app's page, which routes in the browser (so deep
 * links and reloads work). The hashed files under /admin/assets/ never reach these routes: the
 * worker's entry forwards them to the assets Worker (src/http/static-files.ts).
 */
export const dashboardRoutes = new Hono<AppEnv>();
dashboardRoutes.get(DASHBOARD_BASE, page);
dashboardRoutes.get(`${DASHBOARD_BASE}/*`, page);
