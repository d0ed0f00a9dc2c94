import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { MAX_VERIFY_ATTEMPTS } from '../../src/identity/sign-in-codes';
import { signCustomerToken, TOKEN_ISSUER, verifyCustomerToken } from '../../src/identity/tokens';
import { hmacHex } from '../../src/lib/crypto';
import { CODE_RATE_RULES } from '../../src/modules/auth/otp';
import { client, expectError } from '../helpers/api';
import { deviceHeaders, signInCustomer, testConfig } from '../helpers/customer';
import { testDatabase, testDb } from '../helpers/db';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { freshIp, requestCode, uniqueEmail, verify } from './support';

const b64url = (value: unknown) =>
  btoa(JSON.stringify(value)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');

describe('customer tokens', () => {
  let shop: TestShop;
  let other: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
    other = await createTestShop();
  });

  /** A token for a signed-in customer, re-signed with chosen header, claims and key. */
  async function forge(
    claims: Record<string, unknown>,
    header: Record<string, unknown>,
    secret: string,
  ) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', ...header })
      .sign(new TextEncoder().encode(secret));
  }

  async function signedIn() {
    const signed = await signInCustomer(shop);
    const [, payload = ''] = signed.token.split('.');
    const claims = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/')));
    return { ...signed, claims };
  }

  it('refuses an unsigned token (alg none)', async () => {
    const { claims, deviceId } = await signedIn();
    const token = `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`;
    const res = await client(shop.apiKey, token, deviceHeaders(deviceId)).get('/auth');
    expectError(res, 401, 'AUTH_TOKEN_INVALID');
  });

  it('refuses a token signed with another key under a valid kid', async () => {
    const { claims, deviceId } = await signedIn();
    const [key] = testConfig().AUTH_TOKEN_KEYS;
    const token = await forge(claims, { kid: key?.kid }, 'x'.repeat(64));
    expectError(
      await client(shop.apiKey, token, deviceHeaders(deviceId)).get('/auth'),
      401,
      'AUTH_TOKEN_INVALID',
    );
  });

  it('refuses an unknown kid, and another algorithm even with the right key', async () => {
    const { claims, deviceId } = await signedIn();
    const [key] = testConfig().AUTH_TOKEN_KEYS;
    const secret = key?.secret ?? '';
    const unknownKid = await forge(claims, { kid: 'retired-9' }, secret);
    expectError(
      await client(shop.apiKey, unknownKid, deviceHeaders(deviceId)).get('/auth'),
      401,
      'AUTH_TOKEN_INVALID',
    );
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512', kid: key?.kid })
      .sign(new TextEncoder().encode(secret));
    expectError(
      await client(shop.apiKey, hs512, deviceHeaders(deviceId)).get('/auth'),
      401,
      'AUTH_TOKEN_INVALID',
    );
  });

  it('a token of one shop is worthless in another', async () => {
    const { token, deviceId } = await signedIn();
    expectError(
      await client(other.apiKey, token, deviceHeaders(deviceId)).get('/auth'),
      401,
      'AUTH_TOKEN_INVALID',
    );
    // Even correctly signed for the other shop, the session and customer are not there.
    const second = await signedIn();
    const { claims } = second;
    const crossSigned = await signCustomerToken(
      testConfig().AUTH_TOKEN_KEYS,
      { shopId: other.id, customerId: claims.sub, sessionId: claims.sid, deviceHash: claims.dev },
      new Date(Date.now() + 60_000),
    );
    expectError(
      await client(other.apiKey, crossSigned, deviceHeaders(second.deviceId)).get('/auth'),
      404,
      'AUTH_USER_NOT_FOUND',
    );
  });

  it('refuses a token whose session was revoked', async () => {
    const { api, sessionId } = await signedIn();
    await testDb()
      .update(s.sessions)
      .set({ revokedAt: new Date() })
      .where(eq(s.sessions.id, sessionId));
    expectError(await api.get('/auth'), 401, 'AUTH_TOKEN_INVALID');
  });

  it('answers SESSION_EXPIRED when the session or the token has expired', async () => {
    const { api, sessionId, claims, deviceId } = await signedIn();
    await testDb()
      .update(s.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.sessions.id, sessionId));
    expectError(await api.get('/auth'), 401, 'SESSION_EXPIRED');

    const stale = await signCustomerToken(
      testConfig().AUTH_TOKEN_KEYS,
      { shopId: shop.id, customerId: claims.sub, sessionId: claims.sid, deviceHash: claims.dev },
      new Date(Date.now() - 60_000),
    );
    expectError(
      await client(shop.apiKey, stale, deviceHeaders(deviceId)).get('/auth'),
      401,
      'SESSION_EXPIRED',
    );
  });

  it('binds the token to its device', async () => {
    const { token } = await signedIn();
    expectError(
      await client(shop.apiKey, token, deviceHeaders('another-device')).get('/auth'),
      401,
      'AUTH_TOKEN_DEVICE_MISMATCH',
    );
    expectError(await client(shop.apiKey, token).get('/auth'), 401, 'AUTH_TOKEN_DEVICE_MISMATCH');
  });

  it('without a device id, binds to the browser: a version update keeps the session', async () => {
    const { customer } = await signInCustomer(shop);
    const chrome = (v: string) => ({
      'user-agent': `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/${v} Safari/537.36`,
    });
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    const res = await client(shop.apiKey).post(
      '/auth/verify',
      { email: customer.email, id, code, event: 'login' },
      { headers: chrome('120.0.6099.71') },
    );
    expect(res.status).toBe(200);
    const as = (headers: Record<string, string>) => client(shop.apiKey, res.body.token, headers);
    expect((await as(chrome('121.0.6167.85')).get('/auth')).status).toBe(200);
    expectError(
      await as({ 'user-agent': 'Mozilla/5.0 (Macintosh) Gecko/20100101 Firefox/121.0' }).get(
        '/auth',
      ),
      401,
      'AUTH_TOKEN_DEVICE_MISMATCH',
    );
  });

  it('answers AUTH_TOKEN_MISSING without a bearer token and AUTH_TOKEN_INVALID for garbage', async () => {
    expectError(await client(shop.apiKey).get('/auth'), 401, 'AUTH_TOKEN_MISSING');
    expectError(
      await client(shop.apiKey).get('/auth', { headers: { authorization: 'Basic abc' } }),
      401,
      'AUTH_TOKEN_MISSING',
    );
    expectError(await client(shop.apiKey, 'not.a.jwt').get('/auth'), 401, 'AUTH_TOKEN_INVALID');
  });

  it('verifies tokens of every configured key and signs with the first (rotation)', async () => {
    const oldKey = { kid: 'old', secret: 'o'.repeat(40) };
    const newKey = { kid: 'new', secret: 'n'.repeat(40) };
    const claims = {
      shopId: shop.id,
      customerId: crypto.randomUUID(),
      sessionId: crypto.randomUUID(),
      deviceHash: 'd'.repeat(64),
    };
    const expires = new Date(Date.now() + 60_000);
    const before = await signCustomerToken([oldKey], claims, expires);
    const after = await signCustomerToken([newKey, oldKey], claims, expires);
    expect(JSON.parse(atob(after.split('.')[0] ?? '')).kid).toBe('new');
    for (const token of [before, after]) {
      await expect(
        verifyCustomerToken([newKey, oldKey], token, shop.id, claims.deviceHash),
      ).resolves.toMatchObject({ customerId: claims.customerId, sessionId: claims.sessionId });
    }
    await expect(
      verifyCustomerToken([newKey], before, shop.id, claims.deviceHash),
    ).rejects.toMatchObject({ code: 'AUTH_TOKEN_INVALID' });
    const payload = JSON.parse(
      atob((after.split('.')[1] ?? '').replaceAll('-', '+').replaceAll('_', '/')),
    );
    expect(payload).toMatchObject({ iss: TOKEN_ISSUER, aud: shop.id, sub: claims.customerId });
  });
});

describe('one-time codes', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it(`stops brute force after ${MAX_VERIFY_ATTEMPTS} wrong codes, even under parallel guesses`, async () => {
    const { customer } = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    const wrong = Array.from({ length: 10 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const results = await Promise.all(
      wrong.map((guess) =>
        verify(shop.apiKey, { email: customer.email, id, code: guess, event: 'login' }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 'INVALID_CODE')).toHaveLength(MAX_VERIFY_ATTEMPTS);
    expect(codes.filter((c) => c === 'TOO_MANY_VERIFY_ATTEMPTS')).toHaveLength(
      10 - MAX_VERIFY_ATTEMPTS,
    );
    const [row] = await testDb()
      .select()
      .from(s.otpVerifications)
      .where(eq(s.otpVerifications.id, id));
    expect(row?.attempts).toBe(MAX_VERIFY_ATTEMPTS);
    const right = await verify(shop.apiKey, { email: customer.email, id, code, event: 'login' });
    expectError(right, 429, 'TOO_MANY_VERIFY_ATTEMPTS');
  });

  it('a code works once', async () => {
    const { customer } = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    const body = { email: customer.email, id, code, event: 'login' };
    // Parallel uses of the right code: one signs in; the others learn it was used, even when
    // they raced the winner inside the database (not that the attempts ran out).
    const results = await Promise.all(Array.from({ length: 6 }, () => verify(shop.apiKey, body)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const loser of results.filter((r) => r.status !== 200)) {
      expectError(loser, 400, 'VERIFICATION_NOT_VALID');
    }
    expectError(await verify(shop.apiKey, body), 400, 'VERIFICATION_NOT_VALID');
  });

  it('answers VERIFICATION_NOT_VALID to a verify that waited on a parallel one using the code', async () => {
    const { customer } = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    const body = { email: customer.email, id, code, event: 'login' };
    const database = testDatabase();
    // Consume the code in a transaction left open, so the verify below reads the code as open
    // but must wait for this row's lock; commit only once Postgres shows it waiting.
    const pending = await database.interactive(async (tx) => {
      await tx.execute(sql`update otp_verifications set consumed_at = now() where id = ${id}`);
      const request = verify(shop.apiKey, body);
      for (let tries = 0; tries < 100; tries++) {
        const waiting = await testDb().execute(
          sql`select count(*)::int as n from pg_locks where not granted and locktype = 'transactionid'`,
        );
        if ((waiting.rows[0] as { n: number }).n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { request };
    });
    expectError(await pending.request, 400, 'VERIFICATION_NOT_VALID');
  });

  it('a new code voids the older open ones of the email', async () => {
    const { customer } = await signInCustomer(shop);
    const db = testDb();
    const oldId = crypto.randomUUID();
    const oldCode = '135790';
    await db.insert(s.otpVerifications).values({
      id: oldId,
      shopId: shop.id,
      email: customer.email,
      customerId: customer.id,
      codeHmac: await hmacHex(testConfig().APP_HMAC_SECRET, 'otp', `${oldId}:${oldCode}`),
      expiresAt: new Date(Date.now() + 600_000),
    });
    await requestCode(shop.apiKey, customer.email);
    const [old] = await db
      .select()
      .from(s.otpVerifications)
      .where(eq(s.otpVerifications.id, oldId));
    expect(old?.voidedAt).not.toBeNull();
    expectError(
      await verify(shop.apiKey, {
        email: customer.email,
        id: oldId,
        code: oldCode,
        event: 'login',
      }),
      400,
      'VERIFICATION_NOT_VALID',
    );
  });

  it('a verification id of another shop is not found there', async () => {
    const { customer } = await signInCustomer(shop);
    const { id, code } = await requestCode(shop.apiKey, customer.email);
    const other = await createTestShop();
    expectError(
      await verify(other.apiKey, { email: customer.email, id, code, event: 'login' }),
      404,
      'VERIFICATION_NOT_FOUND',
    );
  });
});

describe('sign-in rate limits', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it('allows at least five codes per email in a row, then says when with Retry-After; other emails are not limited', async () => {
    const a = await signInCustomer(shop);
    const b = await signInCustomer(shop);
    const send = (email: string) =>
      client(shop.apiKey).post('/auth', { email }, { headers: { 'cf-connecting-ip': freshIp() } });
    // signInCustomer asked once already; four more (five in all) are still answered.
    for (let i = 0; i < 4; i++) expect((await send(a.customer.email)).status).toBe(200);
    let again = await send(a.customer.email);
    for (let i = 0; i < 10 && again.status === 200; i++) again = await send(a.customer.email);
    expectError(again, 429, 'TOO_MANY_LOGIN_ATTEMPTS');
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CODE_RATE_RULES.emailBurst.windowSeconds);
    await requestCode(shop.apiKey, b.customer.email);
  });

  it(`limits one IP to ${CODE_RATE_RULES.ip.limit} requests an hour per shop`, async () => {
    const ip = freshIp();
    const send = (apiKey: string) =>
      client(apiKey).post(
        '/auth',
        { email: uniqueEmail() },
        { headers: { 'cf-connecting-ip': ip } },
      );
    for (let i = 0; i < CODE_RATE_RULES.ip.limit; i++) {
      expectError(await send(shop.apiKey), 404, 'ACCOUNT_NOT_FOUND');
    }
    const limited = await send(shop.apiKey);
    expectError(limited, 429, 'TOO_MANY_LOGIN_ATTEMPTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same IP in another shop has its own budget.
    const other = await createTestShop();
    expectError(await send(other.apiKey), 404, 'ACCOUNT_NOT_FOUND');
  });

  it('takes the IP from x-forwarded-for when Cloudflare did not set one', async () => {
    const ip = freshIp();
    const send = (from: string) =>
      client(shop.apiKey).post(
        '/auth',
        { email: uniqueEmail() },
        { headers: { 'x-forwarded-for': `${from}, 10.0.0.1` } },
      );
    for (let i = 0; i < CODE_RATE_RULES.ip.limit; i++) await send(ip);
    expectError(await send(ip), 429, 'TOO_MANY_LOGIN_ATTEMPTS');
    expectError(await send(freshIp()), 404, 'ACCOUNT_NOT_FOUND');
  });
});
