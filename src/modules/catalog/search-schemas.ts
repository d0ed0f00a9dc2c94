import { z } from '@hono/zod-openapi';
import { pageQuery, shapeA } from '../../http/schemas';
import { ProductListItemSchema } from './products-schemas';

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

export const SearchResultSchema = z
  .object({
    products: shapeA(ProductListItemSchema),
    categories: shapeA(SearchCategoryItemSchema),
  })
  .openapi('SearchResult');

export type SearchCategoryItem = z.infer<typeof SearchCategoryItemSchema>;
