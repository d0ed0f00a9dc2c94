import { DrizzleQueryError } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/app-env';
import { onError } from '../../src/http/error-handler';
import { unstorableTextIssues } from '../../src/http/router';
import { errorText } from '../../src/lib/log';
import { client, expectError } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { orderBody } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const NUL = '\u0000';
const LONE = '\ud800';

describe('text no database can store (NUL, unpaired surrogates)', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  let productId: string;

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
    productId = (await createProduct(shop)).id;
  });

  it('is refused in query strings and paths with the route’s own code', async () => {
    expectError(await api.get('/search?term=a%00b'), 400, 'INVALID_SEARCH_QUERY');
    expectError(await api.get('/products?term=a%00b'), 422, 'VALIDATION_FAILED');
    expectError(await api.get('/products/a%00b'), 422, 'VALIDATION_FAILED');
    expectError(await api.get('/categories/a%00b'), 422, 'VALIDATION_FAILED');
    expectError(await api.get('/content/a%00b'), 422, 'VALIDATION_FAILED');
    expectError(await api.get('/products/variants?productId=a%00b'), 400, 'PRODUCT_ID_REQUIRED');
  });

  it('is refused in bodies, naming the field', async () => {
    const order = await api.post(
      '/orders',
      orderBody([{ productId, quantity: 1 }], { name: `Ada${NUL}` }),
    );
    expectError(order, 422, 'ORDER_VALIDATION_FAILED');
    expect(order.body.details).toEqual([{ field: 'name', message: expect.any(String) }]);
    const coupon = await api.post('/coupons', {
      coupons: [NUL],
      cart: [{ type: 'product', productId, quantity: 1 }],
    });
    expectError(coupon, 422, 'VALIDATION_FAILED');
    expect(coupon.body.details[0].field).toBe('coupons.0');
    expectError(
      await api.post('/config', { url: '/product/:id', param: LONE }),
      400,
      'SHOP_URL_INVALID',
    );
    expectError(
      await api.put('/analytics', {
        userId: 'visitor',
        sessionId: `s${NUL}`,
        sessionStartPage: '/',
        event: 'page_view',
        metadata: { url: '/' },
      }),
      422,
      'ANALYTICS_EVENT_INVALID',
    );
    const buyer = await signInCustomer(shop);
    const profile = await buyer.api.patch('/auth', {
      name: 'Ada',
      phone: '+4930123456',
      town: `Berlin${LONE}`,
    });
    expectError(profile, 422, 'VALIDATION_FAILED');
    expect(profile.body.details[0].field).toBe('town');
  });

  it('still accepts any other text, emoji (paired surrogates) included', async () => {
    const res = await api.get(`/search?term=${encodeURIComponent('tee 🌿 naïve')}`);
    expect(res.status).toBe(200);
    expect(unstorableTextIssues({ a: ['ok 🌿', { b: 'tab\tnew\nline' }] })).toEqual([]);
    expect(unstorableTextIssues({ a: ['ok', { [`k${NUL}`]: 1, b: `x${LONE}` }] })).toEqual([
      { path: ['a', '1', `k${NUL}`], message: expect.any(String) },
      { path: ['a', '1', 'b'], message: expect.any(String) },
    ]);
  });

  it('answers 422, not 500, if the database itself refuses the encoding', async () => {
    const app = new Hono<AppEnv>();
    app.onError(onError);
    app.get('/x', () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
        code: '22021',
      });
    });
    const res = await app.request('/x');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
  });

  it('keeps query parameters, which hold customers’ data, out of logged errors', () => {
    const failed = new DrizzleQueryError(
      'insert into customers (email) values ($1)',
      ['ada@example.test'],
      Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }),
    );
    const text = errorText(failed);
    expect(text).toContain('insert into customers (email) values ($1)');
    expect(text).toContain('duplicate key value');
    expect(text).not.toContain('ada@example.test');
    expect(String(failed)).toContain('ada@example.test');
  });
});
