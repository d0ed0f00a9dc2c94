import type { Redis } from '@upstash/redis/cloudflare';
import { createMiddleware } from 'hono/factory';
import { type GenerationReader, memoizedGenerations } from '../adapters/generations';
import { createCloudflareImages } from '../adapters/images';
import type { DedupStore, GenerationStore, RateLimiter, SharedMemo } from '../adapters/kv';
import {
  createMemoryDedup,
  createMemoryGenerations,
  createMemoryRateLimiter,
  createMemorySharedMemo,
} from '../adapters/kv-memory';
import {
  createUpstashDedup,
  createUpstashGenerations,
  createUpstashRateLimiter,
  createUpstashRedis,
  createUpstashSharedMemo,
  GENERATION_TIMEOUT_MS,
} from '../adapters/kv-upstash';
import { createResendMailer } from '../adapters/mail';
import type { PaymentGateways } from '../adapters/payments';
import { createStripePayments } from '../adapters/payments-stripe';
import { createR2Storage } from '../adapters/storage';
import type { AppEnv, Services } from '../app-env';
import { createDatabase, DB_BUDGET_MS, DbBudget } from '../db/client';
import { type Bindings, type Config, loadConfig } from '../env';
import { createLogger, type Logger } from '../lib/log';

type KvPorts = {
  rateLimiter: RateLimiter;
  dedup: DedupStore;
  memo: SharedMemo;
  generations: GenerationStore;
  generationReader: GenerationReader;
};

// Clients that hold no per-request state live as long as the isolate.
let kvPorts: { signature: string; ports: KvPorts } | undefined;

function kvFor(config: Config): KvPorts {
  const signature = `${config.KV_STORE}|${config.UPSTASH_REDIS_REST_URL ?? ''}`;
  if (kvPorts?.signature === signature) return kvPorts.ports;
  let ports: KvPorts;
  if (config.KV_STORE === 'upstash') {
    const url = config.UPSTASH_REDIS_REST_URL ?? '';
    const token = config.UPSTASH_REDIS_REST_TOKEN ?? '';
    const redis: Redis = createUpstashRedis(url, token);
    const generations = createUpstashGenerations(
      createUpstashRedis(url, token, { timeoutMs: GENERATION_TIMEOUT_MS, retries: 0 }),
    );
    ports = {
      rateLimiter: createUpstashRateLimiter(redis),
      dedup: createUpstashDedup(redis),
      memo: createUpstashSharedMemo(redis),
      generations,
      generationReader: memoizedGenerations(generations),
    };
  } else {
    const generations = createMemoryGenerations();
    ports = {
      rateLimiter: createMemoryRateLimiter(),
      dedup: createMemoryDedup(),
      memo: createMemorySharedMemo(),
      generations,
      generationReader: memoizedGenerations(generations),
    };
  }
  kvPorts = { signature, ports };
  return ports;
}

/**
 * This isolate's generation reader (the one every request's services share), without building
 * a request's services: the edge cache's hot tier reads generations before anything else runs.
 */
export const isolateGenerations = (env: Bindings): GenerationReader =>
  kvFor(loadConfig(env)).generationReader;

/** The adapter of each provider (the schema admits only providers implemented here). */
const paymentGateways =
  (config: Config): PaymentGateways =>
  (provider) => {
    switch (provider) {
      case 'stripe':
        return createStripePayments({ apiBase: config.STRIPE_API_BASE });
    }
  };

/**
 * Builds the services of one request from the worker's bindings. `dbBudget` bounds the time
 * spent waiting on Postgres (unbounded but per statement for the cron).
 */
export function buildServices(
  env: Bindings,
  ctx: { waitUntil(p: Promise<unknown>): void },
  log: Logger = createLogger(),
  dbBudget = new DbBudget(),
): Services {
  const config = loadConfig(env);
  const databaseConfig = {
    url: config.DATABASE_URL,
    httpEndpoint: config.NEON_HTTP_ENDPOINT,
    wsProxy: config.NEON_WS_PROXY,
  };
  const defer = (work: Promise<unknown>) =>
    ctx.waitUntil(work.catch((error: unknown) => log.error('deferred work failed', { error })));
  return {
    config,
    database: createDatabase(databaseConfig, dbBudget),
    ...kvFor(config),
    mailer: createResendMailer(config.RESEND_API_KEY, config.RESEND_BASE_URL),
    storage: createR2Storage(env.STORAGE),
    images: env.IMAGES ? createCloudflareImages(env.IMAGES) : null,
    payments: paymentGateways(config),
    log,
    defer,
    afterResponse: (work) => defer(work(createDatabase(databaseConfig).db)),
    rateLimits: [],
  };
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Makes the request's services available as `c.get('services')`. Until the response is
 * ready the request waits on Postgres at most its budget (DB_BUDGET_MS: reads, writes).
 */
export const services = createMiddleware<AppEnv>(async (c, next) => {
  const budget = new DbBudget(DB_BUDGET_MS[isRead(c.req.method) ? 'read' : 'write']);
  c.set(
    'services',
    buildServices(c.env, c.executionCtx, createLogger({ requestId: c.get('requestId') }), budget),
  );
  try {
    await next();
  } finally {
    budget.lift();
  }
});
