import { describe, expect, it } from 'vitest';
import { CODE_RATE_RULES } from '../../src/modules/auth/otp';
import { freshIp, uniqueEmail } from '../auth/support';
import { client, expectError } from '../helpers/api';
import { merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

/** The items of a structured-field list header: `"name";a=1;b=2, …` → { name: { a, b } }. */
function itemsOf(header: string | null): Record<string, Record<string, number>> {
  expect(header).toBeTruthy();
  const items: Record<string, Record<string, number>> = {};
  for (const item of (header ?? '').split(',')) {
    const [name = '', ...params] = item.trim().split(';');
    items[JSON.parse(name)] = Object.fromEntries(
      params.map((p) => [p.split('=')[0], Number(p.split('=')[1])]),
    );
  }
  return items;
}

describe('IETF rate-limit headers', () => {
  it('name every limit a sign-in request counts against, and what is left of each', async () => {
    const shop = await createTestShop();
    const ip = freshIp();
    const send = () =>
      client(shop.apiKey).post(
        '/auth',
        { email: uniqueEmail() },
        { headers: { 'cf-connecting-ip': ip } },
      );
    const first = await send();
    expectError(first, 404, 'ACCOUNT_NOT_FOUND');
    const { ip: rule, emailBurst, emailHour } = CODE_RATE_RULES;
    const policy = itemsOf(first.headers.get('ratelimit-policy'));
    expect(policy[rule.name]).toEqual({ q: rule.limit, w: rule.windowSeconds });
    expect(policy[emailBurst.name]).toEqual({ q: 6, w: 900 });
    expect(policy[emailHour.name]).toEqual({ q: 12, w: 3600 });
    const left = itemsOf(first.headers.get('ratelimit'))[rule.name];
    expect(left?.r).toBe(rule.limit - 1);
    expect(left?.t).toBeGreaterThan(0);
    expect(left?.t).toBeLessThanOrEqual(rule.windowSeconds);
    const second = itemsOf((await send()).headers.get('ratelimit'))[rule.name];
    expect(second?.r).toBe(rule.limit - 2);
  });

  it('come with the 429 too, at zero remaining, beside Retry-After', async () => {
    const shop = await createTestShop();
    const { api } = await merchantOf(shop, { rateLimit: 2, scopes: ['settings:read'] });
    const ok = await api.get('/shipping-rates');
    expect(ok.status).toBe(200);
    expect(itemsOf(ok.headers.get('ratelimit-policy'))['merchant-key']).toEqual({ q: 2, w: 60 });
    expect(itemsOf(ok.headers.get('ratelimit'))['merchant-key']?.r).toBe(1);
    await api.get('/shipping-rates');
    const refused = await api.get('/shipping-rates');
    expectError(refused, 429, 'MERCHANT_RATE_LIMITED');
    expect(itemsOf(refused.headers.get('ratelimit'))['merchant-key']?.r).toBe(0);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('are absent where nothing is counted, and are documented where something is', async () => {
    const shop = await createTestShop();
    const settings = await client(shop.apiKey).get('/settings');
    expect(settings.headers.get('ratelimit')).toBeNull();
    expect(settings.headers.get('ratelimit-policy')).toBeNull();
    const doc = (await client(shop.apiKey).get('/openapi.json')).body as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object }> }>>;
    };
    const signIn = doc.paths['/auth']?.post?.responses ?? {};
    for (const status of ['200', '429']) {
      expect(Object.keys(signIn[status]?.headers ?? {}), status).toEqual(
        expect.arrayContaining(['RateLimit', 'RateLimit-Policy']),
      );
    }
    expect(doc.paths['/settings']?.get?.responses['200']?.headers ?? {}).not.toHaveProperty(
      'RateLimit',
    );
  });
});
