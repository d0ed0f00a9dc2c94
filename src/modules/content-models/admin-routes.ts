import { adminRoute, IdParamSchema, resourceContent } from '../../admin-kit/route';
import { listRoute, mount, readRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  ContentModelCreateSchema,
  ContentModelListQuerySchema,
  ContentModelListSchema,
  ContentModelSchema,
  ContentModelUpdateSchema,
  DeletedContentModelSchema,
} from './schemas';
import {
  createContentModel,
  deleteContentModel,
  getContentModel,
  listContentModels,
  RAISES,
  updateContentModel,
} from './service';

const tag = 'Content models';

const list = listRoute({
  path: '/',
  tag,
  scope: 'content:read',
  operationId: 'listContentModels',
  summary: 'The shop’s content models, newest first',
  description: "Lists the shop's content models, newest first.",
  request: { query: ContentModelListQuerySchema },
  schema: ContentModelListSchema,
  answers: 'A page of content models',
  list: ({ db, shop, query }) => listContentModels(db, shop.id, query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'content:read',
  operationId: 'getContentModel',
  summary: 'One content model',
  description: 'Reads one content model, its kind and its fields, with its ETag.',
  request: { params: IdParamSchema },
  schema: ContentModelSchema,
  answers: 'The content model',
  raises: RAISES.getContentModel,
  get: ({ db, shop, params }) => getContentModel(db, shop.id, params.id),
});

const create = adminRoute({
  method: 'post',
  path: '/',
  tag,
  scope: 'content:write',
  operationId: 'createContentModel',
  summary: 'Defines a content type: its slug, singleton or collection, and its fields',
  description:
    'The storefront serves its published entries at `/content/{slug}` from the next request.',
  request: { body: jsonBody(ContentModelCreateSchema) },
  responses: { 201: resourceContent(ContentModelSchema, 'The new content model') },
  raises: RAISES.createContentModel,
});

const update = adminRoute({
  method: 'patch',
  path: '/{id}',
  tag,
  scope: 'content:write',
  ifMatch: true,
  operationId: 'updateContentModel',
  summary: 'Changes the slug, name or fields of a content model',
  description:
    'New `fields` replace the old ones. A field left out is removed, with its values, from every entry. A change that an existing entry (of any status) would not satisfy, a new type or a new required field, is refused with `409 CONTENT_MODEL_HAS_INVALID_ENTRIES` naming how many entries and the first problems.',
  request: { params: IdParamSchema, body: jsonBody(ContentModelUpdateSchema) },
  responses: { 200: resourceContent(ContentModelSchema, 'The content model') },
  raises: RAISES.updateContentModel,
});

const remove = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag,
  scope: 'content:write',
  ifMatch: true,
  operationId: 'deleteContentModel',
  summary: 'Deletes a content model that has no entries',
  description:
    'Deletes a model that has no entries; one that has some is refused with `409 CONTENT_MODEL_HAS_ENTRIES` naming how many. The storefront answers `404 CONTENT_MODEL_NOT_FOUND` for its slug from the next request.',
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(DeletedContentModelSchema, 'The content model is deleted') },
  raises: RAISES.deleteContentModel,
});

/**
 * /admin/api/v1/content-models: content types (the entries of each are listed and created by
 * content-entries' routes, mounted under the same path).
 */
export const contentModelAdminRoutes = createRouter();

mount(contentModelAdminRoutes, list, read);

contentModelAdminRoutes.openapi(create, async (c) => {
  const model = await merchantWrite(c, (w) => createContentModel(w, c.req.valid('json')));
  return c.json(model, 201);
});

contentModelAdminRoutes.openapi(update, async (c) => {
  const { id } = c.req.valid('param');
  const model = await merchantWrite(c, (w) => updateContentModel(w, id, c.req.valid('json')));
  return c.json(model, 200);
});

contentModelAdminRoutes.openapi(remove, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => deleteContentModel(w, id)), 200);
});
