import { beforeAll, describe, expect, it } from 'vitest';
import { call, client } from '../helpers/api';
import { signInCustomer } from '../helpers/customer';
import { createTestShop, demoShop, type TestShop } from '../helpers/shop-factory';

describe('response headers', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it('sends nosniff on every response: success, error, not found, preflight, document', async () => {
    const key = demoShop().apiKey;
    const responses = await Promise.all([
      client(key).get('/settings/health'),
      client(key).get('/products?limit=1'),
      call('/settings'),
      call('/no-such-route', { apiKey: key }),
      call('http://storefront.test/elsewhere'),
      call('/products', {
        method: 'OPTIONS',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
      }),
      call('/openapi.json'),
      client(key).post('/auth', { email: 'not an email' }),
    ]);
    for (const res of responses) {
      expect(res.headers.get('x-content-type-options'), String(res.status)).toBe('nosniff');
    }
  });

  it('forbids storing personal and token answers, errors included', async () => {
    const customer = await signInCustomer(shop);
    const personal = await Promise.all([
      customer.api.get('/auth'),
      customer.api.get('/orders'),
      customer.api.get(`/reviews/my?orderId=${crypto.randomUUID()}`),
      customer.api.post(`/orders/download-files/${crypto.randomUUID()}`, {
        fileId: crypto.randomUUID(),
        productId: crypto.randomUUID(),
      }),
      client(shop.apiKey).post('/auth', { email: `nobody-${crypto.randomUUID()}@example.test` }),
      client(shop.apiKey).post('/auth/verify', {
        email: 'a@example.test',
        id: crypto.randomUUID(),
        code: '000000',
      }),
      client(shop.apiKey).post('/auth/access', { id: 'x', email: 'a@example.test', order: 'y' }),
      client(shop.apiKey).get('/auth'),
      client(shop.apiKey).get('/orders'),
      // Any request carrying a customer token, whatever the path.
      customer.api.post('/coupons', { coupons: ['NOPE'], cart: [] }),
    ]);
    for (const res of personal) {
      expect(res.headers.get('cache-control'), `${res.status} ${JSON.stringify(res.body)}`).toBe(
        'no-store',
      );
    }
  });

  it('leaves public catalogue answers cacheable', async () => {
    const res = await client(demoShop().apiKey).get('/products?limit=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });
});
