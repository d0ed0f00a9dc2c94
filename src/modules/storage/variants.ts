import type { ImageWidth } from '@storefront-api/client/images';
import type { Context } from 'hono';
import type { VariantFormat } from '../../adapters/images';
import type { StoredObject } from '../../adapters/storage';
import type { AppEnv } from '../../app-env';
import { readMedia } from './service';

/*
 * Images resized for the place that shows them: `/storage/<shop>/media/<file>?w=<width>`.
 *
 * The width is one of IMAGE_WIDTHS (any other is refused before anything is read: a free
 * width would let anyone make the resizer work without end). The format follows `Accept`:
 * WebP when the browser names it, else AVIF when it names that, else the original's own
 * family (JPEG stays JPEG, anything else becomes PNG); answers carry `Vary: Accept`. An image
 * is never made wider than it is. Each variant is resized once per data centre and kept in
 * the Workers Cache API for as long as browsers keep it (a day), keyed by shop, file, width
 * and format; a second request is answered from there (`Server-Timing: cache;desc="hit"`).
 * SVGs, files the resizer cannot read, a worker without the IMAGES binding and a failed resize
 * are answered with the image as stored, as if no width had been asked.
 */

const CACHE_CONTROL = 'public, max-age=86400';

/** Answer headers of an image as stored (the route without `?w=` answers only these). */
export const storedHeaders = (object: StoredObject, size = object.size) => ({
  'Content-Type': object.contentType ?? 'application/octet-stream',
  'Content-Length': String(size),
  'Cache-Control': CACHE_CONTROL,
  ETag: object.etag,
  'X-Content-Type-Options': 'nosniff',
  // Merchant SVGs are images, never documents: no scripts even when opened directly.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
});

/** Whether `accept` names `type` with a quality above zero (wildcards do not count). */
const accepts = (accept: string, type: string) =>
  accept.split(',').some((part) => {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (name !== type) return false;
    const q = params.find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });

/** The modern format `accept` allows, WebP first; null keeps the original's family. */
export function negotiatedFormat(accept: string | undefined): VariantFormat | null {
  if (!accept) return null;
  if (accepts(accept, 'image/webp')) return 'image/webp';
  if (accepts(accept, 'image/avif')) return 'image/avif';
  return null;
}

const edgeStore = (): Cache | undefined =>
  typeof caches === 'undefined' ? undefined : (caches as unknown as { default: Cache }).default;

/**
 * The answer to this request from `response`: 304 to a client holding its ETag already, and a
 * `Server-Timing` entry saying whether the cache answered.
 */
function answer(c: Context<AppEnv>, response: Response, cache: 'hit' | 'miss'): Response {
  const headers = new Headers(response.headers);
  headers.append('Server-Timing', `cache;desc="${cache}"`);
  const etag = headers.get('etag');
  if (!etag || c.req.header('if-none-match') !== etag)
    return new Response(response.body, { headers });
  headers.delete('content-length');
  return new Response(null, { status: 304, headers });
}

/** `shopId`'s image `filename` resized to `width` for this request's `Accept`. */
export async function serveVariant(
  c: Context<AppEnv>,
  shopId: string,
  filename: string,
  width: ImageWidth,
): Promise<Response> {
  const { storage, images, log, defer } = c.get('services');
  const format = negotiatedFormat(c.req.header('accept'));
  const key = new Request(
    `${new URL(c.req.url).origin}/__images/${shopId}/${encodeURIComponent(filename)}?w=${width}&f=${format ?? 'same'}`,
  );
  const store = edgeStore();
  const cached = await store?.match(key);
  if (cached) return answer(c, cached, 'hit');
  const object = await readMedia(storage, shopId, filename);
  const bytes = await new Response(object.body).arrayBuffer();
  const asStored = () => answer(c, new Response(bytes, { headers: storedHeaders(object) }), 'miss');
  const info = images ? await images.describe(bytes) : null;
  if (!images || !info) return asStored();
  const output = format ?? (info.format === 'image/jpeg' ? 'image/jpeg' : 'image/png');
  let resized: ArrayBuffer;
  try {
    const stream = await images.resize(bytes, Math.min(width, info.width), output);
    resized = await new Response(stream).arrayBuffer();
  } catch (error) {
    log.warn('an image could not be resized; served as stored', { filename, error: String(error) });
    return asStored();
  }
  const response = new Response(resized, {
    headers: {
      ...storedHeaders(object, resized.byteLength),
      'Content-Type': output,
      ETag: `"${object.etag.replaceAll('"', '')}-${width}-${output.slice(6)}"`,
      Vary: 'Accept',
    },
  });
  if (store) defer(store.put(key, response.clone()));
  return answer(c, response, 'miss');
}
