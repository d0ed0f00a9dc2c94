import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv, Services } from '../../src/app-env';
import * as s from '../../src/db/schema';
import { ApiError } from '../../src/errors';
import { createLogger } from '../../src/lib/log';
import { limitInviteAttempts } from '../../src/modules/staff/service/invite-links';
import { verifyStaffCode } from '../../src/modules/staff/service/sign-in';
import { call, expectError, newIp } from '../helpers/api';
import { testDatabase, testDb } from '../helpers/db';
import { limiterDown } from '../helpers/limiter-down';
import { ADMIN_BASE } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { createStaffInvite, createStaffMember, ORIGIN } from '../helpers/staff';

let shop: TestShop;

beforeAll(async () => {
  shop = await createTestShop();
});

const post = (path: string, body: unknown) =>
  call(`${ORIGIN}${ADMIN_BASE}${path}`, {
    method: 'POST',
    body,
    headers: { 'cf-connecting-ip': newIp() },
  });

describe('no account discovery', () => {
  it('answers a code request and a wrong code alike for staff, former staff and strangers', async () => {
    const active = await createStaffMember(shop);
    const disabled = await createStaffMember(shop, { status: 'disabled' });
    const invited = await createStaffInvite(shop);
    const stranger = `nobody-${crypto.randomUUID()}@example.com`;
    const emails = [active.email, disabled.email, invited.member.email, stranger];
    const answers = [];
    for (const email of emails) {
      const sent = await post('/auth/code', { email });
      const wrong = await post('/auth/verify', { email, code: '000000' });
      answers.push({
        sent: { status: sent.status, body: { ...sent.body, email: null } },
        cookie: sent.headers.get('set-cookie'),
        wrong: { status: wrong.status, code: wrong.body.code, message: wrong.body.message },
      });
    }
    expect(answers[0]).toEqual({
      sent: { status: 202, body: { object: 'sign_in_code', email: null, expires_in: 600 } },
      cookie: null,
      wrong: {
        status: 400,
        code: 'VERIFICATION_NOT_VALID',
        message: 'The code is wrong, has expired or was already used.',
      },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // Only the active member was sent a code; the others' rows exist all the same.
    const rows = await Promise.all(
      emails.map((email) =>
        testDb().select().from(s.staffSignInCodes).where(eq(s.staffSignInCodes.email, email)),
      ),
    );
    expect(rows.map((r) => r.length)).toEqual([1, 1, 1, 1]);
  });
});

describe('attempt limits fail closed', () => {
  const down = limiterDown;
  const services = {
    rateLimiter: down,
    log: createLogger(),
    rateLimits: [],
    database: testDatabase(),
    config: { APP_HMAC_SECRET: 'test-secret-for-the-limiter-check' },
  } as unknown as Services;

  it('refuses a code check (503) before the code is tried', async () => {
    const member = await createStaffMember(shop);
    const [code] = await testDb()
      .insert(s.staffSignInCodes)
      .values({
        email: member.email,
        codeHmac: 'not-checked',
        expiresAt: new Date(Date.now() + 600_000),
      })
      .returning();
    const app = new Hono<AppEnv>();
    app.post('/', async (c) => {
      c.set('services', services);
      const error = await verifyStaffCode(c, member.email, '123456').catch((e: unknown) => e);
      return c.json({ code: error instanceof ApiError ? error.code : 'answered' });
    });
    const res = await app.request('/', { method: 'POST' });
    expect(await res.json()).toEqual({ code: 'SERVICE_UNAVAILABLE' });
    const [after] = await testDb()
      .select()
      .from(s.staffSignInCodes)
      .where(eq(s.staffSignInCodes.id, code?.id ?? ''));
    expect(after?.attempts).toBe(0);
  });

  it('refuses invite link attempts (503) when the limiter cannot answer', async () => {
    const refused = await limitInviteAttempts(services, new Headers()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  it('limits invite link guesses per client network (429)', async () => {
    const ip = newIp();
    const guess = () =>
      call(`${ORIGIN}${ADMIN_BASE}/invites/accept?token=guess-${crypto.randomUUID()}`, {
        headers: { 'cf-connecting-ip': ip },
      });
    let last = await guess();
    for (let i = 0; i < 40 && last.status === 404; i++) last = await guess();
    expectError(last, 429, 'TOO_MANY_LOGIN_ATTEMPTS');
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('code requests per email', () => {
  it('answers five requests in a row, then refuses with a Retry-After within 15 minutes', async () => {
    const member = await createStaffMember(shop);
    for (let i = 0; i < 5; i++) {
      expect((await post('/auth/code', { email: member.email })).status).toBe(202);
    }
    let last = await post('/auth/code', { email: member.email });
    for (let i = 0; i < 10 && last.status === 202; i++) {
      last = await post('/auth/code', { email: member.email });
    }
    expectError(last, 429, 'TOO_MANY_LOGIN_ATTEMPTS');
    const retryAfter = Number(last.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });
});
