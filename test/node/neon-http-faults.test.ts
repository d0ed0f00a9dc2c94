import { type NeonQueryFunction, neon, neonConfig } from '@neondatabase/serverless';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NeonHttpEndpoint, startNeonHttpEndpoint } from '../../scripts/local/neon-http';
import {
  type RestartablePostgres,
  startHangingServer,
  startRestartablePostgres,
  timed,
} from './support/faults';

/**
 * The Neon HTTP stand-in when its Postgres goes away: it answers what Neon answers (a
 * Postgres error, or a 5xx JSON error when no connection can be made), never crashes the
 * process it runs in (an unhandled 'error' event would fail this file), and serves again
 * once Postgres is back.
 */
describe('the Neon HTTP endpoint when Postgres stops, hangs and comes back', () => {
  let postgres: RestartablePostgres;
  let endpoint: NeonHttpEndpoint;
  let sql: NeonQueryFunction<false, false>;

  const post = (query: string) =>
    fetch(endpoint.url, {
      method: 'POST',
      body: JSON.stringify({ query, params: [] }),
      headers: {
        'Neon-Connection-String': postgres.url,
        'Neon-Raw-Text-Output': 'true',
        'Neon-Array-Mode': 'true',
      },
    });

  const waitUntilServing = async () => {
    // A guard against an endpoint that never serves again, generous for a busy machine.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const res = await post('select 1 as one').catch(() => null);
      if (res?.status === 200) return;
      if (Date.now() > deadline) throw new Error('the endpoint did not serve again');
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  beforeAll(async () => {
    [postgres, endpoint] = await Promise.all([
      startRestartablePostgres(),
      startNeonHttpEndpoint({ connectTimeoutMs: 1_000, queryTimeoutMs: 2_000 }),
    ]);
    neonConfig.fetchEndpoint = endpoint.url;
    sql = neon(postgres.url);
  });

  afterAll(async () => {
    await endpoint?.close();
    await postgres?.remove();
  });

  it('answers statements cut off by a stopping Postgres with errors, and serves after the restart', async () => {
    expect(await sql`select 1 as one`).toEqual([{ one: 1 }]);
    // Connections in use (a statement, a batch) and idle ones in the pool all lose Postgres.
    const single = post('select pg_sleep(10)');
    const batch = sql.transaction([sql`select 1`, sql`select pg_sleep(10)`]).catch((e) => e);
    await new Promise((r) => setTimeout(r, 300));
    await postgres.stop();

    const cut = await single;
    expect([400, 503]).toContain(cut.status);
    expect(await cut.json()).toHaveProperty('message');
    expect(await batch).toBeInstanceOf(Error);

    // While it is down: a JSON 5xx, at once: the connection is refused, no timeout waited for.
    const down = await timed(post('select 1'));
    expect(down.value?.status).toBe(503);
    expect(await down.value?.json()).toMatchObject({
      message: expect.stringMatching(/ECONNREFUSED/),
    });

    await postgres.start();
    await waitUntilServing();
    expect(await sql`select 2 as two`).toEqual([{ two: 2 }]);
  });

  it('answers 503 after its connect timeout while Postgres hangs, and serves after', async () => {
    await postgres.stop();
    const hanging = await startHangingServer(postgres.port);
    try {
      const answer = await timed(post('select 1'));
      expect(answer.value?.status).toBe(503);
      // Not before its connect timeout, and ended by it (how soon after: npm run bench:timeouts).
      expect(answer.ms).toBeGreaterThanOrEqual(900);
      expect(await answer.value?.json()).toMatchObject({
        message: expect.stringMatching(/timeout/i),
      });
      expect(hanging.connections()).toBeGreaterThan(0);
    } finally {
      await hanging.close();
    }
    await postgres.start();
    await waitUntilServing();
    expect(await sql`select 3 as three`).toEqual([{ three: 3 }]);
  });
});
