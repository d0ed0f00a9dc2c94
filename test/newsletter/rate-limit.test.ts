import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError, newIp } from '../helpers/api';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { newAddress, subscribe } from './support';

describe('POST /newsletter rate limit (5 per IP per shop per hour)', () => {
  let shop: TestShop;
  let otherShop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
    otherShop = await createTestShop();
  });

  it('refuses the 6th request from one IP with Retry-After, not another IP or shop', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      const res = await subscribe(shop.apiKey, { email: newAddress(), _hp: '' }, ip);
      expect(res.body.message).toBe('Subscribed');
    }
    const refused = await subscribe(shop.apiKey, { email: newAddress(), _hp: '' }, ip);
    expectError(refused, 429, 'NEWSLETTER_RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    expect((await subscribe(shop.apiKey, { email: newAddress(), _hp: '' }, newIp())).status).toBe(
      200,
    );
    expect((await subscribe(otherShop.apiKey, { email: newAddress(), _hp: '' }, ip)).status).toBe(
      200,
    );
  });

  it('counts honeypot and invalid submissions as requests too', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) {
      await subscribe(shop.apiKey, { email: newAddress(), _hp: 'filled' }, ip);
    }
    await subscribe(shop.apiKey, { email: 'nope', _hp: '' }, ip);
    await subscribe(shop.apiKey, { _hp: '' }, ip);
    expectError(
      await subscribe(shop.apiKey, { email: newAddress(), _hp: '' }, ip),
      429,
      'NEWSLETTER_RATE_LIMITED',
    );
    expectError(
      await subscribe(shop.apiKey, { email: newAddress(), _hp: 'x' }, ip),
      429,
      'NEWSLETTER_RATE_LIMITED',
    );
  });

  it('takes the first X-Forwarded-For hop when Cloudflare sends no client IP', async () => {
    const ip = newIp();
    const send = (proxy: string) =>
      client(shop.apiKey).post(
        '/newsletter',
        { email: newAddress(), _hp: '' },
        { headers: { 'x-forwarded-for': `${ip}, ${proxy}` } },
      );
    for (let i = 0; i < 5; i++) expect((await send(`192.0.2.${i}`)).status).toBe(200);
    expectError(await send('192.0.2.99'), 429, 'NEWSLETTER_RATE_LIMITED');
  });

  it('prefers cf-connecting-ip over X-Forwarded-For', async () => {
    const real = newIp();
    const send = () =>
      client(shop.apiKey).post(
        '/newsletter',
        { email: newAddress(), _hp: '' },
        { headers: { 'cf-connecting-ip': real, 'x-forwarded-for': newIp() } },
      );
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    expectError(await send(), 429, 'NEWSLETTER_RATE_LIMITED');
  });
});
