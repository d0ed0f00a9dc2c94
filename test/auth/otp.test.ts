import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { generateCode } from '../../src/modules/auth/otp';
import { client, expectError } from '../helpers/api';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { listEmails } from '../helpers/mail';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { freshIp, requestCode, uniqueEmail, verify } from './support';

const post = (shop: TestShop, email: unknown) =>
  client(shop.apiKey).post('/auth', { email }, { headers: { 'cf-connecting-ip': freshIp() } });

describe('POST /auth (request a code)', () => {
  let shop: TestShop;
  let signUpShop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop({ name: 'Linen & Co' });
    signUpShop = await createTestShop({ settings: { checkout: { requiresAccount: true } } });
  });

  it('emails a 6-digit code to a known customer and returns the verification id', async () => {
    const { customer } = await signInCustomer(shop);
    const { res, mail, code } = await requestCode(shop.apiKey, customer.email);
    expect(res.body.status).toBe('verify');
    expect(res.body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain('Linen & Co');
    expect(mail.html).toContain('Linen &amp; Co');
  });

  it('stores only an HMAC of the code, valid for 10 minutes', async () => {
    const { customer } = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    const [row] = await testDb()
      .select()
      .from(s.otpVerifications)
      .where(eq(s.otpVerifications.id, id));
    expect(row?.codeHmac).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHmac).not.toContain(code);
    expect(row?.customerId).toBe(customer.id);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeCloseTo(10, 1);
  });

  it('normalises the email (case and spaces)', async () => {
    const { customer } = await signInCustomer(shop);
    const res = await post(shop, `  ${customer.email.toUpperCase()} `);
    expect(res.status).toBe(200);
  });

  it('answers ACCOUNT_NOT_FOUND for an unknown email when the shop does not require accounts', async () => {
    const email = uniqueEmail('nobody');
    expectError(await post(shop, email), 404, 'ACCOUNT_NOT_FOUND');
    const rows = await testDb()
      .select()
      .from(s.otpVerifications)
      .where(and(eq(s.otpVerifications.shopId, shop.id), eq(s.otpVerifications.email, email)));
    expect(rows).toHaveLength(0);
  });

  it('creates the account at the first verified sign-in when the shop requires accounts', async () => {
    const email = uniqueEmail('newcomer');
    const { id, code } = await requestCode(signUpShop.apiKey, email);
    const before = await testDb()
      .select()
      .from(s.customers)
      .where(and(eq(s.customers.shopId, signUpShop.id), eq(s.customers.email, email)));
    expect(before).toHaveLength(0);
    const res = await verify(signUpShop.apiKey, { email, id, code, event: 'login' });
    expect(res.status).toBe(200);
    const me = await client(signUpShop.apiKey, res.body.token, { 'x-device-id': 'device-1' }).get(
      '/auth',
    );
    expect(me.body.data.user.email).toBe(email);
    expect(me.body.data.user.name).toBe('');
  });

  it('answers EMAIL_REQUIRED for a missing, blank, non-string or malformed email', async () => {
    for (const body of [
      {},
      { email: '' },
      { email: '   ' },
      { email: 42 },
      { email: 'not-an-email' },
    ]) {
      const res = await client(shop.apiKey).post('/auth', body, {
        headers: { 'cf-connecting-ip': freshIp() },
      });
      expectError(res, 400, 'EMAIL_REQUIRED');
    }
  });

  it('refuses blacklisted and inactive accounts without sending a code', async () => {
    const black = await signInCustomer(shop, { status: 'blacklisted' });
    expectError(await post(shop, black.customer.email), 403, 'ACCOUNT_BLACKLISTED');
    const inactive = await signInCustomer(shop, { status: 'inactive' });
    expectError(await post(shop, inactive.customer.email), 403, 'ACCOUNT_INACTIVE');
    const sent = await listEmails();
    expect(sent.some((m) => m.to.includes(black.customer.email))).toBe(false);
  });

  it('answers AUTH_NOT_INITIALIZED for a shop whose settings were never set up', async () => {
    const bare = await createTestShop();
    await testDb().delete(s.shopSettings).where(eq(s.shopSettings.shopId, bare.id));
    expectError(await post(bare, uniqueEmail()), 403, 'AUTH_NOT_INITIALIZED');
  });

  it('draws codes of exactly six digits, all digits in use', () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    for (const digit of '0123456789') expect(codes.some((c) => c.startsWith(digit))).toBe(true);
  });
});

describe('POST /auth/verify', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it('signs the customer in: token in both places, session stored, last login recorded', async () => {
    const { customer } = await signInCustomer(shop);
    await testDb()
      .update(s.customers)
      .set({ lastLoginAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(s.customers.id, customer.id));
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    const res = await verify(shop.apiKey, { email: customer.email, id, code, event: 'login' });
    expect(res.status).toBe(200);
    expect(res.body.token).toBe(res.body.data.token);

    const me = await client(shop.apiKey, res.body.token, { 'x-device-id': 'device-1' }).get(
      '/auth',
    );
    expect(me.status).toBe(200);
    expect(me.body.data.user._id).toBe(customer.id);
    expect(new Date(me.body.data.user.lastLogin).getFullYear()).toBeGreaterThan(2020);

    const sessions = await testDb()
      .select()
      .from(s.sessions)
      .where(and(eq(s.sessions.customerId, customer.id), eq(s.sessions.method, 'otp')));
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const [verification] = await testDb()
      .select()
      .from(s.otpVerifications)
      .where(eq(s.otpVerifications.id, id));
    expect(verification?.consumedAt).not.toBeNull();
  });

  it('accepts the request without an event (login is the default)', async () => {
    const { customer } = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    const res = await verify(shop.apiKey, { email: customer.email, id, code });
    expect(res.status).toBe(200);
  });

  it('answers INVALID_CODE for a wrong code', async () => {
    const { customer } = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    const wrong = code === '000000' ? '000001' : '000000';
    expectError(
      await verify(shop.apiKey, { email: customer.email, id, code: wrong, event: 'login' }),
      400,
      'INVALID_CODE',
    );
  });

  it('answers VERIFICATION_NOT_FOUND for an unknown, malformed or other shop id', async () => {
    const { customer } = await signInCustomer(shop);
    const body = { email: customer.email, code: '123456', event: 'login' };
    expectError(
      await verify(shop.apiKey, { ...body, id: crypto.randomUUID() }),
      404,
      'VERIFICATION_NOT_FOUND',
    );
    expectError(await verify(shop.apiKey, { ...body, id: 'abc' }), 404, 'VERIFICATION_NOT_FOUND');
    const other = await createTestShop();
    const otherCustomer = await signInCustomer(other, { email: customer.email });
    const { id } = await requestCode(other.apiKey, otherCustomer.customer.email);
    expectError(await verify(shop.apiKey, { ...body, id }), 404, 'VERIFICATION_NOT_FOUND');
  });

  it('answers VERIFICATION_USER_MISMATCH when the id belongs to another email', async () => {
    const a = await signInCustomer(shop);
    const b = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, a.customer.email);
    expectError(
      await verify(shop.apiKey, { email: b.customer.email, id, code, event: 'login' }),
      403,
      'VERIFICATION_USER_MISMATCH',
    );
    // The mismatch did not use up the code.
    const res = await verify(shop.apiKey, { email: a.customer.email, id, code, event: 'login' });
    expect(res.status).toBe(200);
  });

  it('answers VERIFICATION_NOT_VALID for an expired code', async () => {
    const { customer } = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    await testDb()
      .update(s.otpVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.otpVerifications.id, id));
    expectError(
      await verify(shop.apiKey, { email: customer.email, id, code, event: 'login' }),
      400,
      'VERIFICATION_NOT_VALID',
    );
  });

  it('answers VALIDATION_FAILED for an unknown event or a missing field', async () => {
    const { customer } = await signInCustomer(shop);
    expectError(
      await verify(shop.apiKey, {
        email: customer.email,
        id: crypto.randomUUID(),
        code: '123456',
        event: 'register',
      }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(
      await verify(shop.apiKey, { email: customer.email, code: '123456' }),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('refuses an account blacklisted after the code was sent', async () => {
    const { customer } = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    await testDb()
      .update(s.customers)
      .set({ status: 'blacklisted' })
      .where(eq(s.customers.id, customer.id));
    expectError(
      await verify(shop.apiKey, { email: customer.email, id, code, event: 'login' }),
      403,
      'ACCOUNT_BLACKLISTED',
    );
  });
});
