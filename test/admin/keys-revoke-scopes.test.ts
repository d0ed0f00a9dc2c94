import { describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

describe('revoking keys', () => {
  it('an admin-only key cannot revoke a key holding scopes it lacks, but can revoke its peers', async () => {
    const shop = await createTestShop();
    const { api: owner, key: full } = await merchantOf(shop);
    const { api: adminOnly, key: adminKey } = await merchantOf(shop, { scopes: ['admin'] });
    const { key: reader } = await merchantOf(shop, { scopes: ['admin', 'orders:read'] });
    const { key: peer } = await merchantOf(shop, { scopes: ['admin'] });

    const refused = await adminOnly.delete(`/keys/${full.id}`);
    expect(expectError(refused, 403, 'MERCHANT_SCOPE_MISSING').details).toEqual([
      {
        field: 'id',
        message: expect.stringMatching(
          /^The key holds catalogue:write, .*orders:write.*, which your key does not\.$/,
        ),
      },
    ]);
    expectError(await adminOnly.delete(`/keys/${reader.id}`), 403, 'MERCHANT_SCOPE_MISSING');
    expect((await owner.get(`/keys/${full.id}`)).body.revoked_at).toBeNull();
    expect((await owner.get('/keys')).status).toBe(200);

    // Keys holding nothing beyond the caller's: its peer, itself; the full key revokes any.
    expect((await adminOnly.delete(`/keys/${peer.id}`)).body.revoked_at).not.toBeNull();
    expect((await owner.delete(`/keys/${reader.id}`)).body.revoked_at).not.toBeNull();
    expect((await owner.delete(`/keys/${adminKey.id}`)).body.revoked_at).not.toBeNull();
  });
});
