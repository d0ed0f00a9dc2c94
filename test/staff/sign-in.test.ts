import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../../src/app-env';
import * as s from '../../src/db/schema';
import { ApiError } from '../../src/errors';
import { createLogger } from '../../src/lib/log';
import { requestStaffCode } from '../../src/modules/staff/service/sign-in';
import { call, expectError, newIp } from '../helpers/api';
import { testDatabase, testDb } from '../helpers/db';
import { limiterDown } from '../helpers/limiter-down';
import { codeOf, waitForEmail } from '../helpers/mail';
import { ADMIN_BASE, createMerchantKey, merchant } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import {
  cookieOf,
  createStaffMember,
  createStaffSession,
  ORIGIN,
  signedInStaff,
  staffBrowser,
} from '../helpers/staff';

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(`${ORIGIN}${ADMIN_BASE}${path}`, {
    method: 'POST',
    body,
    headers: { 'cf-connecting-ip': newIp(), ...headers },
  });

async function signIn(email: string, headers: Record<string, string> = {}) {
  const sent = await post('/auth/code', { email }, headers);
  expect(sent.status).toBe(202);
  const code = codeOf(await waitForEmail(email, (m) => /sign-in code/.test(m.subject)));
  return { code, verified: await post('/auth/verify', { email, code }, headers) };
}

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});

describe('signing in with an emailed code', () => {
  it('tells no one whether an email is staff: same status, body and headers, no Server-Timing', async () => {
    const member = await createStaffMember(shop);
    const stranger = `nobody-${crypto.randomUUID()}@example.com`;
    const [known, unknown] = [
      await post('/auth/code', { email: member.email }),
      await post('/auth/code', { email: stranger }),
    ];
    expect(known.status).toBe(unknown.status);
    expect({ ...known.body, email: 'x' }).toEqual({ ...unknown.body, email: 'x' });
    const varying = new Set(['x-request-id', 'date']);
    const shown = (res: typeof known) =>
      [...res.headers]
        .filter(([name]) => !varying.has(name))
        .sort(([a], [b]) => a.localeCompare(b));
    expect(shown(known)).toEqual(shown(unknown));
    expect(known.headers.get('server-timing')).toBeNull();
    // Nor does the storefront's code request, the invite link, or a refused merchant key.
    const storefront = await call('/auth', {
      method: 'POST',
      body: { email: stranger },
      headers: { 'x-api-key': shop.apiKey, 'cf-connecting-ip': newIp() },
    });
    expect(storefront.status).toBeLessThan(500);
    expect(storefront.headers.get('server-timing')).toBeNull();
    const invite = await call(`${ORIGIN}${ADMIN_BASE}/invites/accept?token=nothing`, {
      headers: { 'cf-connecting-ip': newIp() },
    });
    expect(invite.status).toBe(404);
    expect(invite.headers.get('server-timing')).toBeNull();
    const badKey = await merchant(`sk_live_${crypto.randomUUID()}`).get('/me');
    expect(badKey.status).toBe(401);
    expect(badKey.headers.get('server-timing')).toBeNull();
    // Elsewhere the statement count is still reported.
    const key = await createMerchantKey(shop);
    expect((await merchant(key.secret).get('/me')).headers.get('server-timing')).toMatch(
      /db;desc=/,
    );
  });

  it('answers the code request alike for staff and strangers, and sets a __Host- cookie', async () => {
    const owner = await createStaffMember(shop, {
      email: `Owner-${crypto.randomUUID()}@Example.com`.toLowerCase(),
    });
    const stranger = `nobody-${crypto.randomUUID()}@example.com`;
    const forStranger = await post('/auth/code', { email: stranger });
    expect(forStranger.status).toBe(202);
    expect(forStranger.body).toEqual({ object: 'sign_in_code', email: stranger, expires_in: 600 });

    const { verified } = await signIn(owner.email);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      object: 'session',
      staff: { email: owner.email },
      shop: { id: shop.id, handle: shop.handle },
      memberships: [{ shop: { id: shop.id }, role: { key: 'owner', name: 'Owner' } }],
    });
    const setCookie = verified.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^__Host-session=[\w-]{40,};/);
    for (const attribute of ['Path=/', 'Secure', 'HttpOnly', 'SameSite=Strict']) {
      expect(setCookie).toContain(attribute);
    }
    // Only the hash is stored.
    const token = (cookieOf(verified) ?? '').split('=')[1] ?? '';
    const [stored] = await testDb()
      .select()
      .from(s.staffSessions)
      .where(eq(s.staffSessions.id, verified.body.id));
    expect(stored?.tokenHash).not.toContain(token);

    const me = await staffBrowser(cookieOf(verified) ?? '').get('/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      object: 'me',
      actor: { type: 'staff', id: owner.memberId, email: owner.email },
      shop: { id: shop.id, handle: shop.handle },
      role: { key: 'owner' },
    });
    expect(me.body.scopes).toEqual(
      expect.arrayContaining(['staff:write', 'admin', 'orders:write']),
    );

    // A stranger's code never signs in, whatever is typed.
    expectError(
      await post('/auth/verify', { email: stranger, code: '123456' }),
      400,
      'VERIFICATION_NOT_VALID',
    );
  });

  it('uses a code once, locks it after 5 wrong guesses, and starts a new session each time', async () => {
    const member = await createStaffMember(shop);
    const first = await signIn(member.email);
    expect(first.verified.status).toBe(200);
    expectError(
      await post('/auth/verify', { email: member.email, code: first.code }),
      400,
      'VERIFICATION_NOT_VALID',
    );

    // A browser holding a session may ask for a new code at once: the limits stop floods, not
    // a second try.
    const old = cookieOf(first.verified) ?? '';
    await testDb().delete(s.staffSignInCodes).where(eq(s.staffSignInCodes.email, member.email));
    const resent = await post('/auth/code', { email: member.email }, { cookie: old });
    expect(resent.status).toBe(202);

    const other = await createStaffMember(shop);
    await post('/auth/code', { email: other.email });
    const code = codeOf(await waitForEmail(other.email));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      expectError(
        await post('/auth/verify', { email: other.email, code: wrong }),
        400,
        'VERIFICATION_NOT_VALID',
      );
    }
    expectError(
      await post('/auth/verify', { email: other.email, code }),
      429,
      'TOO_MANY_VERIFY_ATTEMPTS',
    );

    const fresh = await createStaffMember(shop);
    await post('/auth/code', { email: fresh.email });
    const freshCode = codeOf(await waitForEmail(fresh.email));
    const again = await post(
      '/auth/verify',
      { email: fresh.email, code: freshCode },
      { cookie: old, origin: ORIGIN },
    );
    expect(again.status).toBe(200);
    expect(cookieOf(again)).not.toBe(old);
    expectError(await staffBrowser(old).get('/me'), 401, 'STAFF_SESSION_INVALID');
  });

  it('expires codes after 10 minutes', async () => {
    const member = await createStaffMember(shop);
    await post('/auth/code', { email: member.email });
    const code = codeOf(await waitForEmail(member.email));
    await testDb()
      .update(s.staffSignInCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.staffSignInCodes.email, member.email));
    expectError(
      await post('/auth/verify', { email: member.email, code }),
      400,
      'VERIFICATION_NOT_VALID',
    );
  });

  it('refuses code requests (503, nothing written) when the limiter cannot answer', async () => {
    const down = limiterDown;
    const email = `down-${crypto.randomUUID()}@example.com`;
    const services = {
      rateLimiter: down,
      log: createLogger(),
      rateLimits: [],
      database: testDatabase(),
    } as unknown as Services;
    const refused = await requestStaffCode(services, email, new Headers()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    const rows = await testDb()
      .select()
      .from(s.staffSignInCodes)
      .where(eq(s.staffSignInCodes.email, email));
    expect(rows).toHaveLength(0);
  });

  it('lets a member of several shops pick one; merchant routes wait for it', async () => {
    const second = await createTestShop();
    const member = await createStaffMember(shop, { roleKey: 'analyst' });
    await createStaffMember(second, { email: member.email, roleKey: 'owner' });
    const { verified } = await signIn(member.email);
    expect(verified.status).toBe(200);
    expect(verified.body.shop).toBeNull();
    expect(verified.body.memberships).toHaveLength(2);
    const browser = staffBrowser(cookieOf(verified) ?? '');
    expectError(await browser.get('/products'), 409, 'SHOP_NOT_SELECTED');
    const picked = await browser.post('/auth/shop', { shop: second.handle });
    expect(picked.status).toBe(200);
    expect(picked.body.shop).toMatchObject({ id: second.id });
    expect((await browser.get('/me')).body.role.key).toBe('owner');
    expect((await browser.post('/auth/shop', { shop: shop.id })).body.shop.id).toBe(shop.id);
    expect((await browser.get('/me')).body.role.key).toBe('analyst');
    const elsewhere = await createTestShop();
    expectError(
      await browser.post('/auth/shop', { shop: elsewhere.handle }),
      403,
      'STAFF_NOT_MEMBER',
    );
  });
});

describe('sessions', () => {
  it('lists them, ends one, all others, and signs out', async () => {
    const member = await signedInStaff(shop);
    const other = await createStaffSession(member.personId, shop.id);
    const third = await createStaffSession(member.personId, shop.id);
    const browser = staffBrowser(member.cookie);
    const list = await browser.get('/sessions');
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(3);
    expect(list.body.data.filter((x: { current: boolean }) => x.current)).toEqual([
      expect.objectContaining({ id: member.id, object: 'staff_session' }),
    ]);
    expect((await browser.delete(`/sessions/${other.id}`)).status).toBe(204);
    expectError(await staffBrowser(other.cookie).get('/me'), 401, 'STAFF_SESSION_INVALID');
    expect((await browser.delete('/sessions')).status).toBe(204);
    expectError(await staffBrowser(third.cookie).get('/me'), 401, 'STAFF_SESSION_INVALID');
    expect((await browser.get('/me')).status).toBe(200);
    // Another person's session cannot be ended from here.
    const stranger = await signedInStaff(shop);
    expectError(await browser.delete(`/sessions/${stranger.id}`), 404, 'STAFF_SESSION_NOT_FOUND');

    const out = await browser.post('/auth/sign-out', undefined);
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    expectError(await browser.get('/me'), 401, 'STAFF_SESSION_INVALID');
    expect((await post('/auth/sign-out', undefined)).status).toBe(204);
  });

  it('ends idle and expired sessions', async () => {
    const member = await createStaffMember(shop);
    const idle = await createStaffSession(member.personId, shop.id, 'idle');
    const expired = await createStaffSession(member.personId, shop.id, 'expired');
    expectError(await staffBrowser(idle.cookie).get('/me'), 401, 'STAFF_SESSION_EXPIRED');
    expectError(await staffBrowser(expired.cookie).get('/me'), 401, 'STAFF_SESSION_EXPIRED');
  });

  it('keeps sessions and storefront keys apart', async () => {
    const member = await signedInStaff(shop);
    // The storefront API never reads the cookie.
    const storefront = await call(`${ORIGIN}/access/api/v1/auth`, {
      headers: { cookie: member.cookie, origin: ORIGIN },
    });
    expect(storefront.status).toBe(401);
    expect(storefront.body.code).toMatch(/^API_KEY_MISSING$/);
    // The storefront key never reaches staff routes.
    const withKey = await call(`${ORIGIN}${ADMIN_BASE}/sessions`, {
      headers: { 'x-api-key': shop.apiKey },
    });
    expectError(withKey, 401, 'STAFF_SESSION_MISSING');
    expectError(
      await call(`${ORIGIN}${ADMIN_BASE}/me`, { headers: { 'x-api-key': shop.apiKey } }),
      401,
      'STOREFRONT_KEY_NOT_ALLOWED',
    );
    // A merchant key is no session either.
    const key = await createMerchantKey(shop);
    expectError(await merchant(key.secret).get('/sessions'), 401, 'STAFF_SESSION_MISSING');
    // A browser without a cookie is told to sign in.
    expectError(
      await call(`${ORIGIN}${ADMIN_BASE}/products`, {
        headers: { 'sec-fetch-site': 'same-origin' },
      }),
      401,
      'STAFF_SESSION_MISSING',
    );
  });
});
