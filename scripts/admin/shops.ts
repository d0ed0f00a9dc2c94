import { randomBytes } from 'node:crypto';
import { and, eq, isNull, like } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { shopResolutionGenerationId } from '../../src/adapters/generations';
import { createUpstashGenerations, createUpstashRedis } from '../../src/adapters/kv-upstash';
import * as s from '../../src/db/schema';
import { hashApiKey, keyPrefix } from '../seed/keys';

type AdminDb = NodePgDatabase<typeof s>;
type ShopStatus = (typeof s.shopStatus.enumValues)[number];

/** A shop handle doubles as a DNS label (`<handle>.<SHOP_DOMAIN_SUFFIX>`). */
const HANDLE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export type NewShop = {
  name: string;
  handle: string;
  domain?: string | undefined;
  currency?: string | undefined;
  currencyDigits?: number | undefined;
  status?: ShopStatus | undefined;
};

/** A new storefront key: 192 random bits. Only its SHA-256 is stored; it is shown once. */
export const newApiKey = () => `sf_live_${randomBytes(24).toString('base64url')}`;

async function withDb<T>(url: string, work: (db: AdminDb) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(drizzle(client, { schema: s }));
  } finally {
    await client.end();
  }
}

async function shopIdOf(db: AdminDb, handle: string): Promise<string> {
  const [shop] = await db
    .select({ id: s.shops.id })
    .from(s.shops)
    .where(eq(s.shops.handle, handle));
  if (!shop) throw new Error(`no shop with handle '${handle}'`);
  return shop.id;
}

/** Creates a shop with its settings, an optional primary domain and a first storefront key. */
export async function createShop(url: string, input: NewShop) {
  if (!HANDLE.test(input.handle))
    throw new Error(`'${input.handle}' is not a valid handle (a-z, 0-9, -)`);
  const domain = input.domain?.toLowerCase();
  if (domain !== undefined && !HOSTNAME.test(domain))
    throw new Error(`'${input.domain}' is not a hostname`);
  const apiKey = newApiKey();
  const shop = await withDb(url, (db) =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(s.shops)
        .values({
          name: input.name,
          handle: input.handle,
          currency: (input.currency ?? 'EUR').toUpperCase(),
          currencyDigits: input.currencyDigits ?? 2,
          status: input.status ?? 'development',
        })
        .returning({
          id: s.shops.id,
          handle: s.shops.handle,
          name: s.shops.name,
          status: s.shops.status,
        });
      if (!row) throw new Error('the shop was not created');
      await tx.insert(s.shopSettings).values({ shopId: row.id, document: {} });
      await tx
        .insert(s.apiKeys)
        .values({ shopId: row.id, keyHash: hashApiKey(apiKey), prefix: keyPrefix(apiKey) });
      if (domain)
        await tx
          .insert(s.shopDomains)
          .values({ shopId: row.id, hostname: domain, isPrimary: true });
      return row;
    }),
  );
  return { shop, apiKey };
}

/** Issues another storefront key for a shop (rotation: issue, deploy the theme, then revoke). */
export async function issueApiKey(url: string, handle: string, name = 'storefront') {
  const apiKey = newApiKey();
  await withDb(url, async (db) => {
    const shopId = await shopIdOf(db, handle);
    await db
      .insert(s.apiKeys)
      .values({ shopId, keyHash: hashApiKey(apiKey), prefix: keyPrefix(apiKey), name });
  });
  return { apiKey, prefix: keyPrefix(apiKey) };
}

/** Revokes a shop's keys starting with `prefix`; returns how many were revoked. */
export async function revokeApiKeys(url: string, handle: string, prefix: string) {
  if (prefix.length < 8) throw new Error('give at least the 8 first characters of the key');
  const { shopId, count } = await withDb(url, async (db) => {
    const shopId = await shopIdOf(db, handle);
    const revoked = await db
      .update(s.apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(s.apiKeys.shopId, shopId),
          like(s.apiKeys.prefix, `${prefix.slice(0, 12)}%`),
          isNull(s.apiKeys.revokedAt),
        ),
      )
      .returning({ id: s.apiKeys.id });
    return { shopId, count: revoked.length };
  });
  // Resolutions of the revoked key cached by isolates are stamped with the old generation.
  if (count > 0) await announceShopChange(shopId);
  return count;
}

/**
 * Moves the shop and its resolution to new generations in the deployment's Redis
 * (UPSTASH_REDIS_REST_URL and _TOKEN in the environment), as the worker's own writes do
 * (shopChanged), so every isolate drops its cached answers and its cached shop within the
 * freshness bound. False when no Redis is configured (isolates then see the change within
 * the shop cache's 60 s).
 */
export const announceShopChange = async (shopId: string): Promise<boolean> => {
  const [announced] = await Promise.all([
    announceGeneration(shopId),
    announceGeneration(shopResolutionGenerationId(shopId)),
  ]);
  return announced;
};

/** Moves generation `id` (a shop's, or its keys': keyGenerationId) on in the deployment's Redis. */
export async function announceGeneration(id: string): Promise<boolean> {
  const url = process.env.UPSTASH_REDIS_REST_URL;
  const token = process.env.UPSTASH_REDIS_REST_TOKEN;
  if (!url || !token) return false;
  await createUpstashGenerations(createUpstashRedis(url, token)).bump(id);
  return true;
}

/** Opens a shop to customers (`active`) or closes it (`development`, `maintenance`, `suspended`). */
export async function setShopStatus(url: string, handle: string, status: ShopStatus) {
  const shopId = await withDb(url, async (db) => {
    const id = await shopIdOf(db, handle);
    await db.update(s.shops).set({ status, updatedAt: new Date() }).where(eq(s.shops.id, id));
    return id;
  });
  return { announced: await announceShopChange(shopId) };
}
