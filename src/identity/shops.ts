import { and, eq, isNull, sql } from 'drizzle-orm';
import { type ShopChangeDeps, shopResolutionChanged } from '../adapters/generations';
import { DB_STATEMENT_TIMEOUT_MS, type Db, databaseAnsweredWithin } from '../db/client';
import { apiKeys, shopDomains, shops } from '../db/schema';
import { sha256Hex } from '../lib/crypto';
import { SingleFlight } from '../lib/single-flight';
import { TtlCache } from '../lib/ttl-cache';
import type { ShopContext } from './contexts';
import { current, type GenerationOf, type Stamped, stamp } from './generation-stamp';

/** The columns a ShopContext is built from (also read when a merchant key resolves its shop). */
export const shopColumns = {
  id: shops.id,
  name: shops.name,
  status: shops.status,
  currency: shops.currency,
  currencyDigits: shops.currencyDigits,
  refundWindowDays: shops.refundWindowDays,
  couponsEnabled: shops.couponsEnabled,
  newsletterCap: shops.newsletterCap,
};

/** How long a resolved key or hostname is trusted before it is looked up again. */
export const SHOP_CACHE_TTL_MS = 60_000;
/** Unknown keys are remembered briefly so a flood of bad keys does not reach Postgres. */
const MISS_TTL_MS = 10_000;
/**
 * The cache answers only while Postgres answered this isolate within this time and has not
 * failed since; otherwise the shop is looked up again. So health (which sends no statement
 * of its own) turns 503 at the first failed statement, and at most this long after the last
 * successful one, instead of answering 200 from the cache while the shop's data is out of reach.
 */
export const SHOP_CACHE_TRUST_MS = 5_000;

/** Whether what this isolate cached about shops may answer now (see SHOP_CACHE_TRUST_MS). */
export const shopCacheTrusted = (now = Date.now()) =>
  databaseAnsweredWithin(SHOP_CACHE_TRUST_MS, now);

/** A cached resolution, unless the database has not answered lately (see SHOP_CACHE_TRUST_MS). */
const trusted = <V>(cache: TtlCache<V>, key: string): V | undefined =>
  shopCacheTrusted() ? cache.get(key) : undefined;

const byKeyHash = new TtlCache<Stamped<ShopContext | null>>(5_000);
const byHostname = new TtlCache<Stamped<HostResolution>>(5_000);
/**
 * Look-ups in flight: the buyers of a sale who arrive together while their shop is not cached
 * (its first request, or right after a change of the shop) share one statement instead of
 * each sending the same one. Each waits at most the statement's own bound.
 */
const keyLookups = new SingleFlight<ShopContext | null>(DB_STATEMENT_TIMEOUT_MS);
const hostLookups = new SingleFlight<HostResolution>(DB_STATEMENT_TIMEOUT_MS);

/** Forgets every cached resolution of this isolate. */
function clearShopCache() {
  byKeyHash.clear();
  byHostname.clear();
}

/**
 * After a committed change of what a resolution holds (the shop's name, currency, status or
 * newsletter cap, a storefront key or domain): this isolate forgets its resolutions at once,
 * every other isolate within the generation's freshness bound (shopResolutionChanged).
 */
export async function forgetShop(deps: ShopChangeDeps, shopId: string): Promise<void> {
  clearShopCache();
  await shopResolutionChanged(deps, shopId);
}

/** The shop owning a storefront key, or null. Keys are looked up by their SHA-256. */
export async function shopByApiKey(
  db: Db,
  apiKey: string,
  generationOf?: GenerationOf,
): Promise<ShopContext | null> {
  const keyHash = await sha256Hex(apiKey);
  const cached = await current(trusted(byKeyHash, keyHash), (s) => s?.id, generationOf);
  if (cached) return cached.value;
  return keyLookups.run(keyHash, async () => {
    const [row] = await db
      .select(shopColumns)
      .from(apiKeys)
      .innerJoin(shops, eq(shops.id, apiKeys.shopId))
      .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
      .limit(1);
    const entry = await stamp(row ?? null, row?.id, generationOf);
    byKeyHash.set(keyHash, entry, row ? SHOP_CACHE_TTL_MS : MISS_TTL_MS);
    return entry.value;
  });
}

export type HostResolution =
  | { kind: 'found'; shop: ShopContext }
  | { kind: 'unknown-domain' }
  | { kind: 'unknown-shop' };

const shopOfResolution = (r: HostResolution) => (r.kind === 'found' ? r.shop.id : undefined);

/**
 * Resolves a storefront hostname: `<handle>.<suffix>` names a shop by its handle,
 * any other hostname must be one of a shop's domains.
 */
export async function shopByHostname(
  db: Db,
  hostname: string,
  platformSuffix: string | undefined,
  generationOf?: GenerationOf,
): Promise<HostResolution> {
  const host = hostname.toLowerCase();
  const cached = await current(trusted(byHostname, host), shopOfResolution, generationOf);
  if (cached) return cached.value;
  return hostLookups.run(host, () => lookUpHost(db, host, platformSuffix, generationOf));
}

async function lookUpHost(
  db: Db,
  host: string,
  platformSuffix: string | undefined,
  generationOf?: GenerationOf,
): Promise<HostResolution> {
  const suffix = platformSuffix ? `.${platformSuffix.toLowerCase()}` : undefined;
  let resolution: HostResolution;
  if (suffix && host.endsWith(suffix) && host.length > suffix.length) {
    const handle = host.slice(0, -suffix.length);
    const [row] = await db.select(shopColumns).from(shops).where(eq(shops.handle, handle)).limit(1);
    resolution = row ? { kind: 'found', shop: row } : { kind: 'unknown-shop' };
  } else {
    const [row] = await db
      .select(shopColumns)
      .from(shopDomains)
      .innerJoin(shops, eq(shops.id, shopDomains.shopId))
      .where(sql`lower(${shopDomains.hostname}) = ${host}`)
      .limit(1);
    resolution = row ? { kind: 'found', shop: row } : { kind: 'unknown-domain' };
  }
  const entry = await stamp(resolution, shopOfResolution(resolution), generationOf);
  byHostname.set(host, entry, resolution.kind === 'found' ? SHOP_CACHE_TTL_MS : MISS_TTL_MS);
  return resolution;
}
