import { describe, expect, it } from 'vitest';
import { type Bindings, loadConfig } from '../../src/env';

const valid = {
  STORAGE: {} as R2Bucket,
  PRODUCT_IMPORTS: {} as Bindings['PRODUCT_IMPORTS'],
  DATABASE_URL: 'postgres://u:p@db.example/neondb',
  KV_STORE: 'memory',
  RESEND_API_KEY: 're_123',
  AUTH_TOKEN_KEYS: `k1:${'a'.repeat(32)},k0:${'b'.repeat(40)}`,
  APP_HMAC_SECRET: 'c'.repeat(32),
  DASHBOARD_ORIGIN: 'https://admin.example.com/',
};

describe('loadConfig', () => {
  it('parses token keys in order: the first signs, all verify', () => {
    const config = loadConfig({ ...valid });
    expect(config.AUTH_TOKEN_KEYS.map((k) => k.kid)).toEqual(['k1', 'k0']);
    expect(config.MAIL_FROM).toContain('@');
  });

  it('names every bad variable in one clear error', () => {
    expect(() =>
      loadConfig({ ...valid, DATABASE_URL: 'mysql://x', APP_HMAC_SECRET: 'short' }),
    ).toThrow(/DATABASE_URL.*APP_HMAC_SECRET|APP_HMAC_SECRET.*DATABASE_URL/);
    expect(() => loadConfig({ ...valid, AUTH_TOKEN_KEYS: 'k1:tooshort' })).toThrow(
      /AUTH_TOKEN_KEYS/,
    );
  });

  it('requires Upstash credentials when the KV store is upstash', () => {
    expect(() => loadConfig({ ...valid, KV_STORE: 'upstash' })).toThrow(/UPSTASH_REDIS_REST_URL/);
  });
});
