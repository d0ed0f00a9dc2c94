import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../scripts/admin/cli';
import { ensureDatabase, ensureExtensions } from '../../scripts/local/embedded-postgres';
import { applyMigrations } from '../../scripts/migrate';
import { sha256Hex } from '../../src/lib/crypto';
import { startTestPostgres } from './support/postgres';

/** `npm run shop -- merchant-key …`: how an operator issues, lists and revokes merchant keys. */
describe('the merchant key admin commands', () => {
  let url: string;
  let stop: () => Promise<void>;
  let client: pg.Client;

  beforeAll(async () => {
    const postgres = await startTestPostgres();
    stop = postgres.stop;
    url = await ensureDatabase(postgres.url, 'merchant_key_admin_test');
    await ensureExtensions(url);
    await applyMigrations(url);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    await run(['create', '--name', 'Demo', '--handle', 'demo'], url);
    await run(['create', '--name', 'Other', '--handle', 'other'], url);
  });

  afterAll(async () => {
    await client.end();
    await stop();
  });

  const keyIn = (output: string) =>
    /(sk_live_[A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/.exec(output)?.[1] ?? '';
  const keyRows = async () =>
    (
      await client.query<{
        id: string;
        name: string;
        prefix: string;
        key_hash: string;
        scopes: string[];
        rate_limit: number | null;
        revoked: boolean;
      }>(
        `select k.id, k.name, k.prefix, k.key_hash, k.scopes, k.rate_limit, k.revoked_at is not null as revoked
         from merchant_keys k order by k.created_at`,
      )
    ).rows;
  const auditRows = async () =>
    (
      await client.query<{
        action: string;
        key_id: string | null;
        resource_id: string;
        changes: Record<string, unknown>;
      }>('select action, key_id, resource_id, changes from audit_events order by created_at')
    ).rows;

  it('creates a key shown once, stored only as the hash the worker computes, and audited', async () => {
    const output = await run(
      [
        'merchant-key',
        'create',
        '--handle',
        'demo',
        '--name',
        'CI',
        '--scopes',
        'catalogue:write,orders:read,catalogue:read',
      ],
      url,
    );
    const key = keyIn(output);
    expect(key).not.toBe('');
    expect(output).toContain('catalogue:write, orders:read');
    const [row] = await keyRows();
    expect(row).toMatchObject({
      name: 'CI',
      prefix: key.slice(0, 12),
      scopes: ['catalogue:write', 'orders:read'],
      rate_limit: null,
      revoked: false,
    });
    expect(row?.key_hash).toBe(await sha256Hex(key));
    expect(JSON.stringify(await client.query('select * from merchant_keys'))).not.toContain(key);
    const [audit] = await auditRows();
    expect(audit).toMatchObject({ action: 'create', key_id: null, resource_id: row?.id });
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('lists keys of every shop or of one, never their secrets', async () => {
    await run(
      [
        'merchant-key',
        'create',
        '--handle',
        'other',
        '--name',
        'Sync',
        '--scopes',
        'admin',
        '--rate-limit',
        '120',
      ],
      url,
    );
    const all = await run(['merchant-key', 'list'], url);
    expect(all).toMatch(/PREFIX\s+SHOP\s+NAME\s+SCOPES/);
    expect(all).toContain('CI');
    expect(all).toMatch(/other\s+Sync\s+admin\s+120/);
    const one = await run(['merchant-key', 'list', '--handle', 'other'], url);
    expect(one).not.toContain('CI');
    expect(all).not.toMatch(/sk_live_[A-Za-z0-9_-]{32}/);
  });

  it('revokes exactly the one key a prefix names, and audits it', async () => {
    const third = keyIn(
      await run(
        [
          'merchant-key',
          'create',
          '--handle',
          'demo',
          '--name',
          'Temp',
          '--scopes',
          'settings:read',
        ],
        url,
      ),
    );
    const output = await run(['merchant-key', 'revoke', '--prefix', third.slice(0, 12)], url);
    expect(output).toContain('Revoked');
    const rows = await keyRows();
    expect(rows.filter((r) => r.revoked).map((r) => r.name)).toEqual(['Temp']);
    expect((await auditRows()).at(-1)).toMatchObject({ action: 'revoke', key_id: null });
    await expect(
      run(['merchant-key', 'revoke', '--prefix', third.slice(0, 12)], url),
    ).rejects.toThrow(/no live merchant key/);
  });

  it('refuses a prefix that names several keys, or nothing beyond sk_live_', async () => {
    const [first] = await keyRows();
    await client.query(
      `insert into merchant_keys (shop_id, name, prefix, key_hash, scopes)
       select shop_id, 'Twin', prefix, 'not-a-real-hash', scopes from merchant_keys where id = $1`,
      [first?.id],
    );
    await expect(
      run(['merchant-key', 'revoke', '--prefix', first?.prefix ?? ''], url),
    ).rejects.toThrow(/2 live keys/);
    await expect(run(['merchant-key', 'revoke', '--prefix', 'sk_live_'], url)).rejects.toThrow(
      /beyond/,
    );
    await expect(run(['merchant-key', 'revoke', '--prefix', 'sk_l%'], url)).rejects.toThrow(
      /beyond|no live/,
    );
    expect((await keyRows()).filter((r) => r.revoked)).toHaveLength(1);
  });

  it('refuses bad input without writing anything', async () => {
    const before = (await keyRows()).length;
    await expect(
      run(
        [
          'merchant-key',
          'create',
          '--handle',
          'demo',
          '--name',
          'X',
          '--scopes',
          'catalogue:delete',
        ],
        url,
      ),
    ).rejects.toThrow(/catalogue:delete/);
    await expect(
      run(
        ['merchant-key', 'create', '--handle', 'nobody', '--name', 'X', '--scopes', 'admin'],
        url,
      ),
    ).rejects.toThrow(/no shop/);
    await expect(
      run(
        [
          'merchant-key',
          'create',
          '--handle',
          'demo',
          '--name',
          'X',
          '--scopes',
          'admin',
          '--rate-limit',
          '0',
        ],
        url,
      ),
    ).rejects.toThrow(/rate-limit/);
    await expect(run(['merchant-key', 'create', '--handle', 'demo'], url)).rejects.toThrow(
      /--name/,
    );
    await expect(run(['merchant-key', 'rotate'], url)).rejects.toThrow(/create, list, revoke/);
    expect((await keyRows()).length).toBe(before);
  });
});
