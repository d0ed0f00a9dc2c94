import { neonConfig, Pool } from '@neondatabase/serverless';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startWsBridge, type WsBridge } from '../../scripts/local/ws-bridge';
import { startTestPostgres } from './support/postgres';

let postgres: { url: string; stop(): Promise<void> };
let bridge: WsBridge;
let pool: Pool;

beforeAll(async () => {
  [postgres, bridge] = await Promise.all([startTestPostgres(), startWsBridge()]);
  // The settings local development uses: plain ws:// to the bridge, no pipelining.
  neonConfig.webSocketConstructor = WebSocket;
  neonConfig.wsProxy = (host, port) => `${bridge.host}/v1?address=${host}:${port}`;
  neonConfig.useSecureWebSocket = false;
  neonConfig.pipelineTLS = false;
  neonConfig.pipelineConnect = false;
  pool = new Pool({ connectionString: postgres.url });
  await pool.query('CREATE TABLE stock (sku text PRIMARY KEY, qty int NOT NULL)');
});

afterAll(async () => {
  await pool?.end();
  await bridge?.close();
  await postgres?.stop();
});

/** Resolves with the HTTP status the bridge answers a WebSocket handshake with. */
function handshakeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', (error) => {
      if (!/Unexpected server response/.test(error.message)) reject(error);
    });
  });
}

describe('the WebSocket bridge with the Neon driver', () => {
  it('carries an interactive transaction that reads before it writes', async () => {
    await pool.query("INSERT INTO stock VALUES ('mug', 3)");
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<{ qty: number }>(
        "SELECT qty FROM stock WHERE sku = 'mug' FOR UPDATE",
      );
      await client.query("UPDATE stock SET qty = $1 WHERE sku = 'mug'", [(rows[0]?.qty ?? 0) - 1]);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await pool.query("SELECT qty FROM stock WHERE sku = 'mug'")).rows).toEqual([
      { qty: 2 },
    ]);
  });

  it('rolls back what a failed transaction wrote', async () => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query("INSERT INTO stock VALUES ('ghost', 1)");
      const seen = await client.query("SELECT count(*)::int AS n FROM stock WHERE sku = 'ghost'");
      expect(seen.rows).toEqual([{ n: 1 }]);
      await expect(client.query("INSERT INTO stock VALUES ('ghost', 2)")).rejects.toMatchObject({
        code: '23505',
      });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    const after = await pool.query("SELECT count(*)::int AS n FROM stock WHERE sku = 'ghost'");
    expect(after.rows).toEqual([{ n: 0 }]);
  });

  it('serves concurrent connections independently', async () => {
    const pids = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_sleep(0.05)');
          return (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
            ?.pid;
        } finally {
          client.release();
        }
      }),
    );
    expect(new Set(pids).size).toBe(8);
  });
});

describe('the bridge refuses to be an open proxy', () => {
  it('rejects targets off loopback and requests without a target', async () => {
    const base = `ws://${bridge.host}/v1`;
    expect(await handshakeStatus(`${base}?address=203.0.113.9:5432`)).toBe(403);
    expect(await handshakeStatus(`${base}?address=db.example.com:5432`)).toBe(403);
    expect(await handshakeStatus(base)).toBe(403);
    expect(await handshakeStatus(`${base}?address=127.0.0.1:1`)).toBe(101);
  });

  it('makes the driver fail for a remote database', async () => {
    const remote = new Pool({ connectionString: 'postgres://u:p@203.0.113.9:5432/db' });
    remote.on('error', () => undefined);
    await expect(remote.query('SELECT 1')).rejects.toThrow(/403/);
    await remote.end();
  });
});

describe('close()', () => {
  it('cuts open tunnels instead of waiting for them', async () => {
    const own = await startWsBridge();
    const ws = new WebSocket(`ws://${own.host}/v1?address=${new URL(postgres.url).host}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    // An idle tunnel never ends by itself: close() returning at all means it was cut, and the
    // client sees the connection dropped (1006), not a closing handshake.
    await own.close();
    expect(await closed).toBe(1006);
    expect(ws.readyState).toBe(WebSocket.CLOSED);
  });
});
