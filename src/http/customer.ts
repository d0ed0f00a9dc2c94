import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, CustomerContext } from '../app-env';
import { ApiError, type ErrorCode } from '../errors';
import { authenticate, readTokenClaims, type SessionCustomer } from '../identity/sessions';
import type { TokenClaims } from '../identity/tokens';
import { guarded } from './route';

/** Errors every route behind requireCustomer (or requireCustomerToken) may answer. */
export const CUSTOMER_ERRORS: ErrorCode[] = [
  'AUTH_TOKEN_MISSING',
  'AUTH_TOKEN_INVALID',
  'AUTH_TOKEN_DEVICE_MISMATCH',
  'SESSION_EXPIRED',
  'AUTH_USER_NOT_FOUND',
  'ACCOUNT_BLACKLISTED',
  'ACCOUNT_INACTIVE',
];

/** The customer guards' codes and credential: a customer token beside the shop's key. */
const customerGuard = { raises: CUSTOMER_ERRORS, security: [{ CustomerToken: [] }] };

const toContext = (row: SessionCustomer): CustomerContext => ({
  id: row.id,
  email: row.email,
  sessionId: row.sessionId,
});

const authenticateRequest = <E extends AppEnv>(c: Context<E>) => {
  const { database, config } = c.get('services');
  return authenticate(database.db, config, c.get('shop'), c.req.raw.headers);
};

/**
 * Requires a valid customer token (`Authorization: Bearer`) for the request's shop and
 * sets `c.get('customer')`. Runs after requireShop. One statement to Postgres.
 */
export const requireCustomer = guarded(
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('customer', toContext(await authenticateRequest(c)));
    await next();
  }),
  customerGuard,
);

/**
 * Like requireCustomer, and also keeps the customer's profile and saved address from
 * the same statement as `c.get('sessionCustomer')`, for endpoints that show them.
 */
export const requireCustomerProfile = guarded(
  createMiddleware<AppEnv & { Variables: { sessionCustomer: SessionCustomer } }>(
    async (c, next) => {
      const row = await authenticateRequest(c);
      c.set('customer', toContext(row));
      c.set('sessionCustomer', row);
      await next();
    },
  ),
  customerGuard,
);

/**
 * Verifies the customer token without touching the database and keeps its claims as
 * `c.get('customerClaims')`. Only for endpoints whose one statement folds in the session
 * check (sessionCheckSql) and asserts it (assertSessionUsable) before using any data.
 */
export const requireCustomerToken = guarded(
  createMiddleware<AppEnv & { Variables: { customerClaims: TokenClaims } }>(async (c, next) => {
    c.set(
      'customerClaims',
      await readTokenClaims(c.get('services').config, c.get('shop').id, c.req.raw.headers),
    );
    await next();
  }),
  customerGuard,
);

/**
 * The signed-in customer when the request carries a valid token, else null (no header,
 * or a token refused for any reason: the caller then treats the request as a guest's).
 */
export async function readOptionalCustomer<E extends AppEnv>(
  c: Context<E>,
): Promise<CustomerContext | null> {
  if (!c.req.header('authorization')) return null;
  try {
    return toContext(await authenticateRequest(c));
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
