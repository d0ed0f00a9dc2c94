import { describe, expect, it } from 'vitest';
import { ALL_SCOPES } from '../../src/identity/merchant-scopes';
import { client } from '../helpers/api';
import { merchant } from '../helpers/merchant';
import { demoShop } from '../helpers/shop-factory';

/** The seeded demo merchant key, as a developer uses it after `npm run dev`. Reads only. */
describe('the demo merchant key', () => {
  it('holds every scope and reads the demo shop’s shipping rates and pickup points', async () => {
    const demo = demoShop();
    if (!demo.merchantKey) throw new Error('the seed exposes no demo merchant key');
    const api = merchant(demo.merchantKey);
    const keys = (await api.get('/keys')).body.data;
    const own = keys.find((k: { prefix: string }) => demo.merchantKey?.startsWith(k.prefix));
    expect(own).toMatchObject({ scopes: ALL_SCOPES, revoked_at: null });
    const rates = (await api.get('/shipping-rates?limit=100')).body.data;
    const storefront = (await client(demo.apiKey).get('/settings')).body.data.shipping;
    const active = rates
      .filter((r: { active: boolean }) => r.active)
      .map((r: { id: string }) => r.id);
    expect(active.sort()).toEqual(storefront.standard.map((r: { _id: string }) => r._id).sort());
    const pickups = (await api.get('/pickup-locations?limit=100')).body.data;
    expect(pickups.length).toBe(storefront.pickup.length);
  });
});
