/**
 * Per-visitor limits through the theme: the theme's API client (apps/theme/src/api.ts) calls the
 * API through a binding, as the theme Worker does, signing each visitor's address; the API
 * counts every visitor (and IPv6 network) on its own, and believes no unsigned claim.
 */
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../../apps/theme/src/api';
import { signVisitorAddress } from '../../packages/client/src';
import { SIGN_IN_RATE_RULES } from '../../src/modules/auth/limits';
import { freshIp, uniqueEmail } from '../auth/support';
import { API_BASE, client, expectError } from '../helpers/api';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { dispatch } from '../helpers/worker';

const LIMIT = SIGN_IN_RATE_RULES.verify.limit;

describe('visitor address through the theme', () => {
  let shop: TestShop;
  const theme = (visitor: string, secret = env.VISITOR_ADDRESS_SECRET) =>
    apiClient(
      {
        API: { fetch: (request: Request) => dispatch(request) } as unknown as Fetcher,
        API_BASE: `http://storefront.test${API_BASE}`,
        STOREFRONT_API_KEY: shop.apiKey,
        VISITOR_ADDRESS_SECRET: secret,
      },
      { visitor },
    );
  /** One wrong code, as the theme's verify form sends it. */
  const wrongCode = async (visitor: string, secret?: string) => {
    const { response, error } = await theme(visitor, secret).POST('/auth/verify', {
      body: { email: uniqueEmail(), id: crypto.randomUUID(), code: '000000', event: 'login' },
    });
    return { status: response.status, code: error?.code };
  };

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it("one visitor's wrong codes do not lock out another, and an IPv6 /64 counts as one", async () => {
    const a = freshIp();
    for (let i = 0; i < LIMIT; i++) expect((await wrongCode(a)).status).not.toBe(429);
    expect(await wrongCode(a)).toEqual({ status: 429, code: 'TOO_MANY_VERIFY_ATTEMPTS' });
    expect((await wrongCode(freshIp())).status).not.toBe(429);

    const n = crypto.getRandomValues(new Uint16Array(1))[0]?.toString(16);
    for (let i = 0; i < LIMIT; i++) await wrongCode(`2001:db8:${n}:1::${i + 1}`);
    expect((await wrongCode(`2001:db8:${n}:1:ffff::9`)).status).toBe(429);
    expect((await wrongCode(`2001:db8:${n}:2::1`)).status).not.toBe(429);
  });

  it('ignores a visitor address a direct caller sends, forged, stale or signed with another secret', async () => {
    const caller = freshIp();
    const forged = async (claim: string) => {
      return client(shop.apiKey).post(
        '/auth/verify',
        { email: uniqueEmail(), id: crypto.randomUUID(), code: '000000', event: 'login' },
        { headers: { 'cf-connecting-ip': caller, 'x-visitor-address': claim } },
      );
    };
    const now = Math.floor(Date.now() / 1000);
    const claims = async (i: number) =>
      [
        `${freshIp()}`,
        `${freshIp()};${now};${'0'.repeat(64)}`,
        await signVisitorAddress('x'.repeat(64), freshIp()),
        await signVisitorAddress(env.VISITOR_ADDRESS_SECRET, freshIp(), now - 3600),
      ][i % 4] as string;
    for (let i = 0; i < LIMIT; i++) expect((await forged(await claims(i))).status).not.toBe(429);
    expectError(await forged(await claims(0)), 429, 'TOO_MANY_VERIFY_ATTEMPTS');
  });
});
