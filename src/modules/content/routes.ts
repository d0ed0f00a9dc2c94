import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonContent, SHOP_ERRORS } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { requireShop } from '../../http/shop';
import {
  CONTENT_PAGE_DEFAULT,
  CONTENT_PAGE_MAX,
  ContentEntryParams,
  ContentEntryResponseSchema,
  ContentModelParam,
  ContentModelResponseSchema,
  ContentQuery,
} from './schemas';
import { getModelContent, getModelEntry } from './service';

const model = createRoute({
  method: 'get',
  path: '/{modelSlug}',
  tags: ['Content'],
  operationId: 'getContent',
  summary:
    "A content model's published entries: a page for a collection, the entry for a singleton",
  description: `Collections are ordered newest first (creation time); page size default ${CONTENT_PAGE_DEFAULT}, at most ${CONTENT_PAGE_MAX}. A singleton ignores page and limit.`,
  security: apiKeySecurity,
  request: { params: ContentModelParam, query: ContentQuery },
  responses: {
    200: jsonContent(ContentModelResponseSchema, 'The collection page or the singleton entry'),
    ...errorResponses(...SHOP_ERRORS, 'CONTENT_MODEL_NOT_FOUND'),
  },
});

const entry = createRoute({
  method: 'get',
  path: '/{modelSlug}/{entryId}',
  tags: ['Content'],
  operationId: 'getContentEntry',
  summary: 'One published entry of a content model',
  security: apiKeySecurity,
  request: { params: ContentEntryParams },
  responses: {
    200: jsonContent(ContentEntryResponseSchema, 'The entry'),
    ...errorResponses(...SHOP_ERRORS, 'CONTENT_MODEL_NOT_FOUND', 'CONTENT_ENTRY_NOT_FOUND'),
  },
});

export const contentRoutes = createRouter();
contentRoutes.use('*', requireShop);

contentRoutes.openapi(model, async (c) => {
  const { page, limit } = c.req.valid('query');
  const data = await getModelContent(
    c.get('services').database.db,
    c.get('shop').id,
    c.req.valid('param').modelSlug,
    { page, limit },
  );
  return c.json({ status: 'success' as const, data }, 200);
});

contentRoutes.openapi(entry, async (c) => {
  const { modelSlug, entryId } = c.req.valid('param');
  const data = await getModelEntry(
    c.get('services').database.db,
    c.get('shop').id,
    modelSlug,
    entryId,
  );
  return c.json({ status: 'success' as const, data }, 200);
});
