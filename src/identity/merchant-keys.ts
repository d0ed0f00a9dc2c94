import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { merchantKeys, shops } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';
import { TtlCache } from '../lib/ttl-cache';
import type { ShopContext } from './contexts';
import { current, type GenerationOf, type Stamped, stamp } from './generation-stamp';
import { knownScopes, type MerchantScope } from './merchant-scopes';
import { shopColumns } from './shops';

/** Live merchant keys start with this; seeded demo keys with `sk_demo_`. */
export const MERCHANT_KEY_LIVE = 'sk_live_';

/** A new merchant secret key: `sk_live_` and 192 random bits (base64url). Shown once. */
export const newMerchantKey = (): string => `${MERCHANT_KEY_LIVE}${randomToken(24)}`;

/** The first characters of a key, stored beside its hash so a human can name it. */
export const merchantKeyPrefix = (key: string): string => key.slice(0, 12);

/** Merchant (secret) keys start with `sk_`, storefront keys with `sf_`. */
export const looksLikeMerchantKey = (value: string): boolean => value.startsWith('sk_');
export const looksLikeStorefrontKey = (value: string): boolean => value.startsWith('sf_');

/** Requests per minute a merchant key may make unless it carries its own limit. */
export const DEFAULT_MERCHANT_RATE_LIMIT = 600;

/** What a valid merchant key resolves to. */
export type MerchantKeyResolution = {
  keyId: string;
  name: string;
  prefix: string;
  scopes: MerchantScope[];
  /** Requests per minute. */
  rateLimit: number;
  shop: ShopContext;
};

/**
 * How long a resolved key is trusted in an isolate before it is looked up again. Within it,
 * a cached key is used only while its shop's key generation is unchanged: revoking a key
 * bumps it, so a revoked key stops working everywhere within the generation's freshness
 * bound (about a second), at once in the isolate that revoked it.
 */
export const MERCHANT_KEY_CACHE_TTL_MS = 30_000;
/** Unknown keys are remembered briefly so a flood of bad keys does not reach Postgres. */
const MISS_TTL_MS = 10_000;
const MAX_KEY_LENGTH = 200;

/** The generation id merchant keys of `shopId` are cached under (bumped when one is revoked). */
export const keyGenerationId = (shopId: string) => `keys:${shopId}`;

const byKeyHash = new TtlCache<Stamped<MerchantKeyResolution | null>>(5_000);

/** What a look-up of an uncached key may need around its database statement. */
export type KeyLookupGuard = {
  /** The key generation of a shop (see keyGenerationId), null when unknown. */
  generationOf?: GenerationOf;
  /** Before the statement: may refuse the look-up (a network guessing keys). */
  beforeLookup?: () => Promise<void>;
  /** After a statement found no live key. */
  afterMiss?: () => Promise<void>;
  /** A key every isolate recognises as valid (see rememberValid), when `beforeLookup` refuses. */
  recallValid?: (keyHash: string) => Promise<Stamped<MerchantKeyResolution> | null>;
  /** After a statement found a live key: share it, stamped, with every isolate. */
  rememberValid?: (keyHash: string, entry: Stamped<MerchantKeyResolution>) => void;
};

/**
 * How long a valid key is shared between isolates. A shared entry is used only while its
 * shop's key generation is unchanged, so revocation stops it as it stops the isolate cache.
 */
export const SHARED_KEY_TTL_SECONDS = 24 * 60 * 60;

/**
 * The look-up's guard: a network refused for guessing keys (`beforeLookup` throws) is still
 * served a key some isolate found valid and whose shop's key generation stands; anything
 * else stays refused, without a statement.
 */
async function guardLookup(
  keyHash: string,
  guard: KeyLookupGuard,
): Promise<Stamped<MerchantKeyResolution> | undefined> {
  try {
    await guard.beforeLookup?.();
    return undefined;
  } catch (refusal) {
    const shared = await guard.recallValid?.(keyHash).catch(() => null);
    const live = await current(shared ?? undefined, (r) => r.shop.id, guard.generationOf);
    if (!live || live.generation === null) throw refusal;
    return live;
  }
}

/**
 * The shop and scopes of a merchant key, or null for an unknown or revoked key. One
 * statement on a cache miss, which also records when the key was last used.
 */
export async function merchantByKey(
  db: Db,
  key: string,
  guard: KeyLookupGuard = {},
): Promise<MerchantKeyResolution | null> {
  if (!looksLikeMerchantKey(key) || key.length > MAX_KEY_LENGTH) return null;
  const keyHash = await sha256Hex(key);
  const shopOf = (r: MerchantKeyResolution | null) => r?.shop.id;
  const cached = await current(byKeyHash.get(keyHash), shopOf, guard.generationOf);
  if (cached) return cached.value;
  const recalled = await guardLookup(keyHash, guard);
  if (recalled) {
    byKeyHash.set(keyHash, recalled, MERCHANT_KEY_CACHE_TTL_MS);
    return recalled.value;
  }
  const [row] = await db
    .update(merchantKeys)
    .set({ lastUsedAt: sql`now()` })
    .from(shops)
    .where(
      and(
        eq(shops.id, merchantKeys.shopId),
        eq(merchantKeys.keyHash, keyHash),
        isNull(merchantKeys.revokedAt),
      ),
    )
    .returning({
      keyId: merchantKeys.id,
      name: merchantKeys.name,
      prefix: merchantKeys.prefix,
      scopes: merchantKeys.scopes,
      rateLimit: merchantKeys.rateLimit,
      shop: shopColumns,
    });
  const resolved: MerchantKeyResolution | null = row
    ? {
        keyId: row.keyId,
        name: row.name,
        prefix: row.prefix,
        scopes: knownScopes(row.scopes),
        rateLimit: row.rateLimit ?? DEFAULT_MERCHANT_RATE_LIMIT,
        shop: row.shop,
      }
    : null;
  const entry = await stamp(resolved, resolved?.shop.id, guard.generationOf);
  byKeyHash.set(keyHash, entry, resolved ? MERCHANT_KEY_CACHE_TTL_MS : MISS_TTL_MS);
  if (!resolved) await guard.afterMiss?.();
  else if (entry.generation !== null) {
    guard.rememberValid?.(keyHash, { value: resolved, generation: entry.generation });
  }
  return resolved;
}
