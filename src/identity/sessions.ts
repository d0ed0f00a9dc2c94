import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerAddresses, type customerStatus, customers, sessions } from '../db/schema';
import type { Config } from '../env';
import { ApiError } from '../errors';
import type { ShopContext } from './contexts';
import { deviceHash } from './device';
import { signCustomerToken, type TokenClaims, verifyCustomerToken } from './tokens';

/** How long a sign-in lasts; the token expires with its session. */
export const SESSION_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type SessionMethod = 'otp' | 'access-link';

/**
 * A new session and its signed token, not yet stored: the caller inserts `row` in the
 * same batch as the rest of the sign-in, so the token is valid exactly when it commits.
 */
export async function newSession(
  config: Pick<Config, 'AUTH_TOKEN_KEYS'>,
  input: { shopId: string; customerId: string; deviceHash: string; method: SessionMethod },
  now = new Date(),
): Promise<{ token: string; row: typeof sessions.$inferInsert }> {
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  const token = await signCustomerToken(
    config.AUTH_TOKEN_KEYS,
    {
      shopId: input.shopId,
      customerId: input.customerId,
      sessionId: id,
      deviceHash: input.deviceHash,
    },
    expiresAt,
  );
  return {
    token,
    row: {
      id,
      shopId: input.shopId,
      customerId: input.customerId,
      deviceHash: input.deviceHash,
      method: input.method,
      expiresAt,
    },
  };
}

/**
 * The customer behind a session with their saved address, in one statement: no row when
 * the customer does not exist in this shop; session fields null when the session does not.
 */
export function selectSessionCustomer(
  db: Db,
  shopId: string,
  customerId: string,
  sessionId: string,
) {
  return db
    .select({
      id: customers.id,
      email: customers.email,
      name: customers.name,
      phone: customers.phone,
      status: customers.status,
      createdAt: customers.createdAt,
      lastLoginAt: customers.lastLoginAt,
      sessionId: sessions.id,
      sessionRevoked: sql<boolean>`${sessions.revokedAt} is not null`,
      sessionExpired: sql<boolean>`${sessions.expiresAt} <= now()`,
      address: {
        id: customerAddresses.id,
        town: customerAddresses.town,
        city: customerAddresses.city,
        apartment: customerAddresses.apartment,
        room: customerAddresses.room,
        postalCode: customerAddresses.postalCode,
      },
    })
    .from(customers)
    .leftJoin(
      sessions,
      and(
        eq(sessions.id, sessionId),
        eq(sessions.shopId, shopId),
        eq(sessions.customerId, customers.id),
      ),
    )
    .leftJoin(
      customerAddresses,
      and(eq(customerAddresses.shopId, shopId), eq(customerAddresses.customerId, customers.id)),
    )
    .where(and(eq(customers.id, customerId), eq(customers.shopId, shopId)))
    .limit(1);
}

export type SessionCustomer = Awaited<ReturnType<typeof selectSessionCustomer>>[number] & {
  sessionId: string;
};

/** `Authorization: Bearer <token>` → the token, or null without one. */
export function bearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/**
 * The verified claims of the request's customer token for `shopId`: signature, issuer,
 * audience, expiry and device. No database work; the session is checked separately.
 */
export async function readTokenClaims(
  config: Config,
  shopId: string,
  headers: Headers,
): Promise<TokenClaims> {
  const token = bearerToken(headers);
  if (!token) throw new ApiError('AUTH_TOKEN_MISSING');
  return verifyCustomerToken(
    config.AUTH_TOKEN_KEYS,
    token,
    shopId,
    await deviceHash(config.APP_HMAC_SECRET, headers),
  );
}

export type AccountStatus = (typeof customerStatus.enumValues)[number];

/** Refuses blocked and inactive accounts; every sign-in and every protected call checks this. */
export function assertAccountUsable(status: AccountStatus | null) {
  if (status === 'blacklisted') throw new ApiError('ACCOUNT_BLACKLISTED');
  if (status === 'inactive') throw new ApiError('ACCOUNT_INACTIVE');
}

/** What the database knows about a token's customer and session. */
export type SessionCheck = {
  customerFound: boolean;
  sessionFound: boolean;
  sessionRevoked: boolean | null;
  sessionExpired: boolean | null;
  status: AccountStatus | null;
};

/** Throws the contract's code when the session or the account cannot be used. */
export function assertSessionUsable(check: SessionCheck) {
  if (!check.customerFound) throw new ApiError('AUTH_USER_NOT_FOUND');
  // A revoked (or deleted) session is a token that must not be used again, not a timeout.
  if (!check.sessionFound || check.sessionRevoked) throw new ApiError('AUTH_TOKEN_INVALID');
  if (check.sessionExpired) throw new ApiError('SESSION_EXPIRED');
  assertAccountUsable(check.status);
}

/**
 * A one-row subquery giving the SessionCheck columns of `claims`, for endpoints that
 * fold the session check into their own single statement (the caller asserts it).
 * `usable` is true exactly when assertSessionUsable would pass.
 */
export const sessionCheckSql = (shopId: string, claims: TokenClaims) => sql`
  select c.id is not null as "customerFound", s.id is not null as "sessionFound",
    s.revoked_at is not null as "sessionRevoked", s.expires_at <= now() as "sessionExpired",
    c.status,
    (s.id is not null and s.revoked_at is null and s.expires_at > now()
      and c.status = 'active') as usable
  from (select 1) k
  left join customers c on c.id = ${claims.customerId} and c.shop_id = ${shopId}
  left join sessions s on s.id = ${claims.sessionId} and s.shop_id = ${shopId}
    and s.customer_id = c.id`;

/**
 * Authenticates the request's customer token for `shop` with one statement: token
 * checks first (signature, claims, device), then session and account state.
 */
export async function authenticate(
  db: Db,
  config: Config,
  shop: ShopContext,
  headers: Headers,
): Promise<SessionCustomer> {
  const claims = await readTokenClaims(config, shop.id, headers);
  const [row] = await selectSessionCustomer(db, shop.id, claims.customerId, claims.sessionId);
  assertSessionUsable({
    customerFound: row !== undefined,
    sessionFound: Boolean(row?.sessionId),
    sessionRevoked: row?.sessionRevoked ?? null,
    sessionExpired: row?.sessionExpired ?? null,
    status: row?.status ?? null,
  });
  if (!row?.sessionId) throw new ApiError('AUTH_TOKEN_INVALID');
  return { ...row, sessionId: row.sessionId };
}
