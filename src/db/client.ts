import { neon, neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle as drizzleHttp, type NeonHttpDatabase } from 'drizzle-orm/neon-http';
import { drizzle as drizzleWs, type NeonDatabase } from 'drizzle-orm/neon-serverless';
import * as schema from './schema';

export type Schema = typeof schema;
/** The request-scoped database: each call is one HTTP round trip; `db.batch([...])` is one atomic round trip. */
export type Db = NeonHttpDatabase<Schema>;
/** A connection inside an interactive (WebSocket) transaction. */
export type Tx = Parameters<Parameters<NeonDatabase<Schema>['transaction']>[0]>[0];

export type DatabaseConfig = {
  url: string;
  /** SQL-over-HTTP endpoint; unset in production, where the driver derives Neon's from the URL. */
  httpEndpoint?: string | undefined;
  /** WebSocket proxy host; unset in production, where the driver uses Neon's. */
  wsProxy?: string | undefined;
};

/** Statements sent to Postgres by one request, reported in `Server-Timing` and asserted by tests. */
export type RoundTrips = { count: number };

export interface Database {
  readonly db: Db;
  readonly roundTrips: RoundTrips;
  /**
   * Runs `fn` in an interactive transaction over a WebSocket connection. Only for
   * read-modify-write work that cannot be expressed as one statement or one batch.
   */
  interactive<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

const COUNTER = 'roundTripCounter';

/**
 * The driver's fetch, counting each HTTP round trip against the counter that the
 * request's client passed in `fetchOptions`. Set once: `fetchFunction` is global.
 */
function countingFetch(input: RequestInfo, init: RequestInit & { [COUNTER]?: RoundTrips }) {
  const { [COUNTER]: counter, ...rest } = init;
  if (counter) counter.count += 1;
  return fetch(input, rest);
}

let appliedConfig: string | undefined;

function configureDriver(config: DatabaseConfig) {
  const signature = `${config.httpEndpoint ?? ''}|${config.wsProxy ?? ''}`;
  if (appliedConfig === signature) return;
  appliedConfig = signature;
  neonConfig.fetchFunction = countingFetch;
  if (config.httpEndpoint) neonConfig.fetchEndpoint = config.httpEndpoint;
  if (config.wsProxy) {
    const proxy = config.wsProxy;
    neonConfig.wsProxy = (host, port) => `${proxy}/v1?address=${host}:${port}`;
    // A plain ws:// bridge: no TLS to pipeline, and pipelined startup breaks password logins.
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
  }
}

/** Builds the database access of one request. Cheap: no connection is opened until a query runs. */
export function createDatabase(config: DatabaseConfig): Database {
  configureDriver(config);
  const roundTrips: RoundTrips = { count: 0 };
  const client = neon(config.url, { fetchOptions: { [COUNTER]: roundTrips } });
  const db = drizzleHttp({ client, schema });

  return {
    db,
    roundTrips,
    async interactive(fn) {
      const pool = new Pool({ connectionString: config.url, max: 1 });
      // Every statement on the socket is a round trip; drizzle sends BEGIN and COMMIT (or
      // ROLLBACK) through the same logger, so they are counted there too.
      const wsDb = drizzleWs({
        client: pool,
        schema,
        logger: {
          logQuery: () => {
            roundTrips.count += 1;
          },
        },
      });
      try {
        return await wsDb.transaction(fn);
      } finally {
        await pool.end();
      }
    },
  };
}

/** Where queries can run: the request's database, or a transaction already open. */
export type TxScope = Database | Tx;

const isDatabase = (scope: TxScope): scope is Database => 'interactive' in scope;

/**
 * Runs `fn` in a transaction: inside the open one when `scope` is a transaction (so a
 * verb can be composed into a larger write), else in a new interactive transaction.
 */
export function withTransaction<T>(scope: TxScope, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return isDatabase(scope) ? scope.interactive(fn) : fn(scope);
}
