import { POLICY_TYPES, type PolicyType } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { PAGE_SEGMENT } from '../../../lib/storefront-paths';

/** Longest `url` POST /config accepts (the de facto limit of browsers and crawlers). */
export const MAX_URL_LENGTH = 2048;

export type PathSegment = { value: string; placeholder: boolean };
export type StorefrontUrl = {
  /** Lower-case host when the client sent an absolute URL; it must be one of the shop's. */
  host: string | null;
  segments: PathSegment[];
};

/** A URL or path without its query and fragment. */
export const withoutQuery = (url: string): string => url.replace(/[?#][\s\S]*$/, '');

/** A pattern segment such as `:id`, filled from `param`. */
const PLACEHOLDER = /^:[a-z][a-z0-9_-]*$/i;
const FORBIDDEN = /[\s\p{Cc}\\]/u;

/**
 * Parses the `url` of POST /config: a storefront path (`/product/:id`, `/shop/`),
 * or an absolute http(s) URL whose path is taken (its host is checked against the
 * shop's domains later). Query and fragment are ignored. Anything else — other
 * schemes, protocol-relative `//host`, missing leading `/`, backslashes, whitespace,
 * control characters, dot or empty segments, bad percent-encoding — is SHOP_URL_INVALID.
 */
export function parseStorefrontUrl(raw: string): StorefrontUrl {
  const invalid = () => new ApiError('SHOP_URL_INVALID');
  if (raw.length === 0 || raw.length > MAX_URL_LENGTH || FORBIDDEN.test(raw)) throw invalid();
  let host: string | null = null;
  let path: string;
  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) throw invalid();
    path = withoutQuery(raw);
  } else if (/^https?:\/\//i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw invalid();
    }
    if (url.username || url.password || !url.hostname) throw invalid();
    host = url.hostname.toLowerCase();
    path = url.pathname;
  } else {
    throw invalid();
  }

  const parts = path.split('/').slice(1);
  if (parts.at(-1) === '') parts.pop();
  const segments = parts.map((part): PathSegment => {
    if (PLACEHOLDER.test(part)) return { value: part, placeholder: true };
    let value: string;
    try {
      value = decodeURIComponent(part);
    } catch {
      throw invalid();
    }
    if (value === '' || value === '.' || value === '..' || /[\p{Cc}\\/]/u.test(value)) {
      throw invalid();
    }
    return { value, placeholder: false };
  });
  return { host, segments };
}

/** The page a storefront URL shows, with the identifier a dynamic pattern needs (null when absent). */
export type PageTarget =
  | { kind: 'product'; id: string | null }
  | { kind: 'collection'; slug: string | null }
  | { kind: 'support'; type: PolicyType | null }
  | { kind: 'search'; term: string | null }
  | { kind: 'static' };

const isPolicyType = (value: string): value is PolicyType =>
  (POLICY_TYPES as readonly string[]).includes(value);

/**
 * Matches a parsed URL to the contract's patterns. A placeholder segment takes
 * `param`; a concrete segment (`/product/linen-shirt`) is the identifier itself.
 * Also returns the page's path with the placeholders filled (dropped when no param).
 */
export function matchPage(
  url: StorefrontUrl,
  param: string | null,
): { target: PageTarget; path: string } {
  const fill = (segment: PathSegment) => (segment.placeholder ? param : segment.value);
  const path = `/${url.segments
    .map(fill)
    .filter((value): value is string => value !== null && value !== '')
    .map(encodeURIComponent)
    .join('/')}`;
  const [first, second] = url.segments;
  const identifier = second && url.segments.length === 2 ? fill(second) || null : null;

  if (first && !first.placeholder && (url.segments.length === 2 || url.segments.length === 1)) {
    switch (first.value) {
      case PAGE_SEGMENT.product:
        if (second) return { target: { kind: 'product', id: identifier }, path };
        break;
      case PAGE_SEGMENT.collection:
        if (second) return { target: { kind: 'collection', slug: identifier }, path };
        break;
      case PAGE_SEGMENT.support:
        if (second) {
          const type = identifier && isPolicyType(identifier) ? identifier : null;
          return { target: { kind: 'support', type }, path };
        }
        break;
      case PAGE_SEGMENT.search:
        if (!second) return { target: { kind: 'search', term: param || null }, path };
        break;
    }
  }
  return { target: { kind: 'static' }, path };
}
