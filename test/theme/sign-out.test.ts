/**
 * Signing out in the theme (`endSession`, apps/theme/src/session.ts, behind POST
 * /account/sign-out): the token's session ends on the API, over the same client the theme uses, before the cookie is cleared; the cookie is
 * cleared even when the API cannot be reached.
 */
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../apps/theme/src/api';
import type { Env, ThemeEnv } from '../../apps/theme/src/env';
import { endSession } from '../../apps/theme/src/session';
import { expectError } from '../helpers/api';
import { signInCustomer } from '../helpers/customer';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { dispatch } from '../helpers/worker';

const SITE = 'https://shop.example';

/** The theme's sign-out route, its customer client talking to `fetch` as the binding. */
const themeApp = (
  shop: TestShop,
  who: { token: string; deviceId: string },
  fetch: (request: Request) => Promise<Response>,
) => {
  const env = {
    API: { fetch },
    API_BASE: 'http://storefront.test/access/api/v1',
    STOREFRONT_API_KEY: shop.apiKey,
  } as unknown as Env;
  return new Hono<ThemeEnv>()
    .use('*', async (c, next) => {
      c.set('customerApi', apiClient(env, { visitor: null, ...who }));
      await next();
    })
    .post('/account/sign-out', async (c) => {
      await endSession(c);
      return c.redirect('/account', 303);
    });
};

const signOutAt = (app: Hono<ThemeEnv>) =>
  app.request(`${SITE}/account/sign-out`, { method: 'POST', headers: { origin: SITE } });

const clearsTokenCookie = (res: Response) =>
  expect(
    (res.headers as Headers & { getSetCookie(): string[] })
      .getSetCookie()
      .some((c) => c.startsWith('sf_token=;') && /Max-Age=0/.test(c)),
  ).toBe(true);

describe('signing out in the theme', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it("ends the token's session on the API, and only that one, then clears the cookie", async () => {
    const me = await signInCustomer(shop, { deviceId: 'laptop' });
    const other = await signInCustomer(shop, { deviceId: 'phone' });
    expect((await me.api.get('/auth')).status).toBe(200);

    const res = await signOutAt(themeApp(shop, me, (r) => dispatch(r)));
    expect([res.status, res.headers.get('location')]).toEqual([303, '/account']);
    clearsTokenCookie(res);
    expectError(await me.api.get('/auth'), 401, 'AUTH_TOKEN_INVALID');
    expect((await other.api.get('/auth')).status).toBe(200);
  });

  it('still clears the cookie when the API cannot be reached', async () => {
    const me = await signInCustomer(shop);
    const res = await signOutAt(
      themeApp(shop, me, async () => {
        throw new Error('the API is down');
      }),
    );
    expect(res.status).toBe(303);
    clearsTokenCookie(res);
  });
});
