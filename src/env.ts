import { z } from 'zod';

/**
 * The message each queue carries, by queue name. Its consumer declares it, where the message is
 * read (`declare module '../../env' { interface QueueMessages { ... } }`), so this file, below
 * every module, names none: a queue whose consumer is not compiled in carries `unknown`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: each queue's consumer adds its message
export interface QueueMessages {}

/** The message of the queue `name`, as its consumer declares it. */
type QueueMessage<Name extends string> = Name extends keyof QueueMessages
  ? QueueMessages[Name]
  : unknown;

/**
 * Bindings and vars as Workers hands them to every handler: each binding of wrangler.toml
 * typed once, here (a queue's message type is its consumer's, see QueueMessages).
 */
export type Bindings = {
  /** `[[r2_buckets]]` STORAGE: media, digital files, import uploads. */
  STORAGE: R2Bucket;
  /** `[[queues.producers]]` product-imports: an import's plan and slice jobs (modules/imports/jobs.ts). */
  PRODUCT_IMPORTS: Queue<QueueMessage<'product-imports'>>;
  /**
   * `[[queues.producers]]` storefront-analytics: visitor events for their consumer
   * (modules/analytics/consumer.ts); without it an event is written in the request.
   */
  ANALYTICS_QUEUE?: Queue<QueueMessage<'storefront-analytics'>>;
  /**
   * `[images]` IMAGES: Cloudflare Images, which resizes media for `?w=` (modules/storage);
   * Miniflare's offline binding locally. Without it media are served as stored.
   */
  IMAGES?: ImagesBinding;
  /**
   * `[[services]]` ASSETS: the `storefront-assets` Worker (wrangler.assets.toml), the built
   * files: the dashboard's page is read through it, built files are forwarded to it.
   */
  ASSETS?: Fetcher;
  [name: string]: unknown;
};

const url = z.url();

/** The sender of the platform's emails unless MAIL_FROM names another. */
export const DEFAULT_MAIL_FROM = 'Storefront <no-reply@storefront.example>';
const secret = z.string().min(32, 'must be at least 32 characters');

const ConfigSchema = z.object({
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL'),
  NEON_HTTP_ENDPOINT: url.optional(),
  NEON_WS_PROXY: z.string().min(1).optional(),
  KV_STORE: z.enum(['upstash', 'memory']).default('upstash'),
  UPSTASH_REDIS_REST_URL: url.optional(),
  UPSTASH_REDIS_REST_TOKEN: z.string().min(1).optional(),
  RESEND_API_KEY: z.string().min(1),
  RESEND_BASE_URL: url.optional(),
  MAIL_FROM: z.string().min(3).default(DEFAULT_MAIL_FROM),
  /** `kid:secret` pairs separated by commas; the first signs, all verify (key rotation). */
  AUTH_TOKEN_KEYS: z.string().transform((raw, ctx) => {
    const keys = raw
      .split(',')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf(':');
        return { kid: pair.slice(0, at), secret: pair.slice(at + 1) };
      });
    const bad = keys.find((k) => !k.kid || k.secret.length < 32);
    if (keys.length === 0 || bad) {
      ctx.addIssue({
        code: 'custom',
        message: 'expected kid:secret pairs with secrets of at least 32 characters',
      });
      return z.NEVER;
    }
    return keys;
  }),
  /** Keys the HMACs of one-time codes, newsletter links and device bindings. */
  APP_HMAC_SECRET: secret,
  /**
   * Shared with the theme Worker: keys the signature of the visitor address it sends through
   * its service binding (src/http/visitor.ts). Unset, no visitor address is believed.
   */
  VISITOR_ADDRESS_SECRET: secret.optional(),
  /** Public base URL of media; defaults to this worker's /storage/ route. */
  MEDIA_BASE_URL: url.optional(),
  /**
   * The public origin of this worker (`https://admin.example.com`): the dashboard's links in
   * emails (invites) are built on it, never on a request's `Host`, and it is the last resort
   * of a storefront link for a shop without any host of its own.
   */
  DASHBOARD_ORIGIN: url.transform((value) => new URL(value).origin),
  /** Shops without a custom domain are served on `<handle>.<SHOP_DOMAIN_SUFFIX>`. */
  SHOP_DOMAIN_SUFFIX: z.string().min(1).optional(),
  /** Payment provider API base; unset in production (the provider's own). */
  STRIPE_API_BASE: url.optional(),
  /**
   * Lets outbound fetches (webhook deliveries, images an import downloads) use plain http and
   * loopback hosts (127.0.0.0/8, ::1, localhost): the explicit opt-in of local development.
   * Set only by the local dev and test stack, never in wrangler.toml; private ranges stay
   * refused even then (src/lib/outbound.ts).
   */
  OUTBOUND_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** How long one webhook delivery may take before it counts as failed. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
});

export type Config = z.infer<typeof ConfigSchema>;

const parsed = new WeakMap<object, Config>();

/**
 * Parses the worker's configuration once per isolate. A bad configuration is a
 * clear error naming each offending variable, not an undefined at first use.
 */
export function loadConfig(env: Bindings): Config {
  const cached = parsed.get(env);
  if (cached) return cached;
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid worker configuration: ${problems.join('; ')}`);
  }
  if (result.data.KV_STORE === 'upstash') {
    if (!result.data.UPSTASH_REDIS_REST_URL || !result.data.UPSTASH_REDIS_REST_TOKEN) {
      throw new Error(
        'Invalid worker configuration: KV_STORE=upstash needs UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN',
      );
    }
  }
  parsed.set(env, result.data);
  return result.data;
}
