import type { Bindings } from '../env';

/**
 * The built files' paths: the API reference renderer's bundle and the dashboard's hashed files.
 * They are the `storefront-assets` Worker's (wrangler.assets.toml), served from its static
 * assets with its `_headers` (cached for good); a missing one is its plain 404.
 */
const PREFIXES = ['/docs/assets/', '/admin/assets/'] as const;

/** The path of a request URL, read without parsing the whole URL. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end < 0 ? url.slice(start) : url.slice(start, start + end);
}

/**
 * The answer of the `storefront-assets` Worker for a request of one of its files, forwarded as
 * it came (method, headers, conditional requests); null for every other path, which the API
 * worker answers itself. Without the binding, null too: the application answers 404.
 */
export function staticFile(request: Request, env: Bindings): Promise<Response> | null {
  const path = pathOf(request.url);
  if (!PREFIXES.some((prefix) => path.startsWith(prefix)) || !env.ASSETS) return null;
  return env.ASSETS.fetch(request);
}
