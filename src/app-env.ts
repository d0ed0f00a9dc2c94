import type { GenerationReader } from './adapters/generations';
import type {
  DedupStore,
  GenerationStore,
  RateDecision,
  RateLimiter,
  RateRule,
} from './adapters/kv';
import type { Mailer } from './adapters/mail';
import type { PaymentGateways } from './adapters/payments';
import type { Storage } from './adapters/storage';
import type { Database } from './db/client';
import type { Bindings, Config } from './env';
import type { MerchantScope } from './identity/merchant-scopes';
import type { Logger } from './lib/log';

/** What every request can reach, built from the environment by the services middleware. */
export type Services = {
  config: Config;
  database: Database;
  /**
   * A database of its own for work deferred past the response: its statements are neither
   * counted as the request's (`Server-Timing`) nor spent from the request's budget.
   */
  detachedDatabase(): Database;
  rateLimiter: RateLimiter;
  dedup: DedupStore;
  /** Each shop's generation (src/adapters/generations.ts: bump with shopChanged). */
  generations: GenerationStore;
  /** Generations as this isolate reads them: memoised for at most GENERATION_MEMO_MS. */
  generationReader: GenerationReader;
  mailer: Mailer;
  storage: Storage;
  /** The payment provider adapters, by the provider a shop is paid through. */
  payments: PaymentGateways;
  /** The request's logger: every line carries its request id, and its shop id once resolved. */
  log: Logger;
  /** Runs work after the response is sent (the execution context's waitUntil). */
  defer(work: Promise<unknown>): void;
  /** The rate limits this request was counted against, for the RateLimit headers. */
  rateLimits: RateLimitRecord[];
};

/** One limit a request was counted against, and the limiter's answer. */
export type RateLimitRecord = { rule: RateRule; decision: RateDecision };

/** The shop a storefront request is served for. */
export type ShopContext = {
  id: string;
  name: string;
  status: 'active' | 'development' | 'maintenance' | 'suspended';
  currency: string;
  currencyDigits: number;
  refundWindowDays: number;
  couponsEnabled: boolean;
  newsletterCap: number | null;
};

/** The signed-in customer of a request carrying a valid customer token. */
export type CustomerContext = {
  id: string;
  email: string;
  sessionId: string;
};

/** Who makes a merchant API request: a program with a key, or a staff member signed in. */
export type MerchantActor =
  | { type: 'key'; id: string; name: string; prefix: string }
  | { type: 'staff'; id: string; email: string; name: string };

/**
 * The credential a merchant API request was made with, a merchant key or a staff session:
 * what it may do (`scopes`), how often (`rateLimit`, counted under `rateKey`) and who it is.
 */
export type MerchantContext = {
  /** The key's id; null for a staff member. */
  keyId: string | null;
  scopes: MerchantScope[];
  /** Requests per minute the credential may make. */
  rateLimit: number;
  /** What its requests are counted under: the key, or the staff membership. */
  rateKey: string;
  actor: MerchantActor;
};

/** The signed-in staff member of a request made with a session cookie. */
export type StaffContext = {
  sessionId: string;
  personId: string;
  email: string;
  name: string;
  createdAt: Date;
  expiresAt: Date;
  /** The picked shop's membership (null before a member of several shops picks one). */
  memberId: string | null;
  shopId: string | null;
  /**
   * Set when the session carries one shop's membership alone (it was opened by accepting
   * that shop's invite): the only shop it lists, picks and reaches.
   */
  onlyShopId: string | null;
  role: { id: string; name: string; key: string | null } | null;
};

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
  };
};
