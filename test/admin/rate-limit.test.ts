import { describe, expect, it } from 'vitest';
import { DEFAULT_MERCHANT_RATE_LIMIT } from '../../src/identity/merchant-keys';
import { expectError } from '../helpers/api';
import { merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

describe('the per-key rate limit', () => {
  it('refuses a key beyond its own limit with Retry-After, counting refused calls; other keys go on', async () => {
    expect(DEFAULT_MERCHANT_RATE_LIMIT).toBe(600);
    const shop = await createTestShop();
    const { api, key } = await merchantOf(shop, { rateLimit: 4, scopes: ['settings:read'] });
    expect((await api.get('/shipping-rates')).status).toBe(200);
    expect((await api.get('/shipping-rates?limit=1')).status).toBe(200);
    expectError(
      await api.post('/shipping-rates', { title: 'x', amount: 1 }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expect((await api.get('/pickup-locations')).status).toBe(200);
    const refused = await api.get('/shipping-rates');
    expectError(refused, 429, 'MERCHANT_RATE_LIMITED');
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);

    const { api: sibling } = await merchantOf(shop, { scopes: ['settings:read'] });
    expect((await sibling.get('/shipping-rates')).status).toBe(200);
    const keys = await merchantOf(shop, { scopes: ['admin'] });
    const listed = (await keys.api.get(`/keys/${key.id}`)).body;
    expect(listed.rate_limit).toBe(4);
  });
});
