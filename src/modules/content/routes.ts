import { SHOP_CONTENT } from '../../http/http-cache';
import { jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
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
import { getModelContent, getModelEntry, RAISES } from './service';

const model = defineRoute({
  method: 'get',
  path: '/{modelSlug}',
  tags: ['content'],
  operationId: 'getContent',
  cache: SHOP_CONTENT,
  summary:
    "A content model's published entries: a page for a collection, the entry for a singleton",
  description: `Collections are ordered newest first (creation time); page size default ${CONTENT_PAGE_DEFAULT}, at most ${CONTENT_PAGE_MAX}. A singleton ignores page and limit.`,
  middleware: [requireShop] as const,
  request: { params: ContentModelParam, query: ContentQuery },
  raises: RAISES.getModelContent,
  responses: {
    200: jsonContent(ContentModelResponseSchema, 'The collection page or the singleton entry'),
  },
});

const entry = defineRoute({
  method: 'get',
  path: '/{modelSlug}/{entryId}',
  tags: ['content'],
  operationId: 'getContentEntry',
  cache: SHOP_CONTENT,
  summary: 'One published entry of a content model',
  description:
    "Works for singletons and collections. An unknown model is `404 CONTENT_MODEL_NOT_FOUND`; an unknown, draft or archived entry, `404 CONTENT_ENTRY_NOT_FOUND`. The merchant's fields are flattened onto the entry beside `_id` and `updatedAt`.",
  middleware: [requireShop] as const,
  request: { params: ContentEntryParams },
  raises: RAISES.getModelEntry,
  responses: {
    200: jsonContent(ContentEntryResponseSchema, 'The entry'),
  },
});

export const contentRoutes = createRouter();

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
