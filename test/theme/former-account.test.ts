/**
 * The account's former address (apps/theme/src/former-account.ts): /dashboard and every page
 * under it answer a permanent redirect to the same page under /account, query kept, a form post
 * keeping its method (308), before the theme asks the API anything.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ThemeEnv } from '../../apps/theme/src/env';
import { redirectFormerAccount } from '../../apps/theme/src/former-account';

const SITE = 'https://shop.example';

/** The theme's redirect, with a catch-all behind it that fails the test if reached. */
const app = () => {
  const theme = new Hono<ThemeEnv>();
  redirectFormerAccount(theme);
  theme.all('*', (c) => c.text('reached the pages', 500));
  return theme;
};

const answer = async (path: string, method = 'GET') => {
  const res = await app().request(`${SITE}${path}`, { method, redirect: 'manual' });
  return [res.status, res.headers.get('location')];
};

describe('the former account address', () => {
  it.each([
    ['/dashboard', '/account'],
    ['/dashboard/', '/account/'],
    ['/dashboard/orders', '/account/orders'],
    ['/dashboard/orders/ord_1?review=sent', '/account/orders/ord_1?review=sent'],
    ['/dashboard?next=/checkout', '/account?next=/checkout'],
  ])('GET %s moves for good to %s', async (from, to) => {
    expect(await answer(from)).toEqual([301, to]);
  });

  it('sends a form post on with its method', async () => {
    expect(await answer('/dashboard/sign-out', 'POST')).toEqual([308, '/account/sign-out']);
    expect(await answer('/dashboard/orders/ord_1/review', 'POST')).toEqual([
      308,
      '/account/orders/ord_1/review',
    ]);
  });

  it('leaves paths that only begin with the same letters alone', async () => {
    expect(await answer('/dashboards')).toEqual([500, null]);
    expect(await answer('/account')).toEqual([500, null]);
  });
});
