import { createMiddleware } from 'hono/factory';
import { shopResolutionGenerationId } from '../adapters/generations';
import type { AppEnv, ShopContext } from '../app-env';
import { ApiError } from '../errors';
import { looksLikeMerchantKey } from '../identity/merchant-keys';
import { shopByApiKey, shopByHostname } from '../identity/shops';
import { guarded } from './route';

const servable = (shop: ShopContext) => {
  if (shop.status !== 'active') throw new ApiError('SHOP_UNDER_DEVELOPMENT');
  return shop;
};

/** The request's storefront hostname: the proxy's forwarded host, else the Origin, else Host. */
export function requestHostname(headers: Headers): string | null {
  const candidates = [
    headers.get('x-forwarded-host')?.split(',')[0],
    headers.get('origin'),
    headers.get('host'),
  ];
  for (const raw of candidates) {
    const value = raw?.trim();
    if (!value || value === 'null') continue;
    try {
      const hostname = new URL(value.includes('://') ? value : `http://${value}`).hostname;
      if (hostname) return hostname;
    } catch {
      // not a host; try the next header
    }
  }
  return null;
}

const withShop = (resolveByHost: boolean) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { database, config, generationReader } = c.get('services');
    // Stamped with the shop's resolution generation, which orders and catalogue writes leave
    // alone (shopResolutionGenerationId).
    const generationOf = async (shopId: string) =>
      (await generationReader.read(shopResolutionGenerationId(shopId))).generation;
    const apiKey = c.req.header('x-api-key')?.trim();
    let shop: ShopContext;
    if (apiKey) {
      // A secret key never resolves a shop here: storefront keys live in another table.
      if (looksLikeMerchantKey(apiKey)) throw new ApiError('MERCHANT_KEY_NOT_ALLOWED');
      const found = await shopByApiKey(database.db, apiKey, generationOf);
      if (!found) throw new ApiError('API_KEY_INVALID');
      shop = found;
    } else if (resolveByHost) {
      const hostname = requestHostname(c.req.raw.headers);
      if (!hostname) throw new ApiError('HOSTNAME_NOT_DETERMINED');
      const resolution = await shopByHostname(
        database.db,
        hostname,
        config.SHOP_DOMAIN_SUFFIX,
        generationOf,
      );
      if (resolution.kind === 'unknown-domain') throw new ApiError('DOMAIN_NOT_IDENTIFIED');
      if (resolution.kind === 'unknown-shop') throw new ApiError('SHOP_ID_NOT_FOUND');
      shop = resolution.shop;
    } else {
      throw new ApiError('API_KEY_MISSING');
    }
    c.set('shopRoundTrips', database.roundTrips.count);
    c.set('shop', servable(shop));
    const services = c.get('services');
    c.set('services', { ...services, log: services.log.with({ shopId: shop.id }) });
    await next();
  });

/** Resolves the shop from the `x-api-key` header (401 without a valid key). */
export const requireShop = guarded(withShop(false), {
  raises: [
    'API_KEY_MISSING',
    'API_KEY_INVALID',
    'MERCHANT_KEY_NOT_ALLOWED',
    'SHOP_UNDER_DEVELOPMENT',
  ],
  security: [{ ApiKey: [] }],
  vary: ['x-api-key'],
});

/** Resolves the shop from `x-api-key` or, without one, from the request's hostname. */
export const requireShopByKeyOrHost = guarded(withShop(true), {
  raises: [
    'API_KEY_INVALID',
    'MERCHANT_KEY_NOT_ALLOWED',
    'SHOP_UNDER_DEVELOPMENT',
    'HOSTNAME_NOT_DETERMINED',
    'DOMAIN_NOT_IDENTIFIED',
    'SHOP_ID_NOT_FOUND',
  ],
  security: [{ ApiKey: [] }, {}],
  // Without a key the shop is the one of the storefront host the request names.
  vary: ['x-api-key', 'x-forwarded-host', 'origin', 'host'],
});
