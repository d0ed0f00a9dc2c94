import { ApiError, type ErrorDetail } from '../../errors/index';

/*
 * A product's tags: the merchant's own labels (Shopify's Tags), listed, filtered and searched
 * on the merchant side and never shown by the storefront. One rule for the API and the CSV
 * import: each tag trimmed, 1 to 255 characters, without a comma (the CSV joins tags with
 * commas), the first spelling of a tag kept when it repeats in any case, at most 250 a product
 * (Shopify's own limits).
 */

/** The longest tag, in characters. */
export const MAX_TAG_LENGTH = 255;
/** The most tags a product carries. */
export const MAX_TAGS = 250;

/** The tags as stored: trimmed and unique in any case, in the order given; refused with a code otherwise. */
export function normaliseTags(given: readonly string[], field = 'tags'): string[] {
  const details: ErrorDetail[] = [];
  const seen = new Set<string>();
  const tags: string[] = [];
  given.forEach((raw, i) => {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (tag.length === 0 || tag.length > MAX_TAG_LENGTH || tag.includes(',')) {
      details.push({
        field: `${field}.${i}`,
        message: `A tag has 1 to ${MAX_TAG_LENGTH} characters and no comma.`,
      });
      return;
    }
    const key = tag.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    tags.push(tag);
  });
  if (details.length > 0) throw new ApiError('PRODUCT_TAG_INVALID', { details });
  if (tags.length > MAX_TAGS) {
    throw new ApiError('PRODUCT_TAGS_TOO_MANY', {
      details: [{ field, message: `At most ${MAX_TAGS} tags; ${tags.length} given.` }],
    });
  }
  return tags;
}

/** Tags as a Shopify CSV writes them: one cell, separated by commas. */
export const tagsOfCell = (cell: string): string[] =>
  cell
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The cell a Shopify CSV holds a product's tags in. */
export const cellOfTags = (tags: readonly string[]): string => tags.join(', ');
