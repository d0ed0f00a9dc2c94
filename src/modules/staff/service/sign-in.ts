import { and, eq, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Services, StaffContext } from '../../../app-env';
import type { Db, Tx } from '../../../db/client';
import { staffMembers, staffSessions, staffSignInCodes } from '../../../db/schema';
import { ApiError, type ErrorCode } from '../../../errors';
import { clientNetwork, enforceLimits } from '../../../http/rate-limit';
import { roleRef } from '../../../identity/staff-roles';
import {
  clearedSessionCookie,
  newSessionToken,
  SESSION_ABSOLUTE_HOURS,
  sessionCookie,
  sessionCookieOf,
  sessionTokenHash,
} from '../../../identity/staff-sessions';
import { hmacHex } from '../../../lib/crypto';
import { escapeHtml } from '../../../lib/html';
import { SIGN_IN_RATE_RULES } from '../../auth/limits';
import { CODE_RATE_RULES, CODE_TTL_MINUTES, generateCode } from '../../auth/otp';
import { queueEmail } from '../../mail/outbox';
import { sendEmailsAfterResponse } from '../../mail/send';
import {
  checkStaffCode,
  type MembershipRow,
  selectCodeRecipient,
  selectMemberships,
  selectPerson,
} from '../queries';

export const RAISES = {
  requestCode: ['TOO_MANY_LOGIN_ATTEMPTS'],
  verifyCode: ['VERIFICATION_NOT_VALID', 'TOO_MANY_VERIFY_ATTEMPTS'],
  pickShop: ['STAFF_NOT_MEMBER'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** Limits are counted across shops: staff sign in before any shop is known. */
const staffKey = (key: string) => `staff:${key}`;

const codeHmac = (secret: string, email: string, code: string) =>
  hmacHex(secret, 'staff-otp', `${email}:${code}`);

function codeEmail(code: string) {
  const subject = `${code} is your sign-in code for the shop dashboard`;
  const text = `Your sign-in code is ${code}.\n\nIt works once, for ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.`;
  const html = `<p>Your sign-in code is</p><p style="font-size:28px;letter-spacing:4px"><strong>${escapeHtml(code)}</strong></p><p>It works once, for ${CODE_TTL_MINUTES} minutes. If you did not ask for it, ignore this email.</p>`;
  return { subject, text, html };
}

/**
 * POST /auth/code. The same limits as customers' codes (per email and per client network,
 * failing closed), and the same work and answer whether or not the email is staff: a code
 * row is always written, the email only goes to an active member.
 */
export async function requestStaffCode(services: Services, email: string, headers: Headers) {
  await enforceLimits(
    services,
    [
      { rule: CODE_RATE_RULES.ip, key: staffKey(clientNetwork(headers)) },
      { rule: CODE_RATE_RULES.emailBurst, key: staffKey(email) },
      { rule: CODE_RATE_RULES.emailHour, key: staffKey(email) },
    ],
    { code: 'TOO_MANY_LOGIN_ATTEMPTS' },
    'refuse',
  );
  const { db } = services.database;
  const recipient = await selectCodeRecipient(db, email);
  const code = generateCode();
  const now = new Date();
  const results = await db.batch([
    db
      .update(staffSignInCodes)
      .set({ voidedAt: now })
      .where(
        and(
          eq(staffSignInCodes.email, email),
          isNull(staffSignInCodes.consumedAt),
          isNull(staffSignInCodes.voidedAt),
        ),
      ),
    db.insert(staffSignInCodes).values({
      email,
      codeHmac: await codeHmac(services.config.APP_HMAC_SECRET, email, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_MINUTES * 60_000),
    }),
    ...(recipient
      ? [queueEmail(db, { shopId: recipient.shop_id, kind: 'otp', to: email, ...codeEmail(code) })]
      : []),
  ]);
  if (recipient) sendEmailsAfterResponse(services, results[2] as Array<{ id: string }>);
  return { object: 'sign_in_code' as const, email, expires_in: CODE_TTL_MINUTES * 60 };
}

const refShop = (m: MembershipRow) => ({ id: m.shop_id, handle: m.handle, name: m.shop_name });
const refRole = (m: MembershipRow) =>
  roleRef({ id: m.role_id, name: m.role_name, key: m.role_key });

/** The memberships as sessions and /me show them. */
export const toMemberships = (rows: MembershipRow[]) =>
  rows.map((m) => ({ shop: refShop(m), role: refRole(m) }));

/** The session object of the contract. */
export function toSession(
  session: { id: string; createdAt: Date; expiresAt: Date; shopId: string | null },
  person: { email: string; name: string },
  memberships: MembershipRow[],
) {
  const current = memberships.find((m) => m.shop_id === session.shopId);
  return {
    object: 'session' as const,
    id: session.id,
    created_at: session.createdAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
    staff: { email: person.email, name: person.name },
    shop: current ? refShop(current) : null,
    memberships: toMemberships(memberships),
  };
}

/**
 * Opens a new session (a new id and token at every sign-in: no fixation) for a person, on
 * `shopId` (or null), ending the session the browser presented, if any. Sets the cookie.
 */
export async function openSession(
  c: Context<AppEnv>,
  db: Db | Tx,
  input: {
    personId: string;
    shopId: string | null;
    memberId: string | null;
    /** The session carries `shopId`'s membership alone (an accepted invite). */
    singleShop?: boolean;
  },
) {
  const token = newSessionToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_HOURS * 3_600_000);
  const headers = c.req.raw.headers;
  const previous = sessionCookieOf(headers);
  if (previous) {
    await db
      .update(staffSessions)
      .set({ endedAt: now })
      .where(eq(staffSessions.tokenHash, await sessionTokenHash(previous)));
  }
  const [row] = await db
    .insert(staffSessions)
    .values({
      personId: input.personId,
      shopId: input.shopId,
      singleShop: input.singleShop ?? false,
      tokenHash: await sessionTokenHash(token),
      userAgent: (headers.get('user-agent') ?? '').slice(0, 300),
      ipNetwork: clientNetwork(headers),
      expiresAt,
    })
    .returning();
  if (!row) throw new Error('the session was not stored');
  if (input.memberId) {
    await db
      .update(staffMembers)
      .set({ lastSignInAt: now })
      .where(eq(staffMembers.id, input.memberId));
  }
  c.header('Set-Cookie', sessionCookie(token, expiresAt));
  c.header('Cache-Control', 'no-store');
  return row;
}

/**
 * POST /auth/verify: the email's newest code, counted and consumed atomically; a wrong,
 * expired, used or unknown code (and an email that is no staff) all answer the same.
 */
export async function verifyStaffCode(c: Context<AppEnv>, email: string, code: string) {
  const services = c.get('services');
  const headers = c.req.raw.headers;
  await enforceLimits(
    services,
    [{ rule: SIGN_IN_RATE_RULES.verify, key: staffKey(clientNetwork(headers)) }],
    {
      code: 'TOO_MANY_VERIFY_ATTEMPTS',
      message: 'Too many sign-in attempts from this network. Try again later.',
    },
    'refuse',
  );
  const { db } = services.database;
  const check = await checkStaffCode(
    db,
    email,
    await codeHmac(services.config.APP_HMAC_SECRET, email, code),
  );
  if (check.found && !check.closed && check.matched === null) {
    throw new ApiError('TOO_MANY_VERIFY_ATTEMPTS', {
      message: 'Too many wrong codes: ask for a new one.',
    });
  }
  const notValid = () =>
    new ApiError('VERIFICATION_NOT_VALID', {
      message: 'The code is wrong, has expired or was already used.',
    });
  if (!check.matched) throw notValid();
  const recipient = await selectCodeRecipient(db, email);
  if (!recipient) throw notValid();
  const memberships = await selectMemberships(db, recipient.person_id);
  const only = memberships.length === 1 ? memberships[0] : undefined;
  const session = await openSession(c, db, {
    personId: recipient.person_id,
    shopId: only?.shop_id ?? null,
    memberId: only?.member_id ?? null,
  });
  const person = await selectPerson(db, recipient.person_id);
  return toSession(session, person ?? { email, name: '' }, memberships);
}

/** The memberships a session carries: the person's, or its one shop's (an accepted invite). */
export const sessionMemberships = (db: Db, staff: StaffContext) =>
  selectMemberships(db, staff.personId, staff.onlyShopId);

/**
 * POST /auth/shop: the session works on another shop of the member's (a session opened by
 * an invite stays on its shop: STAFF_NOT_MEMBER for any other).
 */
export async function pickShop(c: Context<AppEnv>, shop: string) {
  const db = c.get('services').database.db;
  const staff = c.get('staff');
  const memberships = await sessionMemberships(db, staff);
  const chosen = memberships.find((m) => m.shop_id === shop || m.handle === shop);
  if (!chosen) throw new ApiError('STAFF_NOT_MEMBER');
  const [session] = await db.batch([
    db
      .update(staffSessions)
      .set({ shopId: chosen.shop_id })
      .where(eq(staffSessions.id, staff.sessionId))
      .returning(),
    db
      .update(staffMembers)
      .set({ lastSignInAt: new Date() })
      .where(eq(staffMembers.id, chosen.member_id)),
  ]);
  const row = session[0];
  if (!row) throw new ApiError('STAFF_SESSION_INVALID');
  return toSession(row, staff, memberships);
}

/** GET /auth/session: the cookie's session with the person's shops. */
export async function currentSession(c: Context<AppEnv>) {
  const staff = c.get('staff');
  const memberships = await sessionMemberships(c.get('services').database.db, staff);
  return toSession({ id: staff.sessionId, ...staff }, staff, memberships);
}

/** POST /auth/sign-out: ends the cookie's session, if any, and clears the cookie. */
export async function signOut(c: Context<AppEnv>) {
  const token = sessionCookieOf(c.req.raw.headers);
  if (token) {
    await c
      .get('services')
      .database.db.update(staffSessions)
      .set({ endedAt: new Date() })
      .where(
        and(
          eq(staffSessions.tokenHash, await sessionTokenHash(token)),
          isNull(staffSessions.endedAt),
        ),
      );
  }
  c.header('Set-Cookie', clearedSessionCookie());
}
