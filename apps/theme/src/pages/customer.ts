/** The signed-in customer, as every page that knows one asks for it. */
import type { Schema } from '@storefront-api/client';
import type { Context } from 'hono';
import type { ThemeEnv } from '../env';
import { renderPage } from '../render';
import { setToken } from '../session';

type C = Context<ThemeEnv>;
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
export function customerProfile(c: C): Promise<Profile | null> {
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

/** A page of the account area: never indexed. */
export const accountPage = (c: C, url: string, title: string, body: unknown, status?: 200 | 422) =>
  renderPage(
    c,
    { url, fallbackTitle: title, noindex: true, ...(status ? { status } : {}) },
    body as never,
  );
