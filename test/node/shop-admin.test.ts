import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../scripts/admin/cli';
import { ensureDatabase, ensureExtensions } from '../../scripts/local/embedded-postgres';
import { applyMigrations } from '../../scripts/migrate';
import { sha256Hex } from '../../src/lib/crypto';
import { startTestPostgres } from './support/postgres';

/** `npm run shop`: how an operator provisions shops and storefront keys. */
describe('the shop admin commands', () => {
  let url: string;
  let stop: () => Promise<void>;
  let client: pg.Client;

  beforeAll(async () => {
    const postgres = await startTestPostgres();
    stop = postgres.stop;
    url = await ensureDatabase(postgres.url, 'admin_test');
    await ensureExtensions(url);
    await applyMigrations(url);
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    await stop();
  });

  const keyIn = (output: string) => /(sf_live_[A-Za-z0-9_-]{32})/.exec(output)?.[1] ?? '';
  const keyRows = async (handle: string) =>
    (
      await client.query<{ key_hash: string; prefix: string; revoked: boolean }>(
        `select k.key_hash, k.prefix, k.revoked_at is not null as revoked
         from api_keys k join shops s on s.id = k.shop_id where s.handle = $1 order by k.created_at`,
        [handle],
      )
    ).rows;

  it('creates a closed shop with settings, its primary domain and a key stored only as the hash the worker computes', async () => {
    const output = await run(
      ['create', '--name', 'Lumen Lamps', '--handle', 'lumen', '--domain', 'Shop.Lumen.Example'],
      url,
    );
    const key = keyIn(output);
    expect(key).not.toBe('');
    const [shop] = (
      await client.query('select id, status, currency from shops where handle = $1', ['lumen'])
    ).rows;
    expect(shop).toMatchObject({ status: 'development', currency: 'EUR' });
    const rows = await keyRows('lumen');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key_hash).toBe(await sha256Hex(key));
    expect(JSON.stringify(await client.query('select * from api_keys'))).not.toContain(key);
    const domains = await client.query(
      'select hostname, is_primary from shop_domains where shop_id = $1',
      [shop.id],
    );
    expect(domains.rows).toEqual([{ hostname: 'shop.lumen.example', is_primary: true }]);
    const settings = await client.query('select 1 from shop_settings where shop_id = $1', [
      shop.id,
    ]);
    expect(settings.rowCount).toBe(1);
  });

  it('issues another key and revokes by prefix', async () => {
    const second = keyIn(await run(['key', '--handle', 'lumen'], url));
    expect((await keyRows('lumen')).map((r) => r.revoked)).toEqual([false, false]);
    expect(
      await run(['revoke', '--handle', 'lumen', '--prefix', second.slice(0, 12)], url),
    ).toContain('Revoked 1');
    expect((await keyRows('lumen')).map((r) => r.revoked)).toEqual([false, true]);
  });

  it('opens a shop', async () => {
    await run(['status', '--handle', 'lumen', '--status', 'active'], url);
    const { rows } = await client.query('select status from shops where handle = $1', ['lumen']);
    expect(rows[0]?.status).toBe('active');
  });

  it('refuses bad input without writing anything', async () => {
    await expect(run(['create', '--name', 'X', '--handle', 'Not A Handle'], url)).rejects.toThrow(
      /handle/,
    );
    await expect(
      run(['create', '--name', 'X', '--handle', 'x1', '--domain', 'http://x'], url),
    ).rejects.toThrow(/hostname/);
    await expect(run(['create', '--name', 'Again', '--handle', 'lumen'], url)).rejects.toThrow();
    await expect(run(['status', '--handle', 'lumen', '--status', 'open'], url)).rejects.toThrow(
      /--status/,
    );
    await expect(run(['key', '--handle', 'nobody'], url)).rejects.toThrow(/no shop/);
    const { rows } = await client.query('select count(*)::int as n from shops');
    expect(rows[0]?.n).toBe(1);
  });
});
