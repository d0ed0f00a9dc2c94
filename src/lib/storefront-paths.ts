/*
 * The storefront's own paths of the pages the API links to (the contract's page table):
 * settings footers, page metadata and the sitemap all link with these, and POST /config
 * matches a URL against the same first segments.
 */

/** The first path segment of each kind of page the API links to. */
export const PAGE_SEGMENT = {
  product: 'product',
  collection: 'collections',
  support: 'support',
  search: 'search',
} as const;

/** A product page, by slug (canonical). */
export const productPath = (slug: string): string =>
  `/${PAGE_SEGMENT.product}/${encodeURIComponent(slug)}`;
/** A category page, by slug (canonical). */
export const collectionPath = (slug: string): string =>
  `/${PAGE_SEGMENT.collection}/${encodeURIComponent(slug)}`;
/** A policy page, by policy type. */
export const supportPath = (type: string): string =>
  `/${PAGE_SEGMENT.support}/${encodeURIComponent(type)}`;
