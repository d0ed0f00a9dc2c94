/**
 * Cached resolutions stamped with a generation (src/adapters/generations.ts): a cached
 * answer is used only while the generation it was resolved at is still current, so a change
 * announced by a bump reaches every isolate within the generation's freshness bound rather
 * than the cache's lifetime.
 */

/**
 * The current generation a shop's cached resolutions depend on, or null when it cannot be
 * read (then nothing cached is used). Shops and storefront keys depend on the shop's
 * resolution generation (`shopResolutionGenerationId`: every change of the shop but the
 * catalogue's alone bumps it, closing the shop included); merchant keys on the shop's key
 * generation.
 */
export type GenerationOf = (shopId: string) => Promise<string | null>;

export type Stamped<V> = { value: V; generation: string | null };

/** The cached value while its shop's generation is unchanged (always, without `generationOf`). */
export async function current<V>(
  entry: Stamped<V> | undefined,
  shopIdOf: (value: V) => string | undefined,
  generationOf: GenerationOf | undefined,
): Promise<Stamped<V> | undefined> {
  if (!entry) return undefined;
  const shopId = shopIdOf(entry.value);
  if (!generationOf || shopId === undefined) return entry;
  const generation = await generationOf(shopId);
  return generation !== null && generation === entry.generation ? entry : undefined;
}

export const stamp = async <V>(
  value: V,
  shopId: string | undefined,
  generationOf: GenerationOf | undefined,
): Promise<Stamped<V>> => ({
  value,
  generation: generationOf && shopId !== undefined ? await generationOf(shopId) : null,
});
