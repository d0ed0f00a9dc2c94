import type { IncomingMessage, ServerResponse } from 'node:http';
import Redis from 'ioredis';
import {
  BodyTooLargeError,
  header,
  parseJson,
  readBody,
  sendJson,
  startHttpServer,
} from './http-server';
import { LOOPBACK } from './net';
import {
  encodeReply,
  isBlockingCommand,
  parseCommand,
  parseCommandList,
  type RedisReply,
  ScriptShaMap,
  UpstashProtocolError,
} from './upstash-protocol';

export interface UpstashRestOptions {
  port?: number;
  redisUrl: string;
  token: string;
  /** Gives up on a command Redis does not answer (a hanging server) after this long. */
  commandTimeoutMs?: number;
}

export interface UpstashRestServer {
  /** Use as UPSTASH_REDIS_REST_URL. */
  url: string;
  token: string;
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024;

type Outcome = { result: unknown } | { error: string };

/**
 * Serves the Upstash Redis REST protocol in front of a real redis-server. Like Upstash it
 * outlives its Redis: while Redis is stopped or hanging, requests get a 503 with an
 * `{ error }` body (a Redis error reply stays a 400), and ioredis reconnects by itself, so
 * the stand-in serves again as soon as Redis does.
 */
export async function startUpstashRest(opts: UpstashRestOptions): Promise<UpstashRestServer> {
  const redis = new Redis(opts.redisUrl, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    commandTimeout: opts.commandTimeoutMs ?? 5_000,
    // A lost connection is retried every 100 ms to 1 s, so a restarted Redis is found fast.
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  // ioredis reconnects by itself; a lost connection surfaces as failed commands instead.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`cannot reach Redis at ${opts.redisUrl}: ${String(error)}`);
  }

  // A command that timed out may still be on the wire, or lost with its reply: either way
  // the connection's replies no longer pair with its commands, and later commands would run
  // in Redis while their callers are told of a failure (a limit counting refused requests).
  // Like a client library that drops a connection after a timeout, start a new one (failing
  // what is still queued), so the stand-in serves again as soon as Redis answers, however
  // the outage ended.
  // While the network stays broken, the new connection's own handshake may be lost too: a
  // later doubt starts over again, at most every quarter second.
  let lastStart = 0;
  const startOver = () => {
    if (Date.now() - lastStart < 250) return;
    lastStart = Date.now();
    redis.disconnect(true);
  };

  const scripts = new ScriptShaMap();
  const run = async (command: string[]): Promise<RedisReply> => {
    const { args, mapReply } = scripts.translate(command);
    const [name = '', ...rest] = args;
    const connection = isBlockingCommand(args) ? redis.duplicate() : redis;
    if (connection !== redis) connection.on('error', () => undefined);
    try {
      // ioredis reshapes some replies (HGETALL into an object) by lower-case command name;
      // the upper-case name keeps Redis' own reply.
      return mapReply((await connection.callBuffer(name.toUpperCase(), ...rest)) as RedisReply);
    } finally {
      if (connection !== redis) connection.disconnect();
    }
  };

  const runTransaction = async (commands: string[][], base64: boolean): Promise<Outcome[]> => {
    const transaction = redis.multi();
    const translated = commands.map((command) => scripts.translate(command));
    for (const { args } of translated) {
      const [name = '', ...rest] = args;
      transaction.callBuffer(name.toUpperCase(), ...rest);
    }
    const replies = (await transaction.exec()) ?? [];
    return translated.map(({ mapReply }, i) => {
      const [error, reply] = replies[i] ?? [new Error('ERR no reply'), null];
      return error
        ? { error: error.message }
        : { result: encodeReply(mapReply(reply as RedisReply), base64) };
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A caller that gives up before the answer (the worker's own timeout) means Redis did not
    // answer in time: the same doubt about the connection as a timeout here.
    res.on('close', () => {
      if (!res.writableFinished) startOver();
    });
    const { pathname, searchParams } = new URL(req.url ?? '/', 'http://local');
    const bearer = header(req, 'authorization');
    if (bearer !== `Bearer ${opts.token}` && searchParams.get('_token') !== opts.token) {
      return sendJson(res, 401, { error: 'Unauthorized' });
    }
    if (req.method !== 'POST' && req.method !== 'PUT') {
      return sendJson(res, 405, { error: 'ERR only POST requests are supported' });
    }
    const base64 = header(req, 'upstash-encoding')?.toLowerCase() === 'base64';
    // A Redis error reply belongs to its command; losing Redis fails the whole request.
    const encode = async (command: string[]): Promise<Outcome> =>
      run(command).then(
        (reply) => ({ result: encodeReply(reply, base64) }),
        (error: unknown) => {
          if (!isReplyError(error)) throw error;
          return { error: errorMessage(error) };
        },
      );

    try {
      const body = parseJson(await readBody(req, MAX_BODY_BYTES));
      switch (pathname.replace(/\/+$/, '') || '/') {
        case '/': {
          const outcome = await encode(parseCommand(body));
          return sendJson(res, 'error' in outcome ? 400 : 200, outcome);
        }
        case '/pipeline':
          return sendJson(res, 200, await Promise.all(parseCommandList(body).map(encode)));
        case '/multi-exec':
          return sendJson(res, 200, await runTransaction(parseCommandList(body), base64));
        default:
          return sendJson(res, 404, { error: `ERR unknown endpoint ${pathname}` });
      }
    } catch (error) {
      if (error instanceof BodyTooLargeError) return sendJson(res, 413, { error: error.message });
      if (error instanceof UpstashProtocolError || isReplyError(error)) {
        return sendJson(res, 400, { error: errorMessage(error) });
      }
      if (isTimeout(error)) startOver();
      return sendJson(res, 503, { error: `ERR service unavailable: ${errorMessage(error)}` });
    }
  };

  const http = await startHttpServer(handle, opts.port);
  return {
    url: `http://${LOOPBACK}:${http.port}`,
    token: opts.token,
    close: async () => {
      await http.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** ioredis' `commandTimeout` failure. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && /command timed out/i.test(error.message);
}

/** Errors Redis itself answered with, as opposed to connection trouble. */
function isReplyError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ReplyError';
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
