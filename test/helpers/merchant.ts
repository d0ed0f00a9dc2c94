import * as s from '../../src/db/schema';
import { ALL_SCOPES, type MerchantScope } from '../../src/identity/merchant-scopes';
import { sha256Hex } from '../../src/lib/crypto';
import { type ApiResponse, type CallOptions, call } from './api';
import { testDb } from './db';

export const ADMIN_BASE = '/admin/api/v1';

export type TestMerchantKey = { id: string; secret: string; scopes: MerchantScope[] };

const unique = () => crypto.randomUUID().replaceAll('-', '');

/** Issues a merchant key for a shop straight into the database (all scopes unless told). */
export async function createMerchantKey(
  shop: { id: string },
  options: { scopes?: MerchantScope[]; rateLimit?: number; name?: string } = {},
): Promise<TestMerchantKey> {
  const secret = `sk_test_${unique()}`;
  const scopes = options.scopes ?? ALL_SCOPES;
  const [row] = await testDb()
    .insert(s.merchantKeys)
    .values({
      shopId: shop.id,
      name: options.name ?? 'test',
      prefix: secret.slice(0, 12),
      keyHash: await sha256Hex(secret),
      scopes,
      rateLimit: options.rateLimit ?? null,
    })
    .returning({ id: s.merchantKeys.id });
  if (!row) throw new Error('could not create the merchant key');
  return { id: row.id, secret, scopes };
}

/** Calls the merchant API at `path` (below /admin/api/v1), with or without a key. */
export function adminCall(path: string, options: CallOptions = {}): Promise<ApiResponse> {
  return call(`http://storefront.test${ADMIN_BASE}${path}`, options);
}

type Extra = { headers?: Record<string, string> };

/** A client of the merchant API bound to one secret key (sent as Authorization: Bearer). */
export function merchant(secret: string) {
  const send = (method: string, path: string, body: unknown, extra: Extra = {}) =>
    adminCall(path, {
      method,
      ...(body === undefined ? {} : { body }),
      headers: { authorization: `Bearer ${secret}`, ...extra.headers },
    });
  return {
    get: (path: string, extra?: Extra) => send('GET', path, undefined, extra),
    post: (path: string, body: unknown, extra?: Extra) => send('POST', path, body, extra),
    put: (path: string, body: unknown, extra?: Extra) => send('PUT', path, body, extra),
    patch: (path: string, body: unknown, extra?: Extra) => send('PATCH', path, body, extra),
    delete: (path: string, extra?: Extra) => send('DELETE', path, undefined, extra),
  };
}

export type MerchantClient = ReturnType<typeof merchant>;

/** A new key for the shop and a client using it. */
export async function merchantOf(
  shop: { id: string },
  options: Parameters<typeof createMerchantKey>[1] = {},
): Promise<{ key: TestMerchantKey; api: MerchantClient }> {
  const key = await createMerchantKey(shop, options);
  return { key, api: merchant(key.secret) };
}
