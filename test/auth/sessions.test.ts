import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { deviceHash } from '../../src/identity/device';
import { newSession } from '../../src/identity/sessions';
import { SIGN_IN_RATE_RULES } from '../../src/modules/auth/limits';
import { client, expectError } from '../helpers/api';
import { deviceHeaders, signInCustomer, testConfig } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/** Addresses inside one /64: a client rotating through its own prefix. */
const prefix = () => {
  const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
  return `2001:db8:${hex()}:${hex()}`;
};
const inPrefix = (p: string) =>
  `${p}:${[0, 1, 2, 3].map(() => Math.floor(Math.random() * 0xffff).toString(16)).join(':')}`;

describe('DELETE /auth/sessions', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it("ends every other session of the customer and keeps this one (and other customers')", async () => {
    const me = await signInCustomer(shop, { deviceId: 'laptop' });
    const someoneElse = await signInCustomer(shop, { deviceId: 'phone' });
    // A second session of the same customer, on another device.
    const [other] = await testDb()
      .insert(s.sessions)
      .values({
        shopId: shop.id,
        customerId: me.customer.id,
        deviceHash: 'x',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning();

    const res = await me.api.delete('/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', data: { revoked: 1 } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [revoked] = await testDb()
      .select()
      .from(s.sessions)
      .where(eq(s.sessions.id, other?.id ?? ''));
    expect(revoked?.revokedAt).not.toBeNull();

    expect((await me.api.get('/auth')).status).toBe(200);
    expect((await someoneElse.api.get('/auth')).status).toBe(200);
    // Nothing left to end.
    expect((await me.api.delete('/auth/sessions')).body.data).toEqual({ revoked: 0 });
  });

  it('makes the ended tokens answer AUTH_TOKEN_INVALID from their next request', async () => {
    const first = await signInCustomer(shop, { deviceId: 'tablet' });
    const config = testConfig();
    const session = await newSession(config, {
      shopId: shop.id,
      customerId: first.customer.id,
      deviceHash: await deviceHash(config.APP_HMAC_SECRET, new Headers(deviceHeaders('desktop'))),
      method: 'otp',
    });
    await testDb().insert(s.sessions).values(session.row);
    const desktop = client(shop.apiKey, session.token, deviceHeaders('desktop'));
    expect((await desktop.get('/auth')).status).toBe(200);

    expect((await first.api.delete('/auth/sessions')).body.data).toEqual({ revoked: 1 });
    expectError(await desktop.get('/auth'), 401, 'AUTH_TOKEN_INVALID');
    expectError(await desktop.delete('/auth/sessions'), 401, 'AUTH_TOKEN_INVALID');
    expect((await first.api.get('/auth')).status).toBe(200);
  });

  it('requires a token', async () => {
    expectError(await client(shop.apiKey).delete('/auth/sessions'), 401, 'AUTH_TOKEN_MISSING');
  });
});

describe('DELETE /auth/session', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it("signs out: the token is refused afterwards, the customer's other session stays open", async () => {
    const laptop = await signInCustomer(shop, { deviceId: 'laptop' });
    const config = testConfig();
    const session = await newSession(config, {
      shopId: shop.id,
      customerId: laptop.customer.id,
      deviceHash: await deviceHash(config.APP_HMAC_SECRET, new Headers(deviceHeaders('phone'))),
      method: 'otp',
    });
    await testDb().insert(s.sessions).values(session.row);
    const phone = client(shop.apiKey, session.token, deviceHeaders('phone'));
    expect((await phone.get('/auth')).status).toBe(200);

    const res = await laptop.api.delete('/auth/session');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success' });
    expect(res.headers.get('cache-control')).toBe('no-store');

    expectError(await laptop.api.get('/auth'), 401, 'AUTH_TOKEN_INVALID');
    expectError(await laptop.api.delete('/auth/session'), 401, 'AUTH_TOKEN_INVALID');
    expect((await phone.get('/auth')).status).toBe(200);
    const [kept] = await testDb()
      .select()
      .from(s.sessions)
      .where(eq(s.sessions.id, session.row.id as string));
    expect(kept?.revokedAt).toBeNull();
  });

  it('requires a token', async () => {
    expectError(await client(shop.apiKey).delete('/auth/session'), 401, 'AUTH_TOKEN_MISSING');
  });
});

describe('an account blocked after sign-in', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it.each([
    ['blacklisted', 403, 'ACCOUNT_BLACKLISTED'],
    ['inactive', 403, 'ACCOUNT_INACTIVE'],
  ] as const)('is refused at its next request when %s', async (status, code, error) => {
    const customer = await signInCustomer(shop);
    expect((await customer.api.get('/auth')).status).toBe(200);
    await testDb()
      .update(s.customers)
      .set({ status })
      .where(eq(s.customers.id, customer.customer.id));
    // Every protected endpoint, each with its own way of checking the session.
    expectError(await customer.api.get('/auth'), code, error);
    expectError(
      await customer.api.patch('/auth', { name: 'N', phone: '+4915112345678', town: 'T' }),
      code,
      error,
    );
    expectError(await customer.api.get('/orders'), code, error);
    expectError(await customer.api.get(`/orders/${crypto.randomUUID()}`), code, error);
    expectError(await customer.api.get(`/reviews/my?orderId=${crypto.randomUUID()}`), code, error);
    expectError(await customer.api.delete('/auth/sessions'), code, error);
  });
});

describe('per-network limits of verify and sign-in links (IPv6 counted per /64)', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it.each([
    ['/auth/verify', SIGN_IN_RATE_RULES.verify, 'TOO_MANY_VERIFY_ATTEMPTS'],
    ['/auth/access', SIGN_IN_RATE_RULES.access, 'TOO_MANY_LOGIN_ATTEMPTS'],
  ] as const)('%s refuses a client rotating inside its /64', async (path, rule, code) => {
    const net = prefix();
    const send = (ip: string) =>
      client(shop.apiKey).post(
        path,
        { email: 'nobody@example.test', id: crypto.randomUUID(), code: '000000', order: 'x' },
        { headers: { 'cf-connecting-ip': ip } },
      );
    for (let i = 0; i < rule.limit; i++) {
      expect((await send(inPrefix(net))).status).not.toBe(429);
    }
    const refused = await send(inPrefix(net));
    expectError(refused, 429, code);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another /64, and the same /64 at another shop, keep their own budget.
    expect((await send(inPrefix(prefix()))).status).not.toBe(429);
    const other = await createTestShop();
    const there = await client(other.apiKey).post(
      path,
      { email: 'nobody@example.test', id: crypto.randomUUID(), code: '000000', order: 'x' },
      { headers: { 'cf-connecting-ip': inPrefix(net) } },
    );
    expect(there.status).not.toBe(429);
  });
});
