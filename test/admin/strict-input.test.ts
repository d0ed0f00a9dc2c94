import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

describe('strict input, as Stripe: nothing the API does not know is silently ignored', () => {
  let api: MerchantClient;

  beforeAll(async () => {
    api = (await merchantOf(await createTestShop())).api;
  });

  it('an unknown query parameter is refused, named, never answered as if absent', async () => {
    for (const [path, name] of [
      ['/orders?search=smith', 'search'],
      ['/orders?number=1001', 'number'],
      ['/orders?category=shoes', 'category'],
      ['/products?collection=shoes', 'collection'],
      ['/customers?search=ada&bogus=1', 'bogus'],
      ['/settings?section=tax', 'section'],
    ] as const) {
      const error = expectError(await api.get(path), 422, 'VALIDATION_FAILED');
      expect(error.message).toBe(`Unknown query parameter: ${name}.`);
      expect(error.details).toEqual([
        {
          field: name,
          message: expect.stringMatching(/^Unknown query parameter; this call takes /),
        },
      ]);
    }
    const none = expectError(await api.get('/settings?x=1'), 422, 'VALIDATION_FAILED');
    expect(none.details).toEqual([
      { field: 'x', message: 'Unknown query parameter; this call takes no query parameters.' },
    ]);
    expect((await api.get('/customers?search=ada&limit=5')).status).toBe(200);
    expect((await api.get('/products?limit=100')).status).toBe(200);
  });

  it('page sizes are 1 to 100 on every list; minor units refuse a fractional part', async () => {
    for (const limit of ['0', '101', '2.5']) {
      expectError(await api.get(`/products?limit=${limit}`), 422, 'VALIDATION_FAILED');
    }
    const rate = await api.post('/shipping-rates', { title: 'Courier', amount: 4.5 });
    expect(expectError(rate, 422, 'VALIDATION_FAILED').details).toEqual([
      expect.objectContaining({ field: 'amount' }),
    ]);
    const product = await api.post('/products', { title: 'Cup', price: 9.99 });
    expect(expectError(product, 422, 'VALIDATION_FAILED').details).toEqual([
      expect.objectContaining({ field: 'price' }),
    ]);
  });
});
