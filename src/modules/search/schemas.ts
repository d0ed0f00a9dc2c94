import { z } from '@hono/zod-openapi';
import { ImageSchema, orNull, pageQuery, shapeA } from '../../http/schemas';
import { ProductListItemSchema } from '../products/schemas';

/** Longest search term accepted; longer terms are INVALID_SEARCH_QUERY. */
export const SEARCH_TERM_MAX = 100;

export const SearchQuery = pageQuery(20, 50).extend({
  term: z
    .string()
    .trim()
    .min(1)
    .max(SEARCH_TERM_MAX)
    .openapi({
      param: { name: 'term', in: 'query' },
      description: `Required; 1 to ${SEARCH_TERM_MAX} characters once trimmed`,
      example: 'linen',
    }),
});

export const SearchCategoryItemSchema = z
  .object({ _id: z.string(), name: z.string(), featured: z.boolean(), slug: z.string() })
  .openapi('SearchCategoryItem');

// Built from the shapes rather than with `.extend`, so the document shows whole objects
// instead of an `allOf` whose parts would disagree about `size`.

/** Search results show an image's size as a number of bytes; every other response, a string. */
export const SearchImageSchema = z
  .object({
    ...ImageSchema.shape,
    size: z.number().int().openapi({ description: 'Size in bytes, as a number' }),
  })
  .openapi('SearchImage');

/** A product list item whose images are search images. */
export const SearchProductItemSchema = z
  .object({
    ...ProductListItemSchema.shape,
    primaryImage: orNull(SearchImageSchema),
    secondaryImage: orNull(SearchImageSchema),
  })
  .openapi('SearchProductItem');

export const SearchResultSchema = z
  .object({
    products: shapeA(SearchProductItemSchema),
    categories: shapeA(SearchCategoryItemSchema),
  })
  .openapi('SearchResult');

export type SearchCategoryItem = z.infer<typeof SearchCategoryItemSchema>;
export type SearchProductItem = z.infer<typeof SearchProductItemSchema>;
