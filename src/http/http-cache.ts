/**
 * HTTP caching of public storefront reads: how long browsers and shared caches may keep an
 * answer (Cache-Control), what it depends on (Vary), and its validator (a strong ETag).
 */

/** How a cacheable route's answers may be kept. Declared on the route (defineRoute `cache`). */
export type CachePolicy = {
  /** Seconds a browser or shared cache may reuse the answer without asking again. */
  maxAge: number;
  /** Seconds past `maxAge` a stale answer may be shown while it is revalidated. */
  staleWhileRevalidate: number;
  /**
   * Seconds the edge keeps one generation's answer. Writes move the shop to a new generation
   * at once; this bounds what no write announces (a sale window opening with time).
   */
  edgeTtl: number;
  /** The body is a stream: it is stored once complete, its ETag known from the stored copy. */
  streamed?: boolean;
};

/** Settings, policies, categories, content: changed by the merchant now and then. */
export const SHOP_CONTENT: CachePolicy = { maxAge: 60, staleWhileRevalidate: 300, edgeTtl: 300 };
/** Products, variants, cart hydration: prices and stock move with orders and sale windows. */
export const CATALOGUE: CachePolicy = { maxAge: 30, staleWhileRevalidate: 60, edgeTtl: 60 };
/** Search results: many distinct keys, each read briefly. */
export const SEARCH: CachePolicy = { maxAge: 15, staleWhileRevalidate: 60, edgeTtl: 60 };
/** Reviews and their summaries. */
export const REVIEWS: CachePolicy = { maxAge: 60, staleWhileRevalidate: 300, edgeTtl: 300 };
/** The sitemap: crawlers read it a few times a day. */
export const SITEMAP: CachePolicy = {
  maxAge: 300,
  staleWhileRevalidate: 3600,
  edgeTtl: 3600,
  streamed: true,
};

export const cacheControlOf = (policy: CachePolicy) =>
  `public, max-age=${policy.maxAge}, stale-while-revalidate=${policy.staleWhileRevalidate}`;

const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** A strong validator of exactly these bytes: the first 128 bits of their SHA-256. */
export async function strongEtag(body: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', body);
  return `"${hex(digest).slice(0, 32)}"`;
}

/**
 * Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks for this header:
 * a `W/` prefix is ignored; `*` matches any current representation).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === opaque);
}

/** The headers of a cacheable answer as a client sees it. */
export function clientHeaders(
  policy: CachePolicy,
  vary: readonly string[],
  etag: string | null,
): Record<string, string> {
  return {
    'Cache-Control': cacheControlOf(policy),
    ...(vary.length > 0 ? { Vary: vary.join(', ') } : {}),
    ...(etag ? { ETag: etag } : {}),
  };
}
