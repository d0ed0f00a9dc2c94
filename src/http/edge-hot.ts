import type { MiddlewareHandler } from 'hono';
import type { GenerationReader } from '../adapters/generations';
import type { AppEnv, EdgeAnswer } from '../app-env';
import type { Bindings } from '../env';
import { TtlCache } from '../lib/ttl-cache';
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
 * headers the client got. The entry (`answer`) serves it again only while:
 *   - the shop is still at that generation (this isolate's memoised read, the bound of every
 *     edge answer: a write reaches it within GENERATION_MEMO_MS plus one store call);
 *   - the shop cache may answer (Postgres answered this isolate lately: in an outage the
 *     request goes the full way and answers as every read does);
 *   - it is younger than HOT_TTL_MS and its route's edge TTL.
 * Anything else (a first request, another generation, HEAD, a request with credentials or a
 * cookie, an error answer) goes the full way, which answers from the Cache API or computes it.
 *
 * This module is evaluated with the worker's entry: it imports nothing heavy.
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

const headersOf = (res: Response): [string, string][] => {
  const kept: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (!PER_REQUEST.has(name)) kept.push([name, value]);
  });
  return kept;
};

function replay(req: Request, entry: HotEntry, started: number, now: number): Response {
  const notModified = matchesIfNoneMatch(req.headers.get('if-none-match') ?? undefined, entry.etag);
  const headers = new Headers(entry.headers);
  if (notModified) headers.delete('content-type');
  headers.set('X-Request-Id', requestIdFor(req.headers));
  headers.set(
    'Server-Timing',
    `cache;desc="hit";dur=0, tier;desc="isolate", db;desc="0", shop;desc="0", app;dur=${now - started}`,
  );
  return notModified
    ? new Response(null, { status: 304, headers })
    : new Response(entry.body, { status: 200, headers });
}

/** A hot tier: `answer` for the worker's entry, `recorder` for the storefront application. */
export function createHotTier(now: () => number = Date.now) {
  const hot = new TtlCache<HotEntry>(HOT_ENTRIES, now);
  let ports: Ports | undefined;

  /** The remembered answer to `req`, or undefined: then the application answers it. */
  async function answer(req: Request): Promise<Response | undefined> {
    if (!ports || !eligible(req)) return undefined;
    const started = now();
    const entry = hot.get(signatureOf(req));
    if (!entry || !ports.trusted(started)) return undefined;
    const { generation } = await ports.reader.read(entry.shopId);
    return generation === entry.generation ? replay(req, entry, started, now()) : undefined;
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
      const { shopId, generation, body, etag } = served;
      const entry = { shopId, generation, body, etag, headers: headersOf(c.res) };
      hot.set(signatureOf(c.req.raw), entry, Math.min(served.ttlMs, HOT_TTL_MS));
    };

  return { answer, recorder };
}

/** The isolate's hot tier, shared by the worker's entry and the storefront application. */
export const hotTier = createHotTier();
