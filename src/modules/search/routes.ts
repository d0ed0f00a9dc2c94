import { SEARCH } from '../../http/http-cache';
import { jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import { SearchQuery, SearchResultSchema } from './schemas';
import { search } from './service';

const searchRoute = defineRoute({
  method: 'get',
  path: '/',
  tags: ['search'],
  operationId: 'search',
  cache: SEARCH,
  summary: 'Products and categories matching a term, most relevant first',
  description:
    'Products by title, SKU, category names and description; categories by name. Accent- and case-insensitive; the last word also matches as a prefix (autocomplete); one typo is tolerated in words of 5+ letters, two in words of 9+. Ranked by matched words, typos, proximity, field and exactness, then newest first.',
  middleware: [requireShop] as const,
  request: { query: SearchQuery },
  fieldCodes: [['term', 'INVALID_SEARCH_QUERY']],
  responses: {
    200: jsonContent(success(SearchResultSchema), 'Matching products and categories'),
  },
});

export const searchRoutes = createRouter();

searchRoutes.openapi(searchRoute, async (c) => {
  const { term, page, limit } = c.req.valid('query');
  const data = await search(c.get('services').database.db, c.get('shop'), term, {
    page,
    limit,
  });
  return c.json({ status: 'success' as const, data }, 200);
});
