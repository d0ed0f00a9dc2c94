import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import { canonicalJson } from '../lib/canonical-json';
import { sha256Hex } from '../lib/crypto';
import { type CachePolicy, clientHeaders, matchesIfNoneMatch, strongEtag } from './http-cache';

/**
 * The edge cache of public storefront reads (Workers Cache API, this data centre's cache).
 *
 * Keyed on the request's origin, the shop, the shop's generation, the method, the path, the
 * query (parameters in a stable order) and, for POST reads, the SHA-256 of the body as
 * canonical JSON. A write moves the shop to a new generation (shopChanged), so every answer
 * cached before it becomes unreachable at once; nothing is purged. Without a generation
 * (Redis unreachable) the cache is neither read nor written: the read goes to Postgres.
 *
 * Stored: 200 answers, and 404 answers of the route's own (a missing product stays missing
 * until a write). Never stored: any other error, anything for a customer token (a route
 * declaring `cache` cannot require one: defineRoute refuses).
 */

/** The largest streamed answer copied into the cache; a larger one is served, not stored. */
const MAX_STREAMED_BYTES = 8 * 1024 * 1024;

type CacheOutcome = 'hit' | 'miss' | 'bypass';

const edgeStore = (): Cache | undefined =>
  typeof caches === 'undefined' ? undefined : (caches as unknown as { default: Cache }).default;

const reportTiming = (c: Context<AppEnv>, outcome: CacheOutcome, started: number) =>
  c.header('Server-Timing', `cache;desc="${outcome}";dur=${Date.now() - started}`, {
    append: true,
  });

/** The query string with parameters sorted by name (values of one name keep their order). */
const normalisedQuery = (url: URL) => {
  const params = [...url.searchParams.entries()];
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(params).toString();
};

/** The cache key of this request, or null when it has no canonical form (a body that is not JSON). */
async function keyOf(c: Context<AppEnv>, shopId: string, generation: string) {
  const url = new URL(c.req.url);
  let body = '';
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    try {
      body = `&__body=${await sha256Hex(canonicalJson(JSON.parse(await c.req.text())))}`;
    } catch {
      return null;
    }
  }
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const path = `/__edge/${shopId}/${generation}/${method}${url.pathname}`;
  return new Request(`${url.origin}${path}?${normalisedQuery(url)}${body}`);
}

/** A stored 404 answers with this request's id, as every error envelope does. */
async function withRequestId(c: Context<AppEnv>, stored: Response): Promise<string> {
  const envelope = (await stored.json()) as Record<string, unknown>;
  return JSON.stringify({ ...envelope, requestId: c.get('requestId') ?? '' });
}

/** Answers from a stored copy: 304 when the client holds it already. */
async function answerFromCache(
  c: Context<AppEnv>,
  stored: Response,
  policy: CachePolicy,
  vary: readonly string[],
  { shopId, generation }: { shopId: string; generation: string },
) {
  const etag = stored.headers.get('etag');
  const contentType = stored.headers.get('content-type') ?? 'application/json';
  if (stored.status !== 200) {
    c.res = new Response(await withRequestId(c, stored), {
      status: stored.status,
      headers: { 'Content-Type': contentType },
    });
    return;
  }
  const headers = clientHeaders(policy, vary, etag);
  if (etag && matchesIfNoneMatch(c.req.header('if-none-match'), etag)) {
    c.res = new Response(null, { status: 304, headers });
    return;
  }
  if (!etag || policy.streamed) {
    c.res = new Response(stored.body, {
      status: 200,
      headers: { ...headers, 'Content-Type': contentType },
    });
    return;
  }
  const body = await stored.arrayBuffer();
  c.set('edgeAnswer', { shopId, generation, body, etag, ttlMs: policy.edgeTtl * 1000 });
  c.res = new Response(body, { status: 200, headers: { ...headers, 'Content-Type': contentType } });
}

const storable = (c: Context<AppEnv>) =>
  c.res.status === 200 || (c.res.status === 404 && c.error instanceof ApiError);

/**
 * Gives a freshly computed answer its caching headers and (when `key` is set) stores it.
 * A streamed body goes to the client as it is produced; its copy is stored once complete.
 */
async function finishMiss(
  c: Context<AppEnv>,
  policy: CachePolicy,
  vary: readonly string[],
  key: Request | null,
  { shopId, generation }: { shopId: string; generation: string | null },
) {
  const res = c.res;
  const contentType = res.headers.get('content-type') ?? 'application/json';
  const { defer } = c.get('services');
  const cache = key ? edgeStore() : undefined;
  if (res.status !== 200) {
    if (cache && key && storable(c)) {
      const text = await res.clone().text();
      defer(cache.put(key, storedCopyFor(policy, text, res.status, contentType, null)));
    }
    return;
  }
  if (policy.streamed && res.body) {
    const [toClient, toCache] = res.body.tee();
    c.res = new Response(toClient, {
      status: 200,
      headers: { ...clientHeaders(policy, vary, null), 'Content-Type': contentType },
    });
    if (cache && key) defer(storeStream(cache, key, toCache, policy, contentType));
    else defer(toCache.cancel());
    return;
  }
  const body = await res.arrayBuffer();
  const etag = await strongEtag(body);
  const headers = { ...clientHeaders(policy, vary, etag), 'Content-Type': contentType };
  if (cache && key) defer(cache.put(key, storedCopyFor(policy, body, 200, contentType, etag)));
  if (key && generation !== null) {
    c.set('edgeAnswer', { shopId, generation, body, etag, ttlMs: policy.edgeTtl * 1000 });
  }
  c.res = matchesIfNoneMatch(c.req.header('if-none-match'), etag)
    ? new Response(null, { status: 304, headers: clientHeaders(policy, vary, etag) })
    : new Response(body, { status: 200, headers });
}

/** The copy kept in the cache: the body, its type and validator, kept for the edge TTL. */
const storedCopyFor = (
  policy: CachePolicy,
  body: BodyInit,
  status: number,
  contentType: string,
  etag: string | null,
) =>
  new Response(body, {
    status,
    headers: {
      'Content-Type': contentType,
      'Cache-Control': `public, max-age=${policy.edgeTtl}`,
      ...(etag ? { ETag: etag } : {}),
    },
  });

/** Reads a streamed answer to its end (bounded) and stores it with its ETag. */
async function storeStream(
  cache: Cache,
  key: Request,
  stream: ReadableStream<Uint8Array>,
  policy: CachePolicy,
  contentType: string,
) {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_STREAMED_BYTES) return reader.cancel();
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  await cache.put(key, storedCopyFor(policy, body, 200, contentType, await strongEtag(body)));
}

/**
 * The edge cache of one route, placed after the middleware that resolves the shop. `vary`
 * names the request headers that chose the shop (the guards' `vary`).
 */
export const edgeCache = (policy: CachePolicy, vary: readonly string[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const started = Date.now();
    const { generationReader } = c.get('services');
    const shopId = c.get('shop').id;
    const { generation } = await generationReader.read(shopId);
    const cache = edgeStore();
    const key = generation !== null && cache ? await keyOf(c, shopId, generation) : null;
    const stored = key && cache ? await cache.match(key) : undefined;
    if (stored && generation !== null) {
      await answerFromCache(c, stored, policy, vary, { shopId, generation });
      reportTiming(c, 'hit', started);
      return;
    }
    reportTiming(c, key ? 'miss' : 'bypass', started);
    await next();
    await finishMiss(c, policy, vary, key, { shopId, generation });
  });
