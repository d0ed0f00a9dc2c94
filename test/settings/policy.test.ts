import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { POLICY_TYPES } from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import { testDb } from '../helpers/db';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('GET /settings/policy/:type', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
    await testDb()
      .insert(s.policies)
      .values(
        POLICY_TYPES.filter((t) => t !== 'cookie').map((type) => ({
          shopId: shop.id,
          type,
          content:
            type === 'privacy'
              ? '<h1>Privacy & "you"</h1><script>x</script>'
              : type === 'order'
                ? ''
                : `<p>${type}</p>`,
        })),
      );
  });

  it('returns each configured type of the 14', async () => {
    for (const type of POLICY_TYPES.filter((t) => t !== 'cookie')) {
      const res = await client(shop.apiKey).get(`/settings/policy/${type}`);
      expect(res.status, type).toBe(200);
      expect(res.body.data.type).toBe(type);
      expect(typeof res.body.data._id).toBe('string');
    }
  });

  it('returns the content HTML-escaped', async () => {
    const res = await client(shop.apiKey).get('/settings/policy/privacy');
    expect(res.body.data.content).toBe(
      '&lt;h1&gt;Privacy &amp; &quot;you&quot;&lt;/h1&gt;&lt;script&gt;x&lt;/script&gt;',
    );
  });

  it('returns an empty string when the merchant wrote nothing', async () => {
    const res = await client(shop.apiKey).get('/settings/policy/order');
    expect(res.body.data.content).toBe('');
  });

  it('answers POLICY_NOT_FOUND for a type not configured', async () => {
    expectError(await client(shop.apiKey).get('/settings/policy/cookie'), 404, 'POLICY_NOT_FOUND');
  });

  it('answers POLICY_TYPE_INVALID for an unknown type', async () => {
    const res = await client(shop.apiKey).get('/settings/policy/privacy-policy');
    expectError(res, 400, 'POLICY_TYPE_INVALID');
    expect(res.body.details[0].field).toBe('type');
  });

  it('answers in one database round trip when not cached', async () => {
    await announceChange(shop.id);
    expect((await client(shop.apiKey).get('/settings/policy/refund')).roundTrips).toBe(1);
  });
});
