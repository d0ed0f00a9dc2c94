import { beforeAll, describe, expect, it } from 'vitest';
import { isCanonicalBase64url } from '../../src/identity/tokens';
import { client, expectError } from '../helpers/api';
import { deviceHeaders, signInCustomer } from '../helpers/customer';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same bytes spelled with different unused low bits in the last character. */
function withTrailingBits(segment: string): string {
  const last = segment.at(-1) ?? 'A';
  const value = B64URL.indexOf(last);
  // 43 characters carry 32 bytes: the last character's two low bits are unused.
  return segment.slice(0, -1) + (B64URL[value ^ 1] ?? 'A');
}

describe('token encoding', () => {
  let shop: TestShop;
  let token: string;
  let deviceId: string;

  beforeAll(async () => {
    shop = await createTestShop();
    ({ token, deviceId } = await signInCustomer(shop));
  });

  const me = (t: string) =>
    client(shop.apiKey, undefined, deviceHeaders(deviceId)).get('/auth', {
      headers: { authorization: `Bearer ${t}` },
    });

  it('accepts the token as issued', async () => {
    expect((await me(token)).status).toBe(200);
  });

  it('refuses every other spelling of the same token with AUTH_TOKEN_INVALID', async () => {
    const [header = '', payload = '', signature = ''] = token.split('.');
    expect(signature).toHaveLength(43);
    const variants = [
      `${token}=`,
      `${token}==`,
      `${header}.${payload}.${withTrailingBits(signature)}`,
      `${header}=.${payload}.${signature}`,
      `${header}.${payload}=.${signature}`,
      `${header}.${payload}.${signature.replaceAll('-', '+').replaceAll('_', '/')}`,
      `${header}.${payload}.${signature.slice(0, 20)}%${signature.slice(20)}`,
      `${header}.${payload}.${signature}A`,
      `${header}..${payload}.${signature}`,
    ];
    for (const variant of variants) {
      if (variant === token) continue;
      expectError(await me(variant), 401, 'AUTH_TOKEN_INVALID');
    }
  });

  it('knows one spelling per byte string', () => {
    expect(isCanonicalBase64url('AQID')).toBe(true);
    expect(isCanonicalBase64url('AQI')).toBe(true);
    expect(isCanonicalBase64url('AQJ')).toBe(false); // trailing bits set
    expect(isCanonicalBase64url('AQ==')).toBe(false);
    expect(isCanonicalBase64url('AQ')).toBe(true);
    expect(isCanonicalBase64url('AR')).toBe(false);
    expect(isCanonicalBase64url('A')).toBe(false); // no byte string has this length
    expect(isCanonicalBase64url('AQ I')).toBe(false);
    expect(isCanonicalBase64url('A+/B')).toBe(false);
    expect(isCanonicalBase64url('')).toBe(false);
  });
});
