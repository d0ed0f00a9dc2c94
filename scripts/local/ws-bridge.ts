import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { startHttpServer } from './http-server';
import { isLoopbackHost, LOOPBACK, parseHostPort } from './net';

export interface WsBridge {
  /** host:port for `neonConfig.wsProxy`, e.g. `(h, p) => \`${bridge.host}/v1?address=${h}:${p}\``. */
  host: string;
  close(): Promise<void>;
}

// With this many bytes queued for the WebSocket, stop reading from Postgres until it drains.
const HIGH_WATER_BYTES = 1024 * 1024;

/**
 * A WebSocket-to-TCP bridge, the local stand-in for Neon's WebSocket proxy: each WebSocket
 * carries one Postgres wire-protocol stream to the `address` query parameter's host:port.
 * Only loopback targets are accepted so the bridge cannot be used as an open relay.
 */
export async function startWsBridge(opts: { port?: number } = {}): Promise<WsBridge> {
  const wss = new WebSocketServer({ noServer: true });
  wss.on('error', () => undefined);
  const tunnels = new Set<{ ws: WebSocket; tcp: Socket }>();

  const http = await startHttpServer(async (_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket upgrade required\n');
  }, opts.port);

  http.server.on('upgrade', (req, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const address = new URL(req.url ?? '/', 'http://bridge').searchParams.get('address');
    const target = address === null ? null : parseHostPort(address);
    if (target === null || !isLoopbackHost(target.host)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const tcp = connect({ host: target.host, port: target.port });
      const tunnel = { ws, tcp };
      tunnels.add(tunnel);
      pipe(ws, tcp, () => tunnels.delete(tunnel));
    });
  });

  return {
    host: `${LOOPBACK}:${http.port}`,
    close: async () => {
      for (const { ws, tcp } of tunnels) {
        ws.terminate();
        tcp.destroy();
      }
      tunnels.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await http.close();
    },
  };
}

/**
 * Pipes one WebSocket to one TCP connection until either side ends. An upstream that
 * refuses, drops or resets the connection closes the WebSocket with 1011 (what Neon's
 * proxy does when it loses the compute); the bridge itself keeps serving.
 */
function pipe(ws: WebSocket, tcp: Socket, onClosed: () => void): void {
  let closed = false;
  const closeBoth = (code = 1000, reason = '') => {
    if (closed) return;
    closed = true;
    tcp.destroy();
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING) ws.close(code, reason);
    onClosed();
  };

  tcp.setNoDelay(true);
  // Writes made before the TCP connect completes are queued by the socket itself.
  ws.on('message', (data: RawData) => {
    if (!tcp.write(toBuffer(data))) ws.pause();
  });
  tcp.on('drain', () => ws.resume());
  tcp.on('data', (chunk: Buffer) => {
    if (ws.readyState !== ws.OPEN) return;
    ws.send(chunk, () => {
      if (ws.bufferedAmount < HIGH_WATER_BYTES) tcp.resume();
    });
    if (ws.bufferedAmount >= HIGH_WATER_BYTES) tcp.pause();
  });
  ws.on('close', () => closeBoth());
  ws.on('error', () => closeBoth());
  tcp.on('close', () => closeBoth());
  tcp.on('error', (error) => closeBoth(1011, `upstream: ${error.message}`.slice(0, 120)));
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
