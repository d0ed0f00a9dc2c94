import { describe, expect, it } from 'vitest';
import { call, client, expectError } from '../helpers/api';
import { demoShop } from '../helpers/shop-factory';

describe('the error contract', () => {
  it('refuses a request without a storefront key with API_KEY_MISSING', async () => {
    expectError(await call('/settings'), 401, 'API_KEY_MISSING');
  });

  it('refuses an unknown key with API_KEY_INVALID', async () => {
    expectError(await call('/settings', { apiKey: 'sf_not_a_key' }), 401, 'API_KEY_INVALID');
  });

  it('answers unknown routes with a coded 404', async () => {
    const res = await call('/no-such-thing', { apiKey: demoShop().apiKey });
    expectError(res, 404, 'ROUTE_NOT_FOUND');
    expectError(await call('http://storefront.test/elsewhere'), 404, 'ROUTE_NOT_FOUND');
  });

  it('answers malformed JSON with INVALID_JSON', async () => {
    const res = await call('/products/cart', {
      apiKey: demoShop().apiKey,
      method: 'POST',
      body: '{"cart": [',
    });
    expectError(res, 400, 'INVALID_JSON');
  });

  it('refuses a body over 256 KiB with PAYLOAD_TOO_LARGE', async () => {
    const res = await call('/newsletter', {
      apiKey: demoShop().apiKey,
      method: 'POST',
      body: JSON.stringify({ email: 'x'.repeat(300_000) }),
    });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('puts a request id on every response, success or error', async () => {
    const ok = await client(demoShop().apiKey).get('/settings/health');
    const bad = await call('/settings');
    expect(ok.headers.get('x-request-id')).toMatch(/.{8,}/);
    expect(bad.headers.get('x-request-id')).toBe(bad.body.requestId);
    expect(ok.headers.get('x-request-id')).not.toBe(bad.headers.get('x-request-id'));
  });

  it('answers CORS preflights for browser themes', async () => {
    const res = await call('/settings', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://theme.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-api-key, authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
  });
});
