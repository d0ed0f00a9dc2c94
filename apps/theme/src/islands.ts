import type { Context } from 'hono';
import product from '../dist/islands/product.txt';
import theme from '../dist/islands/theme.txt';

const SOURCES = { theme, product } as const;
export type Island = keyof typeof SOURCES;

const hashes = new Map<Island, Promise<string>>();

/** The first 10 hex digits of the island's SHA-256: its URL changes when its content does. */
function hashOf(name: Island): Promise<string> {
  let found = hashes.get(name);
  if (!found) {
    found = crypto.subtle.digest('SHA-256', new TextEncoder().encode(SOURCES[name])).then((d) =>
      Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, '0'))
        .join('')
        .slice(0, 10),
    );
    hashes.set(name, found);
  }
  return found;
}

/** `/assets/<name>.<hash>.js`, cacheable for a year. */
export const islandUrl = async (name: Island) => `/assets/${name}.${await hashOf(name)}.js`;

/** GET /assets/:file — the current build's island; an old hash is a 404, never stale code. */
export async function serveIsland(c: Context) {
  const match = /^([a-z]+)\.([0-9a-f]{10})\.js$/.exec(c.req.param('file') ?? '');
  const name = match?.[1] as Island | undefined;
  if (!match || !name || !(name in SOURCES) || (await hashOf(name)) !== match[2]) {
    return c.text('Not found', 404);
  }
  return c.body(SOURCES[name], 200, {
    'content-type': 'text/javascript; charset=utf-8',
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  });
}
