import type { IncomingMessage, ServerResponse } from 'node:http';
import pg from 'pg';
import {
  BodyTooLargeError,
  header,
  parseJson,
  readBody,
  sendJson,
  startHttpServer,
} from './http-server';
import {
  beginStatement,
  type NeonOptions,
  type NeonPayload,
  type NeonQuery,
  NeonRequestError,
  parseConnectionString,
  parseNeonHeaders,
  parseNeonPayload,
} from './neon-http-request';
import {
  batchResponseHeaders,
  type NeonQueryResult,
  neonErrorBody,
  toNeonResult,
} from './neon-http-response';
import { LOOPBACK } from './net';

export interface NeonHttpEndpoint {
  /** Use as `neonConfig.fetchEndpoint`. */
  url: string;
  close(): Promise<void>;
}

export interface NeonHttpOptions {
  port?: number;
  /** Gives up connecting to Postgres after this long (a stopped or hanging server). */
  connectTimeoutMs?: number;
  /** Gives up waiting for one statement after this long. */
  queryTimeoutMs?: number;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;
const CORS = { 'access-control-allow-origin': '*' };

// Rows go back as the Postgres text output; the driver parses them by dataTypeID.
const TEXT_AS_IS = {
  getTypeParser: () => (value: string) => value,
} as unknown as pg.CustomTypesConfig;

// A single statement that opens a transaction must not leave its connection in the pool.
const OPENS_TRANSACTION = new Set(['BEGIN', 'START']);

/**
 * Serves Neon's SQL-over-HTTP protocol (what `neon()` sends) on top of a local Postgres.
 * Like Neon it survives its database: a Postgres that stops, restarts or hangs gives the
 * request an error (a Postgres error, or 503 when no connection can be made or kept) and
 * the endpoint serves again as soon as Postgres does.
 */
export async function startNeonHttpEndpoint(opts: NeonHttpOptions = {}): Promise<NeonHttpEndpoint> {
  const pools = new Map<string, pg.Pool>();
  const poolFor = (connectionString: string): pg.Pool => {
    let pool = pools.get(connectionString);
    if (!pool) {
      pool = new pg.Pool({
        connectionString,
        max: 10,
        idleTimeoutMillis: 30_000,
        connectionTimeoutMillis: opts.connectTimeoutMs ?? 5_000,
        query_timeout: opts.queryTimeoutMs ?? 15_000,
      });
      // An idle client dies when Postgres restarts; the pool replaces it, nothing to report.
      pool.on('error', () => undefined);
      // A client in use reports a lost connection both to its query and as an 'error' event;
      // without a listener that event would end the process. The query's error is answered.
      pool.on('connect', (client) => client.on('error', () => undefined));
      pools.set(connectionString, pool);
    }
    return pool;
  };

  const http = await startHttpServer((req, res) => handle(req, res, poolFor), opts.port);
  return {
    url: `http://${LOOPBACK}:${http.port}/sql`,
    close: async () => {
      await http.close();
      await Promise.all([...pools.values()].map((pool) => pool.end()));
      pools.clear();
    },
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  poolFor: (connectionString: string) => pg.Pool,
): Promise<void> {
  const { pathname } = new URL(req.url ?? '/', 'http://local');
  if (pathname !== '/sql') return sendJson(res, 404, { message: 'only POST /sql exists' }, CORS);
  if (req.method !== 'POST') return sendJson(res, 405, { message: 'use POST' }, CORS);

  let request: { options: NeonOptions; payload: NeonPayload; connectionString: string };
  try {
    request = await parseRequest(req);
  } catch (error) {
    if (!(error instanceof NeonRequestError || error instanceof BodyTooLargeError)) throw error;
    const status = error instanceof BodyTooLargeError ? 413 : 400;
    return sendJson(res, status, { message: error.message }, CORS);
  }

  const { options, payload, connectionString } = request;
  // A client that gave up (its timeout) while the request waited for a connection gets no
  // work done for it: a write it was told failed must not commit later.
  let abandoned = false;
  res.once('close', () => {
    abandoned = !res.writableEnded;
  });
  const connect = async (pool: pg.Pool) => {
    const client = await pool.connect();
    if (!abandoned) return client;
    client.release();
    throw new Error('the client gave up before a connection was free');
  };
  try {
    const pool = poolFor(connectionString);
    if (payload.kind === 'single') {
      sendJson(res, 200, await runSingle(connect(pool), payload.query, options), CORS);
    } else {
      const headers = batchResponseHeaders(options, header(req, 'neon-batch-isolation-level'));
      const results = await runBatch(connect(pool), payload.queries, options);
      sendJson(res, 200, { results }, { ...CORS, ...headers });
    }
  } catch (error) {
    if (error instanceof pg.DatabaseError) return sendJson(res, 400, neonErrorBody(error), CORS);
    // No answer from Postgres (refused, dropped or timed out): Neon's proxy answers a 5xx.
    const message = error instanceof Error ? error.message : String(error);
    sendJson(res, 503, { message: `Couldn't connect to compute node: ${message}` }, CORS);
  }
}

async function parseRequest(req: IncomingMessage) {
  const options = parseNeonHeaders((name) => header(req, name));
  if (!options.rawTextOutput) {
    // The driver always asks for raw text; Neon's typed JSON output is not reproduced here.
    throw new NeonRequestError('this local endpoint only supports Neon-Raw-Text-Output: true');
  }
  const connectionString = parseConnectionString(header(req, 'neon-connection-string'));
  const body = parseJson(await readBody(req, MAX_BODY_BYTES));
  if (body === undefined) throw new NeonRequestError('request body is not valid JSON');
  return { options, payload: parseNeonPayload(body), connectionString };
}

async function runQuery(
  client: pg.PoolClient,
  query: NeonQuery,
  defaultArrayMode: boolean,
): Promise<NeonQueryResult> {
  // Extended protocol, like Neon: one statement per query, several in one string is an error.
  const config: pg.QueryArrayConfig & { queryMode: 'extended' } = {
    text: query.query,
    values: query.params,
    rowMode: 'array',
    types: TEXT_AS_IS,
    queryMode: 'extended',
  };
  const result = await client.query(config);
  return toNeonResult(result, query.arrayMode ?? defaultArrayMode);
}

async function runSingle(
  connection: Promise<pg.PoolClient>,
  query: NeonQuery,
  options: NeonOptions,
) {
  const client = await connection;
  let discard = true;
  try {
    const result = await runQuery(client, query, options.arrayMode);
    discard = OPENS_TRANSACTION.has(result.command);
    return result;
  } finally {
    client.release(discard);
  }
}

async function runBatch(
  connection: Promise<pg.PoolClient>,
  queries: NeonQuery[],
  options: NeonOptions,
) {
  const client = await connection;
  let healthy = true;
  try {
    await client.query(beginStatement(options));
    const results: NeonQueryResult[] = [];
    for (const query of queries) results.push(await runQuery(client, query, options.arrayMode));
    await client.query('COMMIT');
    return results;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      healthy = false;
    });
    throw error;
  } finally {
    client.release(!healthy);
  }
}
