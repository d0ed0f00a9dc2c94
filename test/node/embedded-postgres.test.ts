import { access } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureDatabase,
  ensureExtensions,
  startEmbeddedPostgres,
} from '../../scripts/local/embedded-postgres';
import { makeTempDir } from './support/postgres';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('startEmbeddedPostgres', () => {
  it('keeps a persistent cluster and reuses it on the next start', async () => {
    const dir = await makeTempDir('node-test-persistent-');
    cleanups.push(dir.remove);
    const dataDir = join(dir.path, 'pg');

    const first = await startEmbeddedPostgres({ dataDir, persistent: true });
    cleanups.push(first.stop);
    await query(first.url, "CREATE TABLE kept AS SELECT 'still here' AS note");
    await first.stop();
    expect(await exists(join(dataDir, 'PG_VERSION'))).toBe(true);

    const second = await startEmbeddedPostgres({ dataDir, persistent: true });
    cleanups.push(second.stop);
    expect(await query(second.url, 'SELECT note FROM kept')).toEqual([{ note: 'still here' }]);
    await second.stop();
  });

  it('listens on loopback with password auth and deletes a throwaway cluster on stop', async () => {
    const dir = await makeTempDir('node-test-ephemeral-');
    cleanups.push(dir.remove);
    const dataDir = join(dir.path, 'pg');
    const postgres = await startEmbeddedPostgres({ dataDir, persistent: false });
    cleanups.push(postgres.stop);

    const url = new URL(postgres.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBeGreaterThan(0);
    expect(await query(postgres.url, 'SHOW listen_addresses')).toEqual([
      { listen_addresses: '127.0.0.1' },
    ]);
    url.password = 'wrong';
    await expect(query(url.toString(), 'SELECT 1')).rejects.toMatchObject({ code: '28P01' });

    const dbUrl = await ensureDatabase(postgres.url, 'shop-db');
    expect(await ensureDatabase(postgres.url, 'shop-db')).toBe(dbUrl);
    expect(new URL(dbUrl).pathname).toBe('/shop-db');
    await ensureExtensions(dbUrl);
    await ensureExtensions(dbUrl);
    const extensions = await query<{ extname: string }>(dbUrl, 'SELECT extname FROM pg_extension');
    expect(extensions.map((e) => e.extname)).toEqual(
      expect.arrayContaining(['pg_trgm', 'unaccent', 'citext', 'pgcrypto']),
    );
    expect(await query(dbUrl, "SELECT similarity('shoe', 'shoes') > 0.5 AS close")).toEqual([
      { close: true },
    ]);

    await postgres.stop();
    expect(await exists(dataDir)).toBe(false);
  });

  it('fails with the server log when the port is taken', async () => {
    const dir = await makeTempDir('node-test-clash-');
    cleanups.push(dir.remove);
    const running = await startEmbeddedPostgres({
      dataDir: join(dir.path, 'a'),
      persistent: false,
    });
    cleanups.push(running.stop);
    const port = Number(new URL(running.url).port);
    await expect(
      startEmbeddedPostgres({ dataDir: join(dir.path, 'b'), port, persistent: false }),
    ).rejects.toThrow(/failed on port \d+[\s\S]*(could not (bind|create)|already in use)/i);
    expect(await exists(join(dir.path, 'b'))).toBe(false);
  });
});
