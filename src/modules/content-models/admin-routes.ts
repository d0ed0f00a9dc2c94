import { IdParamSchema } from '../../admin-kit/route';
import {
  createRoute,
  deleteRoute,
  listRoute,
  mount,
  readRoute,
  updateRoute,
} from '../../admin-kit/verbs';
import { jsonBody } from '../../http/openapi';
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

const create = createRoute({
  path: '/',
  tag,
  scope: 'content:write',
  operationId: 'createContentModel',
  summary: 'Defines a content type: its slug, singleton or collection, and its fields',
  description:
    'The storefront serves its published entries at `/content/{slug}` from the next request.',
  request: { body: jsonBody(ContentModelCreateSchema) },
  schema: ContentModelSchema,
  answers: 'The new content model',
  raises: RAISES.createContentModel,
  create: (w, { body }) => createContentModel(w, body),
});

const update = updateRoute({
  path: '/{id}',
  tag,
  scope: 'content:write',
  operationId: 'updateContentModel',
  summary: 'Changes the slug, name or fields of a content model',
  description:
    'New `fields` replace the old ones. A field left out is removed, with its values, from every entry. A change that an existing entry (of any status) would not satisfy, a new type or a new required field, is refused with `409 CONTENT_MODEL_HAS_INVALID_ENTRIES` naming how many entries and the first problems.',
  request: { params: IdParamSchema, body: jsonBody(ContentModelUpdateSchema) },
  schema: ContentModelSchema,
  answers: 'The content model',
  raises: RAISES.updateContentModel,
  update: (w, { params, body }) => updateContentModel(w, params.id, body),
});

const remove = deleteRoute({
  path: '/{id}',
  tag,
  scope: 'content:write',
  operationId: 'deleteContentModel',
  summary: 'Deletes a content model that has no entries',
  description:
    'Deletes a model that has no entries; one that has some is refused with `409 CONTENT_MODEL_HAS_ENTRIES` naming how many. The storefront answers `404 CONTENT_MODEL_NOT_FOUND` for its slug from the next request.',
  request: { params: IdParamSchema },
  schema: DeletedContentModelSchema,
  answers: 'The content model is deleted',
  raises: RAISES.deleteContentModel,
  remove: (w, { params }) => deleteContentModel(w, params.id),
});

/**
 * /admin/api/v1/content-models: content types (the entries of each are listed and created by
 * content-entries' routes, mounted under the same path).
 */
export const contentModelAdminRoutes = createRouter();

mount(contentModelAdminRoutes, list, read, create, update, remove);
