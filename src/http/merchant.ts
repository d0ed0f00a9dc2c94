import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../app-env';
import { ApiError } from '../errors';
import {
  looksLikeMerchantKey,
  looksLikeStorefrontKey,
  merchantByKey,
} from '../identity/merchant-keys';
import { grants, type MerchantScope } from '../identity/merchant-scopes';
import { limitPerMerchantKey } from './rate-limit';
import { guarded } from './route';

/**
 * The merchant key a request presents as `Authorization: Bearer sk_…`. A storefront key,
 * in that header or in `x-api-key`, is refused with its own code so the mistake is plain.
 */
function presentedKey(headers: Headers): string {
  const authorization = headers.get('authorization')?.trim();
  if (!authorization) {
    const apiKey = headers.get('x-api-key')?.trim() ?? '';
    if (looksLikeStorefrontKey(apiKey)) throw new ApiError('STOREFRONT_KEY_NOT_ALLOWED');
    throw new ApiError('MERCHANT_KEY_MISSING');
  }
  const match = /^Bearer\s+(\S+)$/i.exec(authorization);
  if (!match?.[1]) throw new ApiError('MERCHANT_KEY_INVALID');
  if (looksLikeStorefrontKey(match[1])) throw new ApiError('STOREFRONT_KEY_NOT_ALLOWED');
  if (!looksLikeMerchantKey(match[1])) throw new ApiError('MERCHANT_KEY_INVALID');
  return match[1];
}

/**
 * Resolves the merchant key and its shop (`c.get('merchant')`, `c.get('shop')`). A shop in
 * any status can be managed: merchants set a shop up before opening it.
 */
const authenticateMerchant = guarded(
  createMiddleware<AppEnv>(async (c, next) => {
    const key = presentedKey(c.req.raw.headers);
    const services = c.get('services');
    const found = await merchantByKey(services.database.db, key);
    if (!found) throw new ApiError('MERCHANT_KEY_INVALID');
    const { shop, ...merchant } = found;
    c.set('shopRoundTrips', services.database.roundTrips.count);
    c.set('shop', shop);
    c.set('merchant', merchant);
    c.set('services', {
      ...services,
      log: services.log.with({ shopId: shop.id, merchantKeyId: merchant.keyId }),
    });
    await next();
  }),
  {
    raises: ['MERCHANT_KEY_MISSING', 'MERCHANT_KEY_INVALID', 'STOREFRONT_KEY_NOT_ALLOWED'],
    security: [{ MerchantKey: [] }],
  },
);

/** The scope a route needs; its security requirement names it, so the document does too. */
const requireScope = (scope: MerchantScope) =>
  guarded(
    createMiddleware<AppEnv>(async (c, next) => {
      if (!grants(c.get('merchant').scopes, scope)) {
        throw new ApiError('MERCHANT_SCOPE_MISSING', {
          message: `This call needs a merchant key with the ${scope} scope.`,
        });
      }
      await next();
    }),
    { raises: ['MERCHANT_SCOPE_MISSING'], security: [{ MerchantKey: [scope] }] },
  );

/**
 * The middleware of a merchant API route, in order: the key (401), the key's rate limit
 * (429, refused calls count too), then the scope the route needs (403).
 */
export const requireMerchant = (scope: MerchantScope) =>
  [authenticateMerchant, limitPerMerchantKey('MERCHANT_RATE_LIMITED'), requireScope(scope)] as [
    typeof authenticateMerchant,
    ReturnType<typeof limitPerMerchantKey>,
    ReturnType<typeof requireScope>,
  ];
