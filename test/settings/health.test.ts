import { describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createTestShop } from '../helpers/shop-factory';

describe('GET /settings/health', () => {
  it('answers ok with the shop name and id', async () => {
    const shop = await createTestShop({ name: 'Healthy Shop' });
    const res = await client(shop.apiKey).get('/settings/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', name: 'Healthy Shop', id: shop.id });
  });

  it.each(['development', 'maintenance', 'suspended'] as const)(
    'answers non-200 SHOP_UNDER_DEVELOPMENT when the shop is in %s',
    async (status) => {
      const shop = await createTestShop({ status });
      expectError(await client(shop.apiKey).get('/settings/health'), 503, 'SHOP_UNDER_DEVELOPMENT');
      expectError(await client(shop.apiKey).get('/settings'), 503, 'SHOP_UNDER_DEVELOPMENT');
      expectError(
        await client(shop.apiKey).get('/settings/policy/privacy'),
        503,
        'SHOP_UNDER_DEVELOPMENT',
      );
    },
  );
});
