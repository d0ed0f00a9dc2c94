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
  ContentEntryCreateSchema,
  ContentEntryListQuerySchema,
  ContentEntryListSchema,
  ContentEntrySchema,
  ContentEntryUpdateSchema,
  DeletedContentEntrySchema,
} from './schemas';
import {
  createContentEntry,
  deleteContentEntry,
  getContentEntry,
  listContentEntries,
  RAISES,
  updateContentEntry,
} from './service';

const tag = 'Content entries';
/** The entries of a model are listed and created under the model's path and tag. */
const modelTag = 'Content models';

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'content:read',
  operationId: 'getContentEntry',
  summary: 'One content entry, of any status',
  description: 'Reads one entry, whatever its status, with its ETag.',
  request: { params: IdParamSchema },
  schema: ContentEntrySchema,
  answers: 'The entry',
  raises: RAISES.getContentEntry,
  get: ({ db, shop, params }) => getContentEntry(db, shop.id, params.id),
});

const update = updateRoute({
  path: '/{id}',
  tag,
  scope: 'content:write',
  operationId: 'updateContentEntry',
  summary: 'Changes fields or the status of an entry (`published` puts it on the storefront)',
  description:
    'Each field given in `data` is set and `null` removes one; the resulting entry is checked against its model like a new one (`422 CONTENT_ENTRY_INVALID`, naming each field).',
  request: { params: IdParamSchema, body: jsonBody(ContentEntryUpdateSchema) },
  schema: ContentEntrySchema,
  answers: 'The entry',
  raises: RAISES.updateContentEntry,
  update: (w, { params, body }) => updateContentEntry(w, params.id, body),
});

const remove = deleteRoute({
  path: '/{id}',
  tag,
  scope: 'content:write',
  operationId: 'deleteContentEntry',
  summary: 'Deletes an entry (`status: archived` takes it off the storefront and keeps it)',
  description:
    'Deletes an entry for good; the storefront no longer serves it from the next request. To take an entry off the storefront but keep it, set `status: archived` instead.',
  request: { params: IdParamSchema },
  schema: DeletedContentEntrySchema,
  answers: 'The entry is deleted',
  raises: RAISES.deleteContentEntry,
  remove: (w, { params }) => deleteContentEntry(w, params.id),
});

/** /admin/api/v1/content-entries: one entry by id (lists and creates live under its model). */
export const contentEntryAdminRoutes = createRouter();

mount(contentEntryAdminRoutes, read, update, remove);

const listEntries = listRoute({
  path: '/{id}/entries',
  tag: modelTag,
  scope: 'content:read',
  operationId: 'listContentEntries',
  summary: 'The entries of a content model, of every status, newest first',
  description:
    "Lists a model's entries, drafts and archived ones included (filter with `status`), newest first.",
  request: { params: IdParamSchema, query: ContentEntryListQuerySchema },
  schema: ContentEntryListSchema,
  answers: 'A page of entries',
  raises: RAISES.listContentEntries,
  list: ({ db, shop, params, query }) => listContentEntries(db, shop.id, params.id, query),
});

const createEntry = createRoute({
  path: '/{id}/entries',
  tag: modelTag,
  scope: 'content:write',
  operationId: 'createContentEntry',
  summary: 'Adds an entry to a content model (a draft unless `status` says otherwise)',
  description:
    'The data is checked against the model: an unknown field, a missing required field or a value of the wrong type is `422 CONTENT_ENTRY_INVALID`, naming each field. A singleton model holds one entry: a second is `409 CONTENT_SINGLETON_TAKEN`.',
  request: { params: IdParamSchema, body: jsonBody(ContentEntryCreateSchema) },
  schema: ContentEntrySchema,
  answers: 'The new entry',
  raises: RAISES.createContentEntry,
  create: (w, { params, body }) => createContentEntry(w, params.id, body),
});

/**
 * /admin/api/v1/content-models/{id}/entries: the entries of a model, mounted under the
 * models' path after their own routes (src/admin-api.ts).
 */
export const contentModelEntryAdminRoutes = createRouter();

mount(contentModelEntryAdminRoutes, listEntries, createEntry);
