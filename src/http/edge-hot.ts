import type { MiddlewareHandler } from 'hono';
import type { GenerationReader } from '../adapters/generations';
import type { AppEnv, EdgeAnswer } from '../app-env';
import type { Bindings } from '../env';
import { settledWithin } from '../lib/single-flight';
import { matchesIfNoneMatch } from './http-cache';
import { requestIdFor } from './request-id';

/**
 * The edge cache's hot tier: the 200 answers of cacheable GET reads this isolate served
 * lately, kept in its memory and answered by the worker's entry before the application runs:
 * no services are built, no shop is resolved, the Workers Cache API is not asked
 * (docs/decisions/platform.md, "The edge cache's hot tier").
 *
 * The application remembers an answer (`recorder`, its outermost storefront middleware) under
 * the request as it came: its URL and the headers that choose the shop (the storefront key,
 * else the host headers), with the shop and generation the edge cache keyed it on, and the
 * headers the client got. The entry (`serve`) sends it again only while:
 *   - the shop is still at that generation (this isolate's memoised read, the bound of every
 *     edge answer: a write reaches it within GENERATION_MEMO_MS plus one store call);
 *   - the shop cache may answer (Postgres answered this isolate lately: in an outage the
 *     request goes the full way and answers as every read does);
 *   - it is younger than HOT_TTL_MS and its route's edge TTL.
 * Anything else (a first request, another generation, HEAD, a request with credentials or a
 * cookie, an error answer) goes the full way, which answers from the Cache API or computes it.
 *
 * One request at a time goes the full way for a remembered request that may not be sent
 * again (its generation moved, it aged, or Postgres has not answered lately): the same request
 * arriving meanwhile waits for that answer and is then sent what it recorded, under the same
 * conditions, instead of computing it again (or, when the answer was not recorded, goes the
 * full way itself). A request never remembered is never held.
 *
 * This module is evaluated with the worker's entry: it imports nothing heavy.
 */

/** How long the isolate keeps an answer at most (its route's edge TTL when that is shorter). */
export const HOT_TTL_MS = 30_000;
/** How many answers an isolate keeps; the oldest go first. */
const HOT_ENTRIES = 128;
/** A larger answer is left to the Cache API. */
const HOT_MAX_BYTES = 128 * 1024;

/** The longest a request waits for the same request ahead of it before going the full way. */
const WAIT_AHEAD_MS = 3_000;

/** Headers that belong to one answer, never replayed. */
const PER_REQUEST = new Set(['x-request-id', 'server-timing']);

/**
 * `Server-Timing` of an answer from this tier: no statement, no shop resolution. Its
 * duration is 0: a Workers clock does not move while code runs without I/O, and a hit does none.
 */
const HIT_TIMING =
  'cache;desc="hit";dur=0, tier;desc="isolate", db;desc="0", shop;desc="0", app;dur=0';

type HotEntry = {
  shopId: string;
  generation: string;
  /** The bytes, held once: a Blob is sent without being copied again. */
  body: Blob;
  etag: string;
  /**
   * The answer's headers as the client got them, but the per-request ones. Kept as `Headers`:
   * a Response copies those natively, where a plain object is converted entry by entry on
   * every hit (a fifth of a hit's CPU in a profile).
   */
  headers: Headers;
  /** The same without `Content-Type`, for a 304. */
  notModified: Headers;
  expiresAt: number;
};

/** What the tier asks before serving: the isolate's generations, whether shops may be trusted. */
type Ports = { reader: GenerationReader; trusted: (now: number) => boolean };

/**
 * Only plain public GETs: credentials or a cookie make an answer personal (`no-store`, see
 * securityHeaders), and those always go the full way.
 */
const eligible = (req: Request) =>
  req.method === 'GET' && !req.headers.has('authorization') && !req.headers.has('cookie');

/** The request as the tier keys it: the URL and what the shop-choosing headers say. */
const signatureOf = (req: Request) => {
  const h = req.headers;
  const key = h.get('x-api-key');
  return key !== null
    ? `${req.url}\nk:${key}`
    : `${req.url}\nh:${h.get('x-forwarded-host')}\n${h.get('origin')}\n${h.get('host')}`;
};

const headersOf = (res: Response): Headers => {
  const kept = new Headers(res.headers);
  for (const name of PER_REQUEST) kept.delete(name);
  return kept;
};

/** The same headers for a 304, which has no body and so no `Content-Type`. */
const withoutType = (headers: Headers): Headers => {
  const kept = new Headers(headers);
  kept.delete('content-type');
  return kept;
};

function replay(req: Request, entry: HotEntry): Response {
  const ifNoneMatch = req.headers.get('if-none-match');
  const notModified = ifNoneMatch !== null && matchesIfNoneMatch(ifNoneMatch, entry.etag);
  const res = notModified
    ? new Response(null, { status: 304, headers: entry.notModified })
    : new Response(entry.body, { status: 200, headers: entry.headers });
  res.headers.set('x-request-id', requestIdFor(req.headers));
  res.headers.set('server-timing', HIT_TIMING);
  return res;
}

/** A hot tier: `serve` for the worker's entry, `recorder` for the storefront application. */
export function createHotTier(now: () => number = Date.now) {
  const hot = new Map<string, HotEntry>();
  /** The remembered requests on their way through the application, settled when answered. */
  const onTheirWay = new Map<string, Promise<unknown>>();
  let ports: Ports | undefined;

  /** The remembered answer to `req` when it may be sent now. */
  async function sendable(req: Request, entry: HotEntry | undefined, reading: Ports) {
    if (!entry) return undefined;
    const at = now();
    if (entry.expiresAt <= at || !reading.trusted(at)) return undefined;
    const { generation } = await reading.reader.read(entry.shopId);
    return generation === entry.generation ? replay(req, entry) : undefined;
  }

  /** Sends `req` the full way as the one request for `signature`, forgetting an answer it did not renew. */
  function goFirst(signature: string, entry: HotEntry, fullWay: () => Promise<Response>) {
    const answer = fullWay();
    const settled = answer.then(
      () => undefined,
      () => undefined,
    );
    onTheirWay.set(signature, settled);
    void settled.then(() => {
      onTheirWay.delete(signature);
      if (hot.get(signature) === entry) hot.delete(signature);
    });
    return answer;
  }

  /** Answers `req` from memory when it may, else through `fullWay` (the application). */
  async function serve(req: Request, fullWay: () => Promise<Response>): Promise<Response> {
    const reading = ports;
    if (!reading || !eligible(req)) return fullWay();
    const signature = signatureOf(req);
    const entry = hot.get(signature);
    if (!entry) return fullWay();
    const hit = await sendable(req, entry, reading);
    if (hit) return hit;
    const ahead = onTheirWay.get(signature);
    if (!ahead) return goFirst(signature, entry, fullWay);
    await settledWithin(ahead, WAIT_AHEAD_MS);
    return (await sendable(req, hot.get(signature), reading)) ?? fullWay();
  }

  function remember(signature: string, entry: HotEntry) {
    hot.delete(signature);
    if (hot.size >= HOT_ENTRIES) {
      const oldest = hot.keys().next();
      if (!oldest.done) hot.delete(oldest.value);
    }
    hot.set(signature, entry);
  }

  /**
   * Remembers the cacheable answers the application gives (the edge cache names them with
   * `edgeAnswer`); placed before every other storefront middleware, so the headers it keeps
   * are the ones the client gets.
   */
  const recorder =
    (
      readerOf: (env: Bindings) => GenerationReader,
      trusted: (now: number) => boolean,
    ): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      await next();
      const served: EdgeAnswer | undefined = c.get('edgeAnswer');
      if (!served || c.res.status !== 200 || !eligible(c.req.raw)) return;
      if (served.body.byteLength > HOT_MAX_BYTES) return;
      ports ??= { reader: readerOf(c.env), trusted };
      const { shopId, generation, etag } = served;
      const headers = headersOf(c.res);
      remember(signatureOf(c.req.raw), {
        shopId,
        generation,
        body: new Blob([served.body]),
        etag,
        headers,
        notModified: withoutType(headers),
        expiresAt: now() + Math.min(served.ttlMs, HOT_TTL_MS),
      });
    };

  return { serve, recorder };
}

/** The isolate's hot tier, shared by the worker's entry and the storefront application. */
export const hotTier = createHotTier();
