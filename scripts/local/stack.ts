import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations } from '../migrate';
import { ensureDatabase, ensureExtensions, startEmbeddedPostgres } from './embedded-postgres';
import { startMailSink } from './mail-sink';
import { startNeonHttpEndpoint } from './neon-http';
import { startPaymentsProvider } from './payments-provider';
import { startUpstashRest } from './upstash';
import { startWebhookReceiver } from './webhook-receiver';
import { startWsBridge } from './ws-bridge';

export type StackOptions = {
  /** `dev` keeps its database in .data/ between runs; `test` uses a fresh database each run. */
  mode: 'dev' | 'test';
  /** An existing Postgres to use instead of the embedded one. */
  databaseUrl?: string | undefined;
  /** A Redis server to put behind the Upstash stand-in; without it the worker keeps limits in memory. */
  redisUrl?: string | undefined;
  /** Fixed ports for the developer-facing services (0 = any free port). */
  mailSinkPort?: number;
  dataDir?: string;
  /** Told as each step of the start begins, so a caller can show progress. */
  onStep?: (step: StackStep) => void;
  /** Told, in one line, of anything found and dealt with on the way (a leftover Postgres). */
  onNote?: (note: string) => void;
};

export type StackStep = 'postgres' | 'migrations' | 'stand-ins';

export type LocalStack = {
  databaseUrl: string;
  mailSinkUrl: string;
  /** A webhook receiver that verifies signatures (src/modules/webhooks), for tests and trying webhooks out. */
  webhookReceiverUrl: string;
  /** Variables the worker needs to reach the stand-ins (wrangler --var / miniflare bindings). */
  bindings: Record<string, string>;
  stop(): Promise<void>;
};

type Stoppable = { name: string; stop(): Promise<void> };

/** True when the (migrated) database holds no shop yet. */
export async function hasNoShops(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ any: boolean }>(
      'select exists (select 1 from shops) as any',
    );
    return rows[0]?.any !== true;
  } finally {
    await client.end();
  }
}

/**
 * Starts everything the worker needs locally: a real Postgres (embedded unless one is
 * given), the Neon HTTP endpoint and WebSocket bridge in front of it, the Upstash
 * stand-in when a Redis is given, and the mail sink. Migrations are applied.
 */
export async function startLocalStack(options: StackOptions): Promise<LocalStack> {
  const started: Stoppable[] = [];
  const stopAll = async () => {
    for (const service of started.reverse()) {
      await service
        .stop()
        .catch((error: unknown) => console.error(`stopping ${service.name}:`, error));
    }
  };
  const step = options.onStep ?? (() => undefined);
  try {
    step('postgres');
    let databaseUrl: string;
    if (options.databaseUrl) {
      databaseUrl = options.databaseUrl;
      if (options.mode === 'test') {
        // A database of its own per run, so parallel runs and leftovers never meet.
        const name = `storefront_test_${process.pid}_${randomBytes(3).toString('hex')}`;
        databaseUrl = await ensureDatabase(options.databaseUrl, name);
        started.push({
          name: 'test database',
          stop: () => dropDatabase(options.databaseUrl ?? '', name),
        });
      }
    } else {
      const dataDir =
        options.dataDir ??
        (options.mode === 'dev'
          ? path.resolve('.data/postgres')
          : path.join(tmpdir(), `storefront-pg-${process.pid}-${randomBytes(3).toString('hex')}`));
      const postgres = await startEmbeddedPostgres({
        dataDir,
        persistent: options.mode === 'dev',
        onNote: options.onNote,
      });
      started.push({ name: 'postgres', stop: postgres.stop });
      databaseUrl = await ensureDatabase(postgres.url, 'storefront');
      if (options.mode === 'test')
        started.push({
          name: 'data dir',
          stop: () => rm(dataDir, { recursive: true, force: true }),
        });
    }
    await ensureExtensions(databaseUrl);
    step('migrations');
    await applyMigrations(databaseUrl);

    step('stand-ins');
    const neonHttp = await startNeonHttpEndpoint({});
    started.push({ name: 'neon http', stop: neonHttp.close });
    const bridge = await startWsBridge({});
    started.push({ name: 'ws bridge', stop: bridge.close });
    const sink = await startMailSink({ port: options.mailSinkPort ?? 0 });
    started.push({ name: 'mail sink', stop: sink.close });
    const payments = await startPaymentsProvider();
    started.push({ name: 'payments provider', stop: payments.close });
    const receiver = await startWebhookReceiver();
    started.push({ name: 'webhook receiver', stop: receiver.close });

    const bindings: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      NEON_HTTP_ENDPOINT: neonHttp.url,
      NEON_WS_PROXY: bridge.host,
      RESEND_API_KEY: 're_local_development',
      RESEND_BASE_URL: sink.url,
      KV_STORE: 'memory',
      AUTH_TOKEN_KEYS: `local-1:${randomBytes(32).toString('hex')}`,
      APP_HMAC_SECRET: randomBytes(32).toString('hex'),
      // Shared with the theme worker, which signs its visitors' addresses with it.
      VISITOR_ADDRESS_SECRET: randomBytes(32).toString('hex'),
      SHOP_DOMAIN_SUFFIX: 'localhost',
      // Emailed dashboard links point here; `npm run dev` sets its own port's origin.
      DASHBOARD_ORIGIN: 'http://storefront.test',
      STRIPE_API_BASE: payments.url,
      // Webhooks and import images may reach local servers; production refuses loopback.
      OUTBOUND_ALLOW_LOOPBACK: 'true',
      // Tests exercise a receiver that never answers without waiting the production 10 s.
      ...(options.mode === 'test' ? { WEBHOOK_TIMEOUT_MS: '1000' } : {}),
    };
    if (options.redisUrl) {
      const upstash = await startUpstashRest({
        redisUrl: options.redisUrl,
        token: randomBytes(16).toString('hex'),
      });
      started.push({ name: 'upstash', stop: upstash.close });
      Object.assign(bindings, {
        KV_STORE: 'upstash',
        UPSTASH_REDIS_REST_URL: upstash.url,
        UPSTASH_REDIS_REST_TOKEN: upstash.token,
      });
    }
    return {
      databaseUrl,
      mailSinkUrl: sink.url,
      webhookReceiverUrl: receiver.url,
      bindings,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function dropDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}
