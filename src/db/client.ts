import { Client, type NeonQueryFunction, neon, neonConfig } from '@neondatabase/serverless';
import { NeonHttpDatabase, NeonHttpDriver } from 'drizzle-orm/neon-http';
import { drizzle as drizzleWs, type NeonDatabase } from 'drizzle-orm/neon-serverless';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DependencyUnavailableError } from '../lib/dependency';
import { DbBudget, reachability } from './budget';
import { isDatabaseUnavailable, sqlState } from './errors';
import type * as schema from './schema';

export { DB_BUDGET_MS, DB_STATEMENT_TIMEOUT_MS, DbBudget, databaseAnsweredWithin } from './budget';

export type Schema = typeof schema;
/**
 * The request-scoped database: each call is one HTTP round trip; `db.batch([...])` is one
 * atomic round trip. Queries name their tables (`db.select().from(products)`); drizzle's
 * relational API (`db.query.*`) is not set up, so building a request's database walks no
 * schema.
 */
export type Db = NeonHttpDatabase;
/** A connection inside an interactive (WebSocket) transaction. */
export type Tx = Parameters<Parameters<NeonDatabase['transaction']>[0]>[0];

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
  /** The time this request may still spend waiting on Postgres. */
  readonly budget: DbBudget;
  /**
   * The same database for one `batch([...])` that is a whole write transaction: its round
   * trip may wait as long as a transaction may (what is left of the request's budget), since
   * it can queue on row locks behind simultaneous writes of the same rows. The locks it takes
   * are held only while Postgres runs its statements, never across a network round trip.
   */
  readonly writeBatch: Db;
  /**
   * Runs `fn` in an interactive transaction over a WebSocket connection. Only for
   * read-modify-write work that cannot be expressed as one statement or one batch.
   */
  interactive<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /**
   * The same database with a budget of its own, `ms`: for one question that must be asked
   * although this request's budget is spent (whether a write it gave up on committed).
   */
  withBudget(ms: number): Database;
}

const COUNTER = 'roundTripCounter';
const BUDGET = 'dbBudget';
/** Set on the client of `writeBatch`: its round trips wait as long as a transaction. */
const TRANSACTION = 'waitsAsTransaction';
type CountedInit = RequestInit & {
  [COUNTER]?: RoundTrips;
  [BUDGET]?: DbBudget;
  [TRANSACTION]?: boolean;
};

/**
 * The driver's fetch: counts the round trip, bounds it (the whole answer, body included)
 * by the request's budget, and records whether Neon answered. Set once: `fetchFunction`
 * is global; the request's counter and budget arrive through `fetchOptions`.
 */
async function boundedFetch(input: RequestInfo, init: CountedInit): Promise<Response> {
  const {
    [COUNTER]: counter,
    [BUDGET]: budget = new DbBudget(),
    [TRANSACTION]: transaction,
    ...rest
  } = init;
  const timeoutMs = transaction ? budget.transactionWaits().totalMs : budget.nextWait();
  if (counter) counter.count += 1;
  const started = Date.now();
  try {
    const response = await fetch(input, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
    const body = await response.arrayBuffer();
    // A 4xx is Postgres refusing a statement: the database itself answered.
    reachability.record(response.status < 500);
    const { status, statusText, headers } = response;
    return new Response(body, { status, statusText, headers });
  } catch (error) {
    reachability.record(false);
    throw new DependencyUnavailableError('database', `no answer within ${timeoutMs} ms`, {
      cause: error,
    });
  } finally {
    budget.spend(Date.now() - started);
  }
}

let appliedConfig: string | undefined;

function configureDriver(config: DatabaseConfig) {
  const signature = `${config.httpEndpoint ?? ''}|${config.wsProxy ?? ''}`;
  if (appliedConfig === signature) return;
  appliedConfig = signature;
  neonConfig.fetchFunction = boundedFetch;
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

/**
 * An interactive transaction on its own WebSocket connection, bounded as a whole by the
 * request's budget: connecting times out after a statement timeout, the transaction (and so
 * each of its statements) when the budget is spent.
 * A connection that fails or times out is reported as the database being unavailable.
 */
async function runInteractive<T>(
  url: string,
  budget: DbBudget,
  roundTrips: RoundTrips,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { connectMs, totalMs } = budget.transactionWaits();
  const client = new Client({
    connectionString: url,
    connectionTimeoutMillis: connectMs,
    query_timeout: totalMs,
  });
  let lost = false;
  client.on('error', () => {
    lost = true;
  });
  // Every statement on the socket is a round trip; drizzle sends BEGIN and COMMIT (or
  // ROLLBACK) through the same logger, so they are counted there.
  const started = Date.now();
  const work = (async () => {
    try {
      await client.connect();
    } catch (error) {
      // The WebSocket client may reject with an event rather than an Error.
      lost = true;
      throw new DependencyUnavailableError('database', 'could not connect', { cause: error });
    }
    const wsDb = drizzleWs({
      client,
      logger: {
        logQuery: () => {
          roundTrips.count += 1;
        },
      },
    });
    return wsDb.transaction(fn);
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      lost = true;
      reject(new DependencyUnavailableError('database', `transaction ran over ${totalMs} ms`));
    }, totalMs);
  });
  work.catch(() => undefined);
  try {
    const result = await Promise.race([work, deadline]);
    reachability.record(true);
    await client.end();
    return result;
  } catch (error) {
    // A statement Postgres refused (a SQLSTATE) means it answered; anything else on a lost
    // or timed-out connection means it did not.
    const answered = sqlState(error) !== undefined && !isDatabaseUnavailable(error);
    reachability.record(answered);
    void client.end().catch(() => undefined);
    if (!answered && (lost || isDatabaseUnavailable(error))) {
      if (error instanceof DependencyUnavailableError) throw error;
      throw new DependencyUnavailableError('database', 'transaction failed', { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    budget.spend(Date.now() - started);
  }
}

/** The SQL dialect: the same for every request, so made once per isolate. */
const dialect = new PgDialect();

/** Drizzle over one request's Neon HTTP client, as `drizzle({ client })` builds it. */
function httpDatabase(client: NeonQueryFunction<boolean, boolean>): Db {
  const session = new NeonHttpDriver(client, dialect).createSession(undefined);
  return new NeonHttpDatabase(dialect, session, undefined);
}

/**
 * Builds the database access of one request. Cheap: no connection is opened until a query
 * runs. `budget` bounds the time the request waits on Postgres (see db/budget.ts).
 */
export function createDatabase(config: DatabaseConfig, budget = new DbBudget()): Database {
  configureDriver(config);
  const roundTrips: RoundTrips = { count: 0 };
  const client = neon(config.url, {
    fetchOptions: { [COUNTER]: roundTrips, [BUDGET]: budget },
  });
  const db = httpDatabase(client as unknown as NeonQueryFunction<boolean, boolean>);
  // Most requests only read: the write batch's client is made when a write first asks.
  let writeBatch: Db | undefined;

  return {
    db,
    get writeBatch() {
      writeBatch ??= httpDatabase(
        neon(config.url, {
          fetchOptions: { [COUNTER]: roundTrips, [BUDGET]: budget, [TRANSACTION]: true },
        }) as unknown as NeonQueryFunction<boolean, boolean>,
      );
      return writeBatch;
    },
    roundTrips,
    budget,
    interactive: (fn) => runInteractive(config.url, budget, roundTrips, fn),
    withBudget: (ms) => createDatabase(config, new DbBudget(ms)),
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
