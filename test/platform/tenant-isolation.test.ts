import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { createTestShop, demoShop, secondShop } from '../helpers/shop-factory';

describe('tenant isolation', () => {
  it("never returns shop B's data for shop A's key", async () => {
    const a = await createTestShop({ name: 'Shop A' });
    const b = await createTestShop({ name: 'Shop B' });
    await testDb().insert(s.policies).values({ shopId: b.id, type: 'warranty', content: 'B only' });

    const health = await client(a.apiKey).get('/settings/health');
    expect(health.body.id).toBe(a.id);
    expectError(await client(a.apiKey).get('/settings/policy/warranty'), 404, 'POLICY_NOT_FOUND');
    expect((await client(b.apiKey).get('/settings/policy/warranty')).body.data.content).toBe(
      'B only',
    );

    const settingsA = (await client(a.apiKey).get('/settings')).body.data;
    expect(settingsA._id).toBe(a.id);
    expect(settingsA.policies).toEqual([]);
    expect(settingsA.media.url).toContain(`/${a.id}/media/`);
  });

  it('keeps the two seeded shops apart', async () => {
    const demo = (await client(demoShop().apiKey).get('/settings/health')).body;
    const second = (await client(secondShop().apiKey).get('/settings/health')).body;
    expect(demo.id).toBe(demoShop().id);
    expect(second.id).toBe(secondShop().id);
    expect(demo.id).not.toBe(second.id);
  });

  it('refuses a revoked key', async () => {
    const shop = await createTestShop();
    await testDb()
      .update(s.apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(s.apiKeys.shopId, shop.id));
    expectError(await client(shop.apiKey).get('/settings/health'), 401, 'API_KEY_INVALID');
  });
});
