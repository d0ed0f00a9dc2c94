import { neonConfig, Pool } from '@neondatabase/serverless';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { findFreePort } from '../../scripts/local/net';
import { startWsBridge, type WsBridge } from '../../scripts/local/ws-bridge';
import { type RestartablePostgres, startRestartablePostgres } from './support/faults';

/** How the bridge closes a WebSocket whose target cannot be reached. */
function closeOf(url: string): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    ws.on('error', reject);
  });
}

/**
 * The WebSocket bridge (the stand-in for Neon's proxy) when Postgres refuses, drops its
 * connections and comes back: it closes the affected WebSockets as Neon's proxy does, keeps
 * running, and carries new connections once Postgres is back.
 */
describe('the WebSocket bridge when Postgres refuses, stops and comes back', () => {
  let postgres: RestartablePostgres;
  let bridge: WsBridge;
  let pool: Pool;

  beforeAll(async () => {
    [postgres, bridge] = await Promise.all([startRestartablePostgres(), startWsBridge()]);
    neonConfig.webSocketConstructor = WebSocket;
    neonConfig.wsProxy = (host, port) => `${bridge.host}/v1?address=${host}:${port}`;
    neonConfig.useSecureWebSocket = false;
    neonConfig.pipelineTLS = false;
    neonConfig.pipelineConnect = false;
    // A guard against a hang, not a measure: a busy machine may take seconds to connect. A
    // refused or stopped Postgres fails at once (the bridge closes the WebSocket with 1011).
    pool = new Pool({ connectionString: postgres.url, connectionTimeoutMillis: 30_000 });
    pool.on('error', () => undefined);
  }, 60_000);

  afterAll(async () => {
    await pool?.end().catch(() => undefined);
    await bridge?.close();
    await postgres?.remove();
  });

  it('closes the WebSocket with 1011 when the target refuses, and keeps serving', async () => {
    const closed = await findFreePort();
    const refused = await closeOf(`ws://${bridge.host}/v1?address=127.0.0.1:${closed}`);
    expect(refused.code).toBe(1011);
    expect(refused.reason).toMatch(/ECONNREFUSED/);
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('drops the connections of a stopped Postgres and carries new ones once it is back', async () => {
    const client = await pool.connect();
    client.on('error', () => undefined);
    await client.query('select 1');
    await postgres.stop();
    await expect(client.query('select 1')).rejects.toThrow();
    client.release(true);
    await expect(pool.query('select 1')).rejects.toThrow();

    await postgres.start();
    expect((await pool.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  }, 60_000);
});
