import type { ThemeContext } from './env';

/**
 * Anonymous catalogue pages are cached whole at the edge (Workers Cache API) for 2 s: a busy
 * page is rendered at most once per interval per data centre, and a shop change shows at most
 * 2 s after the API shows it. Time-based because the storefront contract names no signal that
 * a shop changed (no generation, no promised ETag); see docs/decisions/theme.md. The health check
 * still runs first.
 */
export const PAGE_TTL_SECONDS = 2;

const CACHEABLE = [
  /^\/$/,
  /^\/shop$/,
  /^\/collections\/[^/]+$/,
  /^\/product\/[^/]+$/,
  /^\/search$/,
  /^\/support\/[^/]+$/,
  /^\/contact-us$/,
];

export function isCacheablePage(c: ThemeContext) {
  if (c.req.method !== 'GET') return false;
  const url = new URL(c.req.url);
  // A refused add to bag carries a message for this visitor only.
  if (url.searchParams.has('error')) return false;
  return CACHEABLE.some((r) => r.test(url.pathname));
}

const store = (): Cache | undefined =>
  typeof caches === 'undefined' ? undefined : (caches as unknown as { default: Cache }).default;

const keyOf = (c: ThemeContext) => {
  const url = new URL(c.req.url);
  url.searchParams.sort();
  return new Request(`${url.origin}/__page${url.pathname}?${url.searchParams}`);
};

export async function cachedPage(c: ThemeContext): Promise<Response | undefined> {
  const hit = await store()?.match(keyOf(c));
  if (!hit) return undefined;
  const response = new Response(hit.body, hit);
  response.headers.set('x-theme-cache', 'hit');
  return response;
}

export async function storePage(c: ThemeContext, response: Response) {
  await store()?.put(keyOf(c), response);
}
