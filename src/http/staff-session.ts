import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import {
  readStaffSession,
  type StaffSessionState,
  sessionCookieOf,
} from '../identity/staff-sessions';
import { guarded } from './route';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The CSRF rule of cookie-authenticated requests: an unsafe method must come from this
 * origin, as `Origin` (when sent) or `Sec-Fetch-Site: same-origin` (when not) says.
 */
export function assertSameOrigin(c: Context<AppEnv>): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const headers = c.req.raw.headers;
  const origin = headers.get('origin');
  const same =
    origin !== null
      ? origin === new URL(c.req.url).origin
      : headers.get('sec-fetch-site') === 'same-origin';
  if (!same) throw new ApiError('CSRF_ORIGIN_MISMATCH');
}

/** Whether the request carries a session cookie at all. */
export const hasSessionCookie = (headers: Headers) => sessionCookieOf(headers) !== null;

/**
 * The live session of the request's cookie (CSRF checked first, so a forged request reads
 * nothing): 401 when there is none, it ended, or it expired.
 */
export async function liveSession(c: Context<AppEnv>): Promise<StaffSessionState> {
  const token = sessionCookieOf(c.req.raw.headers);
  if (!token) throw new ApiError('STAFF_SESSION_MISSING');
  assertSameOrigin(c);
  const session = await readStaffSession(c.get('services').database.db, token);
  if (!session || session.ended) throw new ApiError('STAFF_SESSION_INVALID');
  if (!session.live) throw new ApiError('STAFF_SESSION_EXPIRED');
  c.set('staff', {
    sessionId: session.sessionId,
    personId: session.personId,
    email: session.email,
    name: session.name,
    createdAt: session.createdAt,
    expiresAt: session.expiresAt,
    memberId: session.memberStatus === 'active' ? session.memberId : null,
    shopId: session.memberStatus === 'active' ? session.shopId : null,
    onlyShopId: session.singleShop ? session.shopId : null,
    role: session.memberStatus === 'active' ? session.role : null,
  });
  return session;
}

/** The errors liveSession answers. */
export const SESSION_ERRORS = [
  'STAFF_SESSION_MISSING',
  'STAFF_SESSION_INVALID',
  'STAFF_SESSION_EXPIRED',
  'CSRF_ORIGIN_MISMATCH',
] as const;

/**
 * Middleware of the routes that belong to a signed-in person rather than to a shop
 * (their sessions, picking a shop): a live session cookie, whatever shop it is on.
 */
export const requireStaffSession = guarded(
  createMiddleware<AppEnv>(async (c, next) => {
    await liveSession(c);
    await next();
  }),
  { raises: SESSION_ERRORS, security: [{ StaffSession: [] }] },
);
