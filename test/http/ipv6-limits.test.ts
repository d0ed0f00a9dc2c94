import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_RATE_RULES } from '../../src/modules/auth/otp';
import { COUPON_IP_RATE } from '../../src/modules/coupons/service';
import { SUBSCRIBE_RATE } from '../../src/modules/newsletter/service';
import { ORDER_RATE } from '../../src/modules/orders/service/place';
import { client, expectError } from '../helpers/api';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const group = () => Math.floor(Math.random() * 0xffff).toString(16);
/** A /64 of its own, and a fresh address inside it on each call. */
const network = () => {
  const prefix = `2001:db8:${group()}:${group()}`;
  return () => `${prefix}:${group()}:${group()}:${group()}:${group()}`;
};

/**
 * A client that takes a new IPv6 address inside its /64 for every request is still one
 * client: every per-IP limit counts it once, and another /64 is not held back.
 */
describe('per-IP limits with IPv6 addresses rotating inside one /64', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  const limits = [
    {
      name: 'orders',
      path: '/orders',
      limit: ORDER_RATE.limit,
      code: 'ORDER_RATE_LIMITED',
      // Malformed orders count too, and need no stock.
      body: () => ({ cart: [] }),
    },
    {
      name: 'sign-in codes',
      path: '/auth',
      limit: CODE_RATE_RULES.ip.limit,
      code: 'TOO_MANY_LOGIN_ATTEMPTS',
      body: () => ({ email: `nobody-${crypto.randomUUID()}@example.test` }),
    },
    {
      name: 'coupons',
      path: '/coupons',
      limit: COUPON_IP_RATE.limit,
      code: 'COUPON_RATE_LIMITED',
      // A new code each time, so only the per-network limit can refuse.
      body: () => ({ coupons: [`C${crypto.randomUUID().slice(0, 8)}`], cart: [] }),
    },
    {
      name: 'newsletter',
      path: '/newsletter',
      limit: SUBSCRIBE_RATE.limit,
      code: 'NEWSLETTER_RATE_LIMITED',
      body: () => ({ email: `reader-${crypto.randomUUID()}@example.test`, _hp: 'bot' }),
    },
  ];

  it.each(limits)('$name: $limit requests per /64, then $code', async (l) => {
    const next = network();
    const send = (ip: string) =>
      client(shop.apiKey).post(l.path, l.body(), { headers: { 'cf-connecting-ip': ip } });
    for (let i = 0; i < l.limit; i++) expect((await send(next())).status).not.toBe(429);
    const refused = await send(next());
    expectError(refused, 429, l.code);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await send(network()())).status).not.toBe(429);
  });
});
