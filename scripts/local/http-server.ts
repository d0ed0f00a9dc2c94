import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { LOOPBACK } from './net';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

export interface LocalHttpServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/** Thrown by readBody when a request body exceeds its limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`request body exceeds ${limitBytes} bytes`);
  }
}

/**
 * Serves handler on 127.0.0.1. Nothing a client or an upstream does takes the process
 * down: a handler that throws gets a 500, a client that drops its connection (mid-body,
 * or before the answer) is let go, and socket errors are handled. close() also drops
 * keep-alive sockets, which fetch clients hold open.
 */
export async function startHttpServer(handler: RequestHandler, port = 0): Promise<LocalHttpServer> {
  const server = createServer((req, res) => {
    // Errors of a dropped connection also reach the stream being read or written.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    handler(req, res).catch((error: unknown) => {
      if (req.destroyed && !req.complete) return res.destroy();
      console.error('[local-http] unhandled error:', error);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: 'internal error', message: String(error) });
    });
  });
  // A malformed request or a reset socket: let the socket go (Node's default answers 400).
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => {
      server.off('error', reject);
      server.on('error', (error) => console.error('[local-http] server error:', error));
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address bound');
  return {
    server,
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Reads the whole request body, refusing more than limitBytes. */
export async function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    size += buffer.length;
    if (size > limitBytes) throw new BodyTooLargeError(limitBytes);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** JSON.parse that reports failure as undefined instead of throwing. */
export function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Ends the response with a JSON body. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Ends the response with an HTML page. */
export function sendHtml(
  res: ServerResponse,
  status: number,
  html: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    ...headers,
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
  });
  res.end(html);
}

/** The first value of a request header; Node keeps a few repeated headers as arrays. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
