import { SHOP_CONTENT } from '../../http/http-cache';
import { jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import {
  CATEGORY_PAGE_DEFAULT,
  CATEGORY_PAGE_MAX,
  CategoryDetailSchema,
  CategoryListQuery,
  CategoryPageSchema,
  CategoryRefParam,
} from './schemas';
import { getCategory, listCategories, RAISES } from './service';

const list = defineRoute({
  method: 'get',
  path: '/',
  tags: ['categories'],
  operationId: 'listCategories',
  cache: SHOP_CONTENT,
  summary: 'Published categories, by position then name (Shape C)',
  description: `Page size: default ${CATEGORY_PAGE_DEFAULT}, at most ${CATEGORY_PAGE_MAX}. A parent that is unknown or not published gives an empty page.`,
  middleware: [requireShop] as const,
  request: { query: CategoryListQuery },
  responses: {
    200: jsonContent(CategoryPageSchema, 'A page of categories'),
  },
});

const detail = defineRoute({
  method: 'get',
  path: '/{id}',
  tags: ['categories'],
  operationId: 'getCategory',
  cache: SHOP_CONTENT,
  summary: 'One published category by slug or `_id`',
  description:
    "Accepts the slug or the `_id`. Adds the merchant's HTML description (as written, not escaped), the creation date and the header image. Unknown, draft and archived categories are `404 CATEGORY_NOT_FOUND`.",
  middleware: [requireShop] as const,
  request: { params: CategoryRefParam },
  raises: RAISES.getCategory,
  responses: {
    200: jsonContent(success(CategoryDetailSchema), 'The category'),
  },
});

export const categoryRoutes = createRouter();

categoryRoutes.openapi(list, async (c) => {
  const body = await listCategories(
    c.get('services').database.db,
    c.get('shop').id,
    c.req.valid('query'),
  );
  return c.json(body, 200);
});

categoryRoutes.openapi(detail, async (c) => {
  const data = await getCategory(
    c.get('services').database.db,
    c.get('shop').id,
    c.req.valid('param').id,
  );
  return c.json({ status: 'success' as const, data }, 200);
});
