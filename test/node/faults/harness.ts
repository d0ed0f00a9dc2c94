import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { type LocalStack, startLocalStack } from '../../../scripts/local/stack';
import { seedDemo } from '../../../scripts/seed';
import { AURORA_DEMO_EMAIL } from '../../../scripts/seed/aurora-people';
import { type Bindings, loadConfig } from '../../../src/env';
import { deviceHash } from '../../../src/identity/device';
import { newSession } from '../../../src/identity/sessions';
import {
  type HangingServer,
  hasRedisServer,
  type RestartablePostgres,
  type RestartableRedis,
  type StallingProxy,
  startHangingServer,
  startRestartablePostgres,
  startRestartableRedis,
  startStallingProxy,
} from '../support/faults';
import { type BuiltWorker, startBuiltWorker } from './worker';

export const API = '/access/api/v1';
const DEVICE = 'fault-suite-device';

/** What the endpoints need to reach their handlers with valid input. */
export type Fixtures = {
  apiKey: string;
  shopId: string;
  token: string;
  customerEmail: string;
  product: { id: string; slug: string };
  categorySlug: string;
  shippingId: string;
  orderId: string;
  download: { fileId: string; productId: string };
  subscriptionId: string;
};

/** A worker answer with the time it took. */
export type Answer = { status: number; headers: Headers; body: unknown; ms: number };

/**
 * The real local stack (Neon HTTP endpoint and WebSocket bridge, Upstash stand-in, mail
 * sink, payments provider) in front of a Postgres and a private Redis this suite may stop,
 * hang and restart, with the built worker running in workerd. Nothing is faked between
 * the worker and the stand-ins.
 */
export type FaultStack = {
  fixtures: Fixtures;
  stack: LocalStack;
  postgres: RestartablePostgres;
  redis: RestartableRedis | null;
  /** A query on the database, outside the worker (the suite's own view of what was written). */
  query<R extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<R[]>;
  /** Sends one request to the worker from a client address of its own, or from `ip`. */
  request(path: string, init?: RequestInit & { token?: boolean; ip?: string }): Promise<Answer>;
  /** Replaces `dependency` with a server that accepts connections and never answers. */
  hang(dependency: 'postgres' | 'redis'): Promise<void>;
  /** Connections the hanging stand-in of `dependency` accepted (0 when it is not hanging). */
  hungConnections(dependency: 'postgres' | 'redis'): number;
  /** Stalls the network to Redis: connections stay open, nothing passes, what is sent is lost. */
  stall(dependency: 'redis'): Promise<void>;
  /** Stops `dependency`. */
  stop(dependency: 'postgres' | 'redis'): Promise<void>;
  /** Brings `dependency` back on its port, with its data (Postgres) or empty (Redis); ends a stall. */
  restore(dependency: 'postgres' | 'redis'): Promise<void>;
  /** The worker, and more isolates of it (`another()`) on the same stack. */
  worker: BuiltWorker & { another(): Promise<BuiltWorker> };
  /** Mail the sink received for `to`. */
  mailTo(to: string): Promise<Array<{ subject: string; text: string }>>;
  close(): Promise<void>;
};

/** A client address per request, so no per-IP limit ties one check to another. */
const freshIp = () => `10.${[...randomBytes(3)].join('.')}`;

async function signedInCustomer(stack: LocalStack, url: string, shopId: string) {
  const config = loadConfig(stack.bindings as unknown as Bindings);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      'select id from customers where shop_id = $1 and email = $2',
      [shopId, AURORA_DEMO_EMAIL],
    );
    const customerId = rows[0]?.id ?? '';
    const session = await newSession(config, {
      shopId,
      customerId,
      deviceHash: await deviceHash(config.APP_HMAC_SECRET, new Headers({ 'x-device-id': DEVICE })),
      method: 'otp',
    });
    await client.query(
      'insert into sessions (id, shop_id, customer_id, device_hash, method, expires_at) values ($1, $2, $3, $4, $5, $6)',
      [session.row.id, shopId, customerId, session.row.deviceHash, 'otp', session.row.expiresAt],
    );
    return session.token;
  } finally {
    await client.end();
  }
}

async function readFixtures(stack: LocalStack, apiKey: string, shopId: string) {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const one = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) => {
      const { rows } = await client.query<R>(text, params);
      if (!rows[0]) throw new Error(`no fixture for: ${text}`);
      return rows[0];
    };
    const grant = await one<{ order_id: string; file_id: string; product_id: string }>(
      `select g.order_id, g.file_id, g.product_id from download_grants g
       join orders o on o.id = g.order_id join customers c on c.id = o.customer_id
       where g.shop_id = $1 and c.email = $2 limit 1`,
      [shopId, AURORA_DEMO_EMAIL],
    );
    const product = await one<{ id: string; slug: string }>(
      `select id, slug from products where shop_id = $1 and status = 'published'
       and slug = 'linen-cafe-apron'`,
      [shopId],
    );
    const rate = await one<{ id: string }>(
      `select id from shipping_rates where shop_id = $1 and active and min_order_minor is null
       order by price_minor limit 1`,
      [shopId],
    );
    const subscriptionId = randomUUID();
    await client.query(
      `insert into newsletter_subscriptions (id, shop_id, email, status) values ($1, $2, $3, 'pending')`,
      [subscriptionId, shopId, `fault-${subscriptionId}@example.test`],
    );
    return {
      apiKey,
      shopId,
      token: await signedInCustomer(stack, stack.databaseUrl, shopId),
      customerEmail: AURORA_DEMO_EMAIL,
      product,
      categorySlug: 'dresses',
      shippingId: rate.id,
      orderId: grant.order_id,
      download: { fileId: grant.file_id, productId: grant.product_id },
      subscriptionId,
    } satisfies Fixtures;
  } finally {
    await client.end();
  }
}

/** Starts everything; `close()` stops it all, whatever state the dependencies are in. */
export async function startFaultStack(): Promise<FaultStack> {
  const postgres = await startRestartablePostgres();
  let redis: RestartableRedis | null = null;
  let proxy: StallingProxy | null = null;
  let stack: LocalStack | undefined;
  let fixtures: Fixtures;
  let worker: FaultStack['worker'];
  try {
    redis = (await hasRedisServer()) ? await startRestartableRedis() : null;
    // Redis is reached through a proxy, so the network to it can stall as well as Redis stop.
    proxy = redis ? await startStallingProxy(redis.port) : null;
    stack = await startLocalStack({
      mode: 'test',
      databaseUrl: postgres.url,
      redisUrl: proxy ? `redis://127.0.0.1:${proxy.port}` : undefined,
    });
    const seeded = await seedDemo(stack.databaseUrl);
    fixtures = await readFixtures(stack, seeded.demo.apiKey, seeded.demo.id);
    worker = await startBuiltWorker(stack.bindings);
  } catch (error) {
    await stack?.stop().catch(() => undefined);
    await proxy?.close();
    await redis?.stop();
    await postgres.remove();
    throw error;
  }
  return running(postgres, { redis, proxy }, stack, fixtures, worker);
}

function running(
  postgres: RestartablePostgres,
  { redis, proxy }: { redis: RestartableRedis | null; proxy: StallingProxy | null },
  stack: LocalStack,
  fixtures: Fixtures,
  worker: FaultStack['worker'],
): FaultStack {
  const hanging: Partial<Record<'postgres' | 'redis', HangingServer>> = {};
  const portOf = (d: 'postgres' | 'redis') => (d === 'postgres' ? postgres.port : redis?.port);
  const control = (d: 'postgres' | 'redis') => (d === 'postgres' ? postgres : redis);

  const stop = async (d: 'postgres' | 'redis') => {
    await control(d)?.stop();
  };
  const restore = async (d: 'postgres' | 'redis') => {
    if (d === 'redis') proxy?.resume();
    await hanging[d]?.close();
    delete hanging[d];
    await control(d)?.start();
  };

  return {
    fixtures,
    stack,
    postgres,
    redis,
    worker,
    async query(text, params = []) {
      const client = new pg.Client({ connectionString: stack.databaseUrl });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    async request(path, init = {}) {
      const { token, ip: _ip, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set('x-api-key', fixtures.apiKey);
      headers.set('x-device-id', DEVICE);
      headers.set('cf-connecting-ip', init.ip ?? freshIp());
      if (token) headers.set('authorization', `Bearer ${fixtures.token}`);
      if (rest.body && !headers.has('content-type'))
        headers.set('content-type', 'application/json');
      const started = performance.now();
      const res = await worker.fetch(`http://storefront.test${API}${path}`, {
        method: rest.method ?? 'GET',
        headers: Object.fromEntries(headers),
        ...(rest.body ? { body: rest.body as string } : {}),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      let body: unknown = text;
      if (res.headers.get('content-type')?.includes('json') && text) body = JSON.parse(text);
      return { status: res.status, headers: res.headers as unknown as Headers, body, ms };
    },
    async hang(d) {
      await stop(d);
      const port = portOf(d);
      if (port !== undefined) hanging[d] = await startHangingServer(port);
    },
    hungConnections: (d) => hanging[d]?.connections() ?? 0,
    async stall() {
      proxy?.stall();
    },
    stop,
    restore,
    async mailTo(to) {
      const res = await fetch(`${stack.mailSinkUrl}/api/emails`);
      const all = (await res.json()) as Array<{ to: string[]; subject: string; text: string }>;
      return all.filter((m) => m.to.includes(to));
    },
    async close() {
      await worker.dispose().catch(() => undefined);
      for (const d of ['postgres', 'redis'] as const) await restore(d).catch(() => undefined);
      await stack.stop();
      await proxy?.close();
      await redis?.stop();
      await postgres.remove();
    },
  };
}
