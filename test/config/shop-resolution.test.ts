import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError } from '../helpers/api';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const paths = [
  [
    'POST /config',
    (headers: Record<string, string>) =>
      call('/config', { method: 'POST', body: { url: '/shop' }, headers }),
  ],
  [
    'GET /config/site-map',
    (headers: Record<string, string>) => call('/config/site-map', { headers }),
  ],
] as const;

describe.each(paths)('%s resolves the shop by key or hostname', (_name, send) => {
  let shop: TestShop;
  const domain = `resolve-${crypto.randomUUID().slice(0, 8)}.example`;

  beforeAll(async () => {
    shop = await createTestShop({ domains: [{ hostname: domain, isPrimary: true }] });
  });

  it('answers HOSTNAME_NOT_DETERMINED without a key or any host header', async () => {
    expectError(await send({}), 400, 'HOSTNAME_NOT_DETERMINED');
  });

  it('answers DOMAIN_NOT_IDENTIFIED for a host no shop serves', async () => {
    expectError(
      await send({ 'x-forwarded-host': 'nobody-sells-here.example' }),
      404,
      'DOMAIN_NOT_IDENTIFIED',
    );
  });

  it('answers SHOP_ID_NOT_FOUND for a platform host naming no shop', async () => {
    expectError(
      await send({
        'x-forwarded-host': `no-such-shop-${crypto.randomUUID().slice(0, 8)}.localhost`,
      }),
      404,
      'SHOP_ID_NOT_FOUND',
    );
  });

  it('serves the shop on its custom domain (X-Forwarded-Host, case-insensitive)', async () => {
    const res = await send({ 'x-forwarded-host': domain.toUpperCase() });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toContain(`https://${domain}`);
  });

  it('serves the shop on <handle>.<suffix> named by the Origin header', async () => {
    const res = await send({ origin: `https://${shop.handle}.localhost` });
    expect(res.status).toBe(200);
  });

  it('prefers the x-api-key over the hostname', async () => {
    const res = await send({
      'x-api-key': shop.apiKey,
      'x-forwarded-host': 'nobody-sells-here.example',
    });
    expect(res.status).toBe(200);
  });

  it('refuses an unknown key even with a good host', async () => {
    expectError(
      await send({ 'x-api-key': 'sf_test_unknown', 'x-forwarded-host': domain }),
      401,
      'API_KEY_INVALID',
    );
  });
});

describe('a shop that is not active', () => {
  it('answers SHOP_UNDER_DEVELOPMENT on both endpoints', async () => {
    const shop = await createTestShop({ status: 'development' });
    for (const [, send] of paths) {
      expectError(await send({ 'x-api-key': shop.apiKey }), 503, 'SHOP_UNDER_DEVELOPMENT');
    }
  });
});
