/** The signed-in customer, as every page that knows one asks for it. */
import type { Schema } from '@storefront-api/client';
import type { ThemeContext } from './env';
import { renderPage } from './render';
import { setToken } from './session';

type Profile = Schema<'Customer'>;

const SIGNED_OUT_CODES = new Set([
  'SESSION_EXPIRED',
  'AUTH_TOKEN_INVALID',
  'AUTH_TOKEN_DEVICE_MISMATCH',
  'AUTH_USER_NOT_FOUND',
  'AUTH_TOKEN_MISSING',
]);
const profiles = new WeakMap<object, Promise<Profile | null>>();

/** The signed-in customer (GET /auth), once per request; a token the API refuses is discarded. */
export function customerProfile(c: ThemeContext): Promise<Profile | null> {
  const api = c.get('customerApi');
  if (!api) return Promise.resolve(null);
  let found = profiles.get(c.req.raw);
  if (!found) {
    found = api.GET('/auth').then(({ data, error }) => {
      if (data) return data.data;
      if (error && SIGNED_OUT_CODES.has(error.code)) setToken(c, null);
      return null;
    });
    profiles.set(c.req.raw, found);
  }
  return found;
}

/**
 * The POST /config patterns of the account's pages: the contract names them by the account's
 * former address, /dashboard (which still redirects to /account).
 */
export const ACCOUNT_PATTERN = {
  account: '/dashboard',
  orders: '/dashboard/orders',
  order: '/dashboard/orders/:id',
} as const;

/** A page of the account area: never indexed. */
export const accountPage = (
  c: ThemeContext,
  url: string,
  title: string,
  body: unknown,
  status?: 200 | 422,
) =>
  renderPage(
    c,
    { url, fallbackTitle: title, noindex: true, ...(status ? { status } : {}) },
    body as never,
  );
