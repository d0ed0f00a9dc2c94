import type { GenerationReader } from './adapters/generations';
import type { ImageResizer } from './adapters/images';
import type {
  DedupStore,
  GenerationStore,
  RateDecision,
  RateLimiter,
  RateRule,
  SharedMemo,
} from './adapters/kv';
import type { Mailer } from './adapters/mail';
import type { PaymentGateways } from './adapters/payments';
import type { Storage } from './adapters/storage';
import type { Database, Db } from './db/client';
import type { Bindings, Config } from './env';
import type {
  CustomerContext,
  MerchantContext,
  ShopContext,
  StaffContext,
} from './identity/contexts';
import type { Logger } from './lib/log';

// Who a request is made for and by: declared below the HTTP layer, with the identity code that
// resolves them, and named here for everything above.
export type {
  CustomerContext,
  MerchantActor,
  MerchantContext,
  ShopContext,
  StaffContext,
} from './identity/contexts';

/** What every request can reach, built from the environment by the services middleware. */
export type Services = {
  config: Config;
  database: Database;
  rateLimiter: RateLimiter;
  dedup: DedupStore;
  /** Values every isolate shares for a while (the positive cache of merchant keys). */
  memo: SharedMemo;
  /** Each shop's generation (src/adapters/generations.ts: bump with shopChanged). */
  generations: GenerationStore;
  /** Generations as this isolate reads them: memoised for at most GENERATION_MEMO_MS. */
  generationReader: GenerationReader;
  mailer: Mailer;
  storage: Storage;
  /** Resizes images (the IMAGES binding); null where the worker has none. */
  images: ImageResizer | null;
  /** The payment provider adapters, by the provider a shop is paid through. */
  payments: PaymentGateways;
  /** The request's logger: every line carries its request id, and its shop id once resolved. */
  log: Logger;
  /** Runs work after the response is sent (the execution context's waitUntil). */
  defer(work: Promise<unknown>): void;
  /**
   * Runs database work after the response on a database of its own: its statements are
   * neither counted as the request's (`Server-Timing`) nor spent from the request's budget,
   * however soon they start. Every statement deferred past the response goes through here.
   */
  afterResponse(work: (db: Db) => Promise<unknown>): void;
  /** The rate limits this request was counted against, for the RateLimit headers. */
  rateLimits: RateLimitRecord[];
};

/**
 * A 200 answer of a cacheable read as the edge cache keyed it (src/http/edge-front.ts keeps
 * it in the isolate): the shop and generation it belongs to, its bytes and validator, and how
 * long it may be kept.
 */
export type EdgeAnswer = {
  shopId: string;
  generation: string;
  body: ArrayBuffer;
  etag: string;
  ttlMs: number;
};

/** One limit a request was counted against, and the limiter's answer. */
export type RateLimitRecord = { rule: RateRule; decision: RateDecision };

export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    requestId: string;
    services: Services;
    shop: ShopContext;
    customer: CustomerContext;
    merchant: MerchantContext;
    /** Set when the request was made with a staff session cookie. */
    staff: StaffContext;
    /** Statements spent resolving the shop, left out of the endpoint's own count. */
    shopRoundTrips: number;
    /** A cacheable answer the edge cache served or stored, for the isolate's hot tier. */
    edgeAnswer: EdgeAnswer;
  };
};
