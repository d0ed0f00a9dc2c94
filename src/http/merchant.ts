import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { RateRule } from '../adapters/kv';
import type { AppEnv, MerchantContext } from '../app-env';
import { ApiError } from '../errors';
import {
  keyGenerationId,
  looksLikeMerchantKey,
  looksLikeStorefrontKey,
  merchantByKey,
  SHARED_KEY_TTL_SECONDS,
} from '../identity/merchant-keys';
import { grants, type MerchantScope } from '../identity/merchant-scopes';
import { roleScopes } from '../identity/staff-roles';
import { clientNetwork, enforceLimits, limitPerMerchantKey } from './rate-limit';
import { guarded, type SecurityRequirement } from './route';
import { hasSessionCookie, liveSession, SESSION_ERRORS } from './staff-session';

/**
 * The merchant key a request presents as `Authorization: Bearer sk_…`. A storefront key,
 * in that header or in `x-api-key`, is refused with its own code so the mistake is plain.
 * With no credential at all, a browser (it sends `Sec-Fetch-Site`) is told to sign in.
 */
function presentedKey(headers: Headers): string {
  const authorization = headers.get('authorization')?.trim();
  if (!authorization) {
    const apiKey = headers.get('x-api-key')?.trim() ?? '';
    if (looksLikeStorefrontKey(apiKey)) throw new ApiError('STOREFRONT_KEY_NOT_ALLOWED');
    if (headers.has('sec-fetch-site') || headers.has('cookie')) {
      throw new ApiError('STAFF_SESSION_MISSING');
    }
    throw new ApiError('MERCHANT_KEY_MISSING');
  }
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (!match?.[1]) throw new ApiError('MERCHANT_KEY_INVALID');
  if (looksLikeStorefrontKey(match[1])) throw new ApiError('STOREFRONT_KEY_NOT_ALLOWED');
  if (!looksLikeMerchantKey(match[1])) throw new ApiError('MERCHANT_KEY_INVALID');
  return match[1];
}

/** Requests per minute a staff member may make in one shop. */
export const STAFF_RATE_LIMIT = 600;

/**
 * Look-ups of keys that turn out unknown or revoked, per client network: beyond this the
 * network's look-ups are refused before they reach Postgres. Valid keys never count, and a
 * key some isolate found valid is still served to a refused network from the shared positive
 * cache (no statement), while its shop's key generation stands. Like the
 * sign-in limits it guards a secret, so it fails closed: while the limiter cannot answer,
 * keys not already known to the isolate are refused (503).
 */
export const KEY_MISS_RATE: RateRule = {
  name: 'merchant-key-misses',
  limit: 30,
  windowSeconds: 600,
};

/** Where the shared positive cache holds a valid key, by the key's hash. */
const sharedKeyId = (keyHash: string) => `merchant-key:${keyHash}`;

/**
 * The merchant credential of a key request: one statement on a cache miss, as ever; a cached
 * key is used while its shop's key generation stands (revocation reaches every isolate).
 */
async function keyCredential(c: Context<AppEnv>) {
  const headers = c.req.raw.headers;
  const key = presentedKey(headers);
  const services = c.get('services');
  const misses = [{ rule: KEY_MISS_RATE, key: `merchant-keys:${clientNetwork(headers)}` }];
  const refusal = { code: 'MERCHANT_KEY_ATTEMPTS_LIMITED' } as const;
  const found = await merchantByKey(services.database.db, key, {
    generationOf: async (shopId) =>
      (await services.generationReader.read(keyGenerationId(shopId))).generation,
    beforeLookup: () => enforceLimits(services, misses, refusal, 'refuse', { count: false }),
    afterMiss: () => enforceLimits(services, misses, refusal, 'allow'),
    recallValid: (keyHash) => services.memo.get(sharedKeyId(keyHash)),
    rememberValid: (keyHash, entry) =>
      services.defer(services.memo.set(sharedKeyId(keyHash), entry, SHARED_KEY_TTL_SECONDS)),
  });
  if (!found) throw new ApiError('MERCHANT_KEY_INVALID');
  const { shop, name, prefix, keyId, scopes, rateLimit } = found;
  const merchant: MerchantContext = {
    keyId,
    scopes,
    rateLimit,
    rateKey: keyId,
    actor: { type: 'key', id: keyId, name, prefix },
  };
  return { shop, merchant };
}

/**
 * The merchant credential of a session request (one statement, read live): the member's
 * role in the picked shop gives the scopes, the owner every scope.
 */
async function sessionCredential(c: Context<AppEnv>) {
  const session = await liveSession(c);
  if (!session.shopId) throw new ApiError('SHOP_NOT_SELECTED');
  const { shop, role, memberId } = session;
  if (!shop || !role || !memberId || session.memberStatus !== 'active') {
    throw new ApiError('STAFF_SESSION_INVALID');
  }
  const { handle: _handle, ...shopContext } = shop;
  const merchant: MerchantContext = {
    keyId: null,
    scopes: roleScopes(role),
    rateLimit: STAFF_RATE_LIMIT,
    rateKey: `staff:${memberId}`,
    actor: { type: 'staff', id: memberId, email: session.email, name: session.name },
  };
  return { shop: shopContext, merchant };
}

/**
 * Resolves the request's credential, a merchant key (`Authorization`) or else a staff
 * session cookie, into its shop (`c.get('shop')`) and what it may do (`c.get('merchant')`).
 * A shop in any status can be managed: merchants set a shop up before opening it.
 */
const authenticateMerchant = guarded(
  createMiddleware<AppEnv>(async (c, next) => {
    const headers = c.req.raw.headers;
    const services = c.get('services');
    const { shop, merchant } =
      !headers.has('authorization') && hasSessionCookie(headers)
        ? await sessionCredential(c)
        : await keyCredential(c);
    c.set('shopRoundTrips', services.database.roundTrips.count);
    c.set('shop', shop);
    c.set('merchant', merchant);
    c.set('services', {
      ...services,
      log: services.log.with({
        shopId: shop.id,
        ...(merchant.keyId
          ? { merchantKeyId: merchant.keyId }
          : { staffMemberId: merchant.actor.id }),
      }),
    });
    await next();
  }),
  {
    raises: [
      'MERCHANT_KEY_MISSING',
      'MERCHANT_KEY_INVALID',
      'MERCHANT_KEY_ATTEMPTS_LIMITED',
      'STOREFRONT_KEY_NOT_ALLOWED',
      ...SESSION_ERRORS,
      'SHOP_NOT_SELECTED',
    ],
  },
);

/** The security requirement of a merchant route: a key or a session holding `scope`. */
export const merchantSecurity = (scope: MerchantScope | null): SecurityRequirement[] => {
  const scopes: string[] = scope ? [scope] : [];
  return [{ MerchantKey: scopes }, { StaffSession: scopes }];
};

/**
 * 403 MERCHANT_SCOPE_MISSING unless the credential holds `scope`: what a route's declared
 * scope checks, and what a write checks when its scope depends on the data it finds
 * (cancelling a paid order needs `orders:refund`).
 */
export function assertScope(merchant: MerchantContext, scope: MerchantScope): void {
  if (grants(merchant.scopes, scope)) return;
  const who = merchant.keyId ? 'a merchant key' : 'a staff role';
  throw new ApiError('MERCHANT_SCOPE_MISSING', {
    message: `This call needs ${who} with the ${scope} scope.`,
  });
}

/**
 * The scope a route needs (none: any credential of the shop, e.g. GET /me); its security
 * requirement names it, so the document does too.
 */
const requireScope = (scope: MerchantScope | null) =>
  guarded(
    createMiddleware<AppEnv>(async (c, next) => {
      if (scope) assertScope(c.get('merchant'), scope);
      await next();
    }),
    { raises: scope ? ['MERCHANT_SCOPE_MISSING'] : [], security: merchantSecurity(scope) },
  );

/**
 * The middleware of a merchant API route, in order: the key or session (401; a session's
 * CSRF check 403), the credential's rate limit (429, refused calls count too), then the
 * scope the route needs (403).
 */
export const requireMerchant = (scope: MerchantScope | null) =>
  [authenticateMerchant, limitPerMerchantKey('MERCHANT_RATE_LIMITED'), requireScope(scope)] as [
    typeof authenticateMerchant,
    ReturnType<typeof limitPerMerchantKey>,
    ReturnType<typeof requireScope>,
  ];
