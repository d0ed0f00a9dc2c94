import type { Logger } from '../lib/log';
import type { GenerationStore } from './kv';

/**
 * How long an isolate trusts a generation it read before asking the store again. With the
 * bump sent right after a write commits, a write reaches every isolate's reads within this
 * plus one store round trip (the freshness bound in docs/decisions/platform.md).
 */
export const GENERATION_MEMO_MS = 1_000;

/** What a reader learns: the generation, or that the store could not say (read uncached). */
export type GenerationRead = { generation: string } | { generation: null; error: unknown };

/** Reads generations through a per-isolate memo. */
export interface GenerationReader {
  read(shopId: string): Promise<GenerationRead>;
  /** Forgets what this isolate remembered about `shopId` (its own writes). */
  forget(shopId: string): void;
}

/**
 * Remembers each shop's generation for at most `memoMs`, one store call per shop at a time.
 * A failure is remembered for as long, so while the store is down requests do not each wait
 * for its timeout: they read from Postgres, uncached, until the store answers again.
 */
export function memoizedGenerations(
  store: GenerationStore,
  memoMs = GENERATION_MEMO_MS,
  now: () => number = Date.now,
): GenerationReader {
  const memo = new Map<string, { read: Promise<GenerationRead>; at: number }>();
  return {
    read(shopId) {
      const entry = memo.get(shopId);
      if (entry && now() - entry.at < memoMs) return entry.read;
      const at = now();
      const read = store.current(shopId).then(
        (generation): GenerationRead => ({ generation }),
        (error: unknown): GenerationRead => ({ generation: null, error }),
      );
      memo.set(shopId, { read, at });
      if (memo.size > 10_000) memo.delete(memo.keys().next().value as string);
      return read;
    },
    forget(shopId) {
      memo.delete(shopId);
    },
  };
}

export type ShopChangeDeps = {
  generations: GenerationStore;
  generationReader: GenerationReader;
  log: Logger;
  defer(work: Promise<unknown>): void;
};

const RETRY_DELAYS_MS = [200, 1_000, 3_000];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The generation each isolate's cached resolution of `shopId` (its row, storefront keys and
 * domains: src/identity/shops.ts) is stamped with. Apart from the shop's own generation, so
 * that what moves the catalogue (every order of a sale, a product published before it) leaves
 * every isolate's resolution of the shop standing; bumped by `shopResolutionChanged`.
 */
export const shopResolutionGenerationId = (shopId: string) => `shop:${shopId}`;

/**
 * Announces that something a public storefront read shows has changed in `shopId`: moves the
 * shop to a new generation, so no isolate serves an answer cached before the change. Call it
 * after the change has committed (a reader that sees the new generation must find the new
 * data in Postgres). Every write path calls this one function: merchant writes, order
 * placement, payment webhooks, reviews, shop status, background jobs. A change of the shop
 * itself (its row, storefront keys, domains) also calls `shopResolutionChanged`.
 *
 * When the store refuses, the bump is retried after the response; the failure is logged.
 */
export const shopChanged = (deps: ShopChangeDeps, shopId: string): Promise<void> =>
  bumpGeneration(deps, shopId);

/**
 * Announces a committed change of what a cached resolution of the shop holds (its name,
 * currency, status, newsletter cap; a storefront key or domain): every isolate looks the
 * shop up again within the generation's freshness bound.
 */
export const shopResolutionChanged = (deps: ShopChangeDeps, shopId: string): Promise<void> =>
  bumpGeneration(deps, shopResolutionGenerationId(shopId));

/**
 * Moves generation `id` on (a shop's own, or another set of a shop's cached resolutions, such
 * as its merchant keys'), after the change committed; retried after the response if the
 * store refuses.
 */
export async function bumpGeneration(deps: ShopChangeDeps, id: string): Promise<void> {
  deps.generationReader.forget(id);
  try {
    await deps.generations.bump(id);
    return;
  } catch (error) {
    deps.log.error('generation bump failed; retrying', { error, generation: id });
  }
  deps.defer(
    (async () => {
      for (const delay of RETRY_DELAYS_MS) {
        await pause(delay);
        try {
          await deps.generations.bump(id);
          deps.generationReader.forget(id);
          return;
        } catch {
          // try again after the next delay
        }
      }
      throw new Error(`generation ${id} could not be bumped`);
    })(),
  );
}
