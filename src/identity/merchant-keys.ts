import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ShopContext } from '../app-env';
import type { Db } from '../db/client';
import { merchantKeys, shops } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/crypto';
import { TtlCache } from '../lib/ttl-cache';
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
 * How long a resolved key is trusted in an isolate before it is looked up again: a key
 * revoked elsewhere stops working within this bound (at once in the isolate that revoked it).
 */
export const MERCHANT_KEY_CACHE_TTL_MS = 30_000;
/** Unknown keys are remembered briefly so a flood of bad keys does not reach Postgres. */
const MISS_TTL_MS = 10_000;
const MAX_KEY_LENGTH = 200;

const byKeyHash = new TtlCache<MerchantKeyResolution | null>(5_000);

/** Forgets every cached key (after a key is revoked in this isolate). */
export function forgetMerchantKeys(): void {
  byKeyHash.clear();
}

/**
 * The shop and scopes of a merchant key, or null for an unknown or revoked key. One
 * statement on a cache miss, which also records when the key was last used.
 */
export async function merchantByKey(db: Db, key: string): Promise<MerchantKeyResolution | null> {
  if (!looksLikeMerchantKey(key) || key.length > MAX_KEY_LENGTH) return null;
  const keyHash = await sha256Hex(key);
  const cached = byKeyHash.get(keyHash);
  if (cached !== undefined) return cached;
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
  byKeyHash.set(keyHash, resolved, resolved ? MERCHANT_KEY_CACHE_TTL_MS : MISS_TTL_MS);
  return resolved;
}
