/**
 * The theme's checkout (apps/theme/src/pages/checkout.tsx) against the real API: each checkout
 * page view carries an order key, sent as the Idempotency-Key, so the same form posted twice (a
 * double click, a retry after no answer) makes one order and shows it both times.
 */
import { Hono } from 'hono';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, checkHealth, loadSettings } from '../../apps/theme/src/api';
import type { Env, ThemeEnv } from '../../apps/theme/src/env';
import { writeCart } from '../../apps/theme/src/lib/cookies';
import * as checkout from '../../apps/theme/src/pages/checkout';
import { page } from '../../apps/theme/src/render';
import { createProduct } from '../helpers/catalog-factory';
import { buyerEmail, createShippingRate, ordersOf } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { dispatch } from '../helpers/worker';

// The islands' scripts are built files the worker tier does not build; only their URLs are used.
vi.mock('../../apps/theme/src/islands', () => ({
  islandUrl: async (name: string) => `/assets/${name}.js`,
}));

const SITE = 'https://shop.example';

/** The theme's checkout routes, the API reached through the worker as the theme's binding. */
const themeApp = (shop: TestShop) => {
  const env = {
    API: { fetch: (request: Request) => dispatch(request) },
    API_BASE: 'http://storefront.test/access/api/v1',
    STOREFRONT_API_KEY: shop.apiKey,
  } as unknown as Env;
  const app = new Hono<ThemeEnv>()
    .use('*', async (c, next) => {
      const api = apiClient(env, { visitor: null });
      const health = await checkHealth(api);
      if (!health) throw new Error('the API is not healthy');
      c.set('api', api);
      c.set('shop', health);
      c.set('settings', await loadSettings(api, shop.apiKey));
      c.set('customerApi', null);
      await next();
    })
    .get('/checkout', page(checkout))
    .post('/checkout', checkout.place);
  return (path: string, init: RequestInit = {}) => app.request(`${SITE}${path}`, init, env);
};

/** The confirmation the theme keeps for /checkout/success, from the answer's cookie. */
function confirmationOf(res: Response): { orderNumber: string } {
  const cookies = (res.headers as Headers & { getSetCookie(): string[] }).getSetCookie();
  const raw =
    cookies
      .find((c) => c.startsWith('sf_order='))
      ?.split(';')[0]
      ?.slice(9) ?? '';
  return JSON.parse(decodeURIComponent(raw)).confirmation;
}

describe('checkout in the theme', () => {
  let shop: TestShop;
  let cart: string;
  let delivery: string;

  beforeAll(async () => {
    shop = await createTestShop();
    const product = await createProduct(shop, { priceMinor: 1500, stock: 10 });
    const rate = await createShippingRate(shop, { priceMinor: 100 });
    delivery = `standard:${rate.id}`;
    const line = { productId: product.id, quantity: 1, type: 'product', variationKey: '' } as const;
    cart = `sf_cart=${encodeURIComponent(writeCart([line]))}`;
  });

  it('makes one order of the same checkout form posted twice, and shows it both times', async () => {
    const theme = themeApp(shop);
    const view = async () => {
      const res = await theme('/checkout', { headers: { cookie: cart } });
      expect(res.status).toBe(200);
      const key = /name="orderKey" value="([^"]+)"/.exec(await res.text())?.[1];
      expect(key).toBeTruthy();
      return key as string;
    };
    const key = await view();
    expect(await view()).not.toBe(key);

    const form = new URLSearchParams({
      orderKey: key,
      name: 'Ada Lovelace',
      email: buyerEmail(),
      phone: '+15550100',
      town: 'London',
      postalCode: 'NW1 6XE',
      delivery,
    });
    const submit = () =>
      theme('/checkout', {
        method: 'POST',
        headers: { cookie: cart, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    const first = await submit();
    const again = await submit();
    for (const res of [first, again]) {
      expect([res.status, res.headers.get('location')]).toEqual([303, '/checkout/success']);
    }
    const shown = confirmationOf(first).orderNumber;
    expect(shown).toBeTruthy();
    expect(confirmationOf(again).orderNumber).toBe(shown);
    const orders = await ordersOf(shop);
    expect(orders.map((o) => o.orderNumber)).toEqual([shown]);
  });
});
