import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { GenerationReader } from '../adapters/generations';
import type { AppEnv, EdgeAnswer } from '../app-env';
import { databaseAnsweredWithin } from '../db/client';
import type { Bindings } from '../env';
import { SHOP_CACHE_TRUST_MS } from '../identity/shops';
import { TtlCache } from '../lib/ttl-cache';
import { matchesIfNoneMatch } from './http-cache';

/**
 * The edge cache's hot tier: the 200 answers of cacheable GET reads this isolate served
 * lately, kept in its memory and answered before the request's services are built, the shop
 * is resolved or the Workers Cache API is asked (docs/decisions/platform.md, "The edge
 * cache's hot tier").
 *
 * An answer is remembered under the request as it came (method, URL, and the headers that
 * choose the shop: the storefront key, else the host headers), with the shop and generation
 * the full path resolved for it. It is served again only while:
 *   - the shop is still at that generation (this isolate's memoised read, the bound every
 *     edge answer has: a write reaches it within GENERATION_MEMO_MS plus one store call);
 *   - Postgres answered this isolate lately (SHOP_CACHE_TRUST_MS, as the shop cache: in an
 *     outage the request goes the full way and answers as every read does);
 *   - it is younger than HOT_TTL_MS and its route's edge TTL.
 * Anything else (a first request, another generation, a HEAD, an error answer) goes the full
 * way, which serves it from the Cache API or computes it, and remembers its answer.
 */

/** How long the isolate keeps an answer at most (its route's edge TTL when that is shorter). */
export const HOT_TTL_MS = 30_000;
/** How many answers an isolate keeps; the oldest go first. */
const HOT_ENTRIES = 128;
/** A larger answer is left to the Cache API. */
const HOT_MAX_BYTES = 128 * 1024;

/** Headers that belong to one answer, never replayed. */
const PER_REQUEST = new Set(['x-request-id', 'server-timing']);

type HotEntry = {
  shopId: string;
  generation: string;
  body: ArrayBuffer;
  etag: string;
  /** The answer's headers as the client got them, but the per-request ones. */
  headers: [string, string][];
};

/** The request as the hot tier keys it: what the URL and the shop-choosing headers say. */
const signatureOf = (req: Request) => {
  const h = req.headers;
  const key = h.get('x-api-key');
  return key !== null
    ? `${req.url}\nk:${key}`
    : `${req.url}\nh:${h.get('x-forwarded-host')}\n${h.get('origin')}\n${h.get('host')}`;
};

const headersOf = (res: Response): [string, string][] => {
  const kept: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (!PER_REQUEST.has(name)) kept.push([name, value]);
  });
  return kept;
};

/** The answer from memory: the remembered bytes and headers, 304 when the client holds them. */
function answer(c: Context<AppEnv>, entry: HotEntry, started: number): Response {
  const notModified = matchesIfNoneMatch(c.req.header('if-none-match'), entry.etag);
  const headers = new Headers(entry.headers);
  if (notModified) headers.delete('content-type');
  headers.set('X-Request-Id', c.get('requestId') ?? '');
  headers.set(
    'Server-Timing',
    `cache;desc="hit";dur=0, tier;desc="isolate", db;desc="0", shop;desc="0", app;dur=${Date.now() - started}`,
  );
  return notModified
    ? new Response(null, { status: 304, headers })
    : new Response(entry.body, { status: 200, headers });
}

type FrontOptions = {
  now?: () => number;
  /** Whether Postgres answered this isolate lately (the shop cache's own rule). */
  databaseTrusted?: (now: number) => boolean;
};

/**
 * The hot tier in front of a storefront's routes, placed after the request id and before
 * anything else runs. `readerOf` gives the isolate's generation reader.
 */
export function edgeFront(
  readerOf: (env: Bindings) => GenerationReader,
  {
    now = Date.now,
    databaseTrusted = (at) => databaseAnsweredWithin(SHOP_CACHE_TRUST_MS, at),
  }: FrontOptions = {},
) {
  const hot = new TtlCache<HotEntry>(HOT_ENTRIES, now);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const started = now();
    const signature = signatureOf(c.req.raw);
    const entry = hot.get(signature);
    if (entry && databaseTrusted(started)) {
      const { generation } = await readerOf(c.env).read(entry.shopId);
      if (generation === entry.generation) {
        c.res = answer(c, entry, started);
        return;
      }
    }
    await next();
    const served: EdgeAnswer | undefined = c.get('edgeAnswer');
    if (!served || c.res.status !== 200 || served.body.byteLength > HOT_MAX_BYTES) return;
    const { shopId, generation, body, etag } = served;
    const ttlMs = Math.min(served.ttlMs, HOT_TTL_MS);
    hot.set(signature, { shopId, generation, body, etag, headers: headersOf(c.res) }, ttlMs);
  });
}
