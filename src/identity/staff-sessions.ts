import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { randomToken, sha256Hex } from '../lib/crypto';
import type { ShopContext } from './contexts';

/** The session cookie: `__Host-` so it is Secure, host-only and for the whole origin. */
export const SESSION_COOKIE = '__Host-session';

/** A session ends this long after it began, however active (docs/decisions/staff.md). */
export const SESSION_ABSOLUTE_HOURS = 7 * 24;
/** …or this long after its last request. */
export const SESSION_IDLE_HOURS = 12;
/** `last_seen_at` is written at most this often per session, not on every request. */
export const SESSION_TOUCH_SECONDS = 60;

const MAX_TOKEN_LENGTH = 100;

/** A new session token: 256 random bits (base64url). Only its SHA-256 is stored. */
export const newSessionToken = (): string => randomToken(32);

export const sessionTokenHash = (token: string) => sha256Hex(token);

/** The session token the request's cookie carries, or null. */
export function sessionCookieOf(headers: Headers): string | null {
  const header = headers.get('cookie');
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) {
      const token = value.join('=').trim();
      return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
    }
  }
  return null;
}

/** The Set-Cookie value that stores `token` until the session's absolute end. */
export const sessionCookie = (token: string, expiresAt: Date) =>
  `${SESSION_COOKIE}=${token}; Path=/; Secure; HttpOnly; SameSite=Strict; Expires=${expiresAt.toUTCString()}`;

/** The Set-Cookie value that removes the cookie. */
export const clearedSessionCookie = () =>
  `${SESSION_COOKIE}=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0`;

/** The role a member holds, as sessions and /me show it. */
export type RoleRef = { id: string; name: string; key: string | null };

/** What one request's session resolves to, read live (never cached). */
export type StaffSessionState = {
  sessionId: string;
  personId: string;
  email: string;
  name: string;
  createdAt: Date;
  expiresAt: Date;
  /** Ended, or past its absolute or idle end: the session no longer works. */
  live: boolean;
  ended: boolean;
  /** The picked shop (null until picked) with the member's standing there. */
  shopId: string | null;
  /** The session carries this shop's membership alone (opened by accepting an invite). */
  singleShop: boolean;
  shop: (ShopContext & { handle: string }) | null;
  memberId: string | null;
  memberStatus: 'invited' | 'active' | 'disabled' | null;
  role: (RoleRef & { scopes: string[] }) | null;
};

type Row = {
  session_id: string;
  person_id: string;
  email: string;
  name: string;
  created_at: string | Date;
  expires_at: string | Date;
  live: boolean;
  ended: boolean;
  shop_id: string | null;
  single_shop: boolean;
  member_id: string | null;
  member_status: StaffSessionState['memberStatus'];
  role_id: string | null;
  role_name: string | null;
  role_key: string | null;
  role_scopes: string[] | null;
  shop_name: string | null;
  shop_handle: string | null;
  shop_status: ShopContext['status'] | null;
  currency: string | null;
  currency_digits: number | null;
  refund_window_days: number | null;
  coupons_enabled: boolean | null;
  newsletter_cap: number | null;
};

/**
 * The session of a token with its person, the picked shop, the membership there and its
 * role, in one statement; a live session's `last_seen_at` is moved on in the same
 * statement (at most once a minute). Nothing is cached: a disabled member, a removed one
 * or a changed role is seen at the next request on every isolate.
 */
export async function readStaffSession(db: Db, token: string): Promise<StaffSessionState | null> {
  const tokenHash = await sessionTokenHash(token);
  const result = await db.execute(sql`
    with s as (
      select id, person_id, shop_id, single_shop, created_at, expires_at, ended_at is not null as ended,
        (ended_at is null and expires_at > now()
          and last_seen_at > now() - make_interval(hours => ${SESSION_IDLE_HOURS})) as live,
        last_seen_at
      from staff_sessions where token_hash = ${tokenHash}
    ),
    touched as (
      update staff_sessions set last_seen_at = now()
      where id = (select id from s where live
        and last_seen_at < now() - make_interval(secs => ${SESSION_TOUCH_SECONDS}))
      returning id
    )
    select s.id as session_id, s.person_id, p.email, p.name, s.created_at, s.expires_at,
      s.live, s.ended, s.shop_id, s.single_shop,
      m.id as member_id, m.status as member_status,
      r.id as role_id, r.name as role_name, r.key as role_key, r.scopes as role_scopes,
      sh.name as shop_name, sh.handle as shop_handle, sh.status as shop_status, sh.currency,
      sh.currency_digits, sh.refund_window_days, sh.coupons_enabled, sh.newsletter_cap
    from s
    join staff_people p on p.id = s.person_id
    left join staff_members m on m.shop_id = s.shop_id and m.person_id = s.person_id
    left join staff_roles r on r.id = m.role_id and r.shop_id = m.shop_id
    left join shops sh on sh.id = s.shop_id
  `);
  const row = result.rows[0] as Row | undefined;
  if (!row) return null;
  const shop =
    row.shop_id && row.shop_name !== null
      ? {
          id: row.shop_id,
          name: row.shop_name,
          handle: row.shop_handle ?? '',
          status: row.shop_status ?? 'development',
          currency: row.currency ?? '',
          currencyDigits: Number(row.currency_digits ?? 2),
          refundWindowDays: Number(row.refund_window_days ?? 0),
          couponsEnabled: Boolean(row.coupons_enabled),
          newsletterCap: row.newsletter_cap === null ? null : Number(row.newsletter_cap),
        }
      : null;
  return {
    sessionId: row.session_id,
    personId: row.person_id,
    email: row.email,
    name: row.name,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    live: row.live,
    ended: row.ended,
    shopId: row.shop_id,
    singleShop: Boolean(row.single_shop),
    shop,
    memberId: row.member_id,
    memberStatus: row.member_status,
    role:
      row.role_id && row.role_name !== null
        ? {
            id: row.role_id,
            name: row.role_name,
            key: row.role_key,
            scopes: row.role_scopes ?? [],
          }
        : null,
  };
}
