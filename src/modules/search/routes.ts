import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonContent, SHOP_ERRORS } from '../../http/openapi';
import { createRouter, validationHookByField } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import { SearchQuery, SearchResultSchema } from './schemas';
import { search } from './service';

const searchRoute = createRoute({
  method: 'get',
  path: '/',
  tags: ['search'],
  operationId: 'search',
  summary: 'Products and categories matching a term, most relevant first',
  description:
    'Accent- and case-insensitive; every word matches as a word prefix (autocomplete), and small typos are tolerated.',
  security: apiKeySecurity,
  request: { query: SearchQuery },
  responses: {
    200: jsonContent(success(SearchResultSchema), 'Matching products and categories'),
    ...errorResponses(...SHOP_ERRORS, 'INVALID_SEARCH_QUERY'),
  },
});

export const searchRoutes = createRouter();
searchRoutes.use('*', requireShop);

searchRoutes.openapi(
  searchRoute,
  async (c) => {
    const { term, page, limit } = c.req.valid('query');
    const data = await search(c.get('services').database.db, c.get('shop'), term, {
      page,
      limit,
    });
    return c.json({ status: 'success' as const, data }, 200);
  },
  validationHookByField([['term', 'INVALID_SEARCH_QUERY']]),
);
