/**
 * The theme's own doors: the check every form post passes (apps/theme/src/security.ts), the
 * redirect back to the page a form was on, and the cookies it sets (apps/theme/src/session.ts).
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ThemeEnv } from '../../apps/theme/src/env';
import { FORM_MAX_BYTES, formPosts } from '../../apps/theme/src/security';
import { back, setCoupon, setOrderOutcome, setToken, setWish } from '../../apps/theme/src/session';

const SITE = 'https://shop.example';

const app = new Hono<ThemeEnv>().use('*', formPosts).post('/wish-list/add', async (c) => {
  await c.req.parseBody();
  setWish(c, ['p1']);
  setCoupon(c, 'SAVE10');
  setToken(c, 'token');
  setOrderOutcome(c, '{"paying":true}');
  return back(c, '/wish-list');
});

const post = (headers: Record<string, string>, body = 'productId=p1', site = SITE) =>
  app.request(`${site}/wish-list/add`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

describe('theme form posts', () => {
  it('refuses a foreign origin and Origin: null alike, and takes its own', async () => {
    expect((await post({ origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ origin: 'null' })).status).toBe(403);
    expect((await post({ 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post({ origin: SITE, 'sec-fetch-site': 'same-origin' })).status).toBe(303);
  });

  it(`refuses a body over ${FORM_MAX_BYTES} bytes`, async () => {
    const big = `productId=${'x'.repeat(FORM_MAX_BYTES)}`;
    expect((await post({ origin: SITE }, big)).status).toBe(413);
    expect((await post({ origin: SITE, 'content-length': String(big.length) }, big)).status).toBe(
      413,
    );
  });

  it('redirects back to a path of this site only', async () => {
    const from = async (referer: string) =>
      (await post({ origin: SITE, referer })).headers.get('location');
    expect(await from(`${SITE}/product/linen?size=m`)).toBe('/product/linen?size=m');
    expect(await from(`${SITE}//evil.example/x`)).toBe('/wish-list');
    expect(await from(`${SITE}/\\evil.example/x`)).toBe('/wish-list');
    expect(await from('https://evil.example/x')).toBe('/wish-list');
  });

  it('sets server-read cookies HttpOnly, every cookie SameSite=Lax and Secure but on localhost', async () => {
    const cookies = async (site: string) =>
      (
        (await post({ origin: site }, 'productId=p1', site)).headers as Headers & {
          getSetCookie(): string[];
        }
      ).getSetCookie();
    for (const site of [SITE, 'http://shop.example']) {
      const set = await cookies(site);
      expect(set).toHaveLength(4);
      for (const cookie of set) {
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/; HttpOnly/);
        expect(cookie).toMatch(/; SameSite=Lax/);
      }
    }
    for (const cookie of await cookies('http://localhost:8788')) {
      expect(cookie).not.toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
    }
  });
});
