import { adminRoute, IdParamSchema, resourceContent } from '../../admin-kit/route';
import { listRoute, mount, readRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
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

const update = adminRoute({
  method: 'patch',
  path: '/{id}',
  tag,
  scope: 'content:write',
  ifMatch: true,
  operationId: 'updateContentEntry',
  summary: 'Changes fields or the status of an entry (`published` puts it on the storefront)',
  description:
    'Each field given in `data` is set and `null` removes one; the resulting entry is checked against its model like a new one (`422 CONTENT_ENTRY_INVALID`, naming each field).',
  request: { params: IdParamSchema, body: jsonBody(ContentEntryUpdateSchema) },
  responses: { 200: resourceContent(ContentEntrySchema, 'The entry') },
  raises: RAISES.updateContentEntry,
});

const remove = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag,
  scope: 'content:write',
  ifMatch: true,
  operationId: 'deleteContentEntry',
  summary: 'Deletes an entry (`status: archived` takes it off the storefront and keeps it)',
  description:
    'Deletes an entry for good; the storefront no longer serves it from the next request. To take an entry off the storefront but keep it, set `status: archived` instead.',
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(DeletedContentEntrySchema, 'The entry is deleted') },
  raises: RAISES.deleteContentEntry,
});

/** /admin/api/v1/content-entries: one entry by id (lists and creates live under its model). */
export const contentEntryAdminRoutes = createRouter();

mount(contentEntryAdminRoutes, read);

contentEntryAdminRoutes.openapi(update, async (c) => {
  const { id } = c.req.valid('param');
  const entry = await merchantWrite(c, (w) => updateContentEntry(w, id, c.req.valid('json')));
  return c.json(entry, 200);
});

contentEntryAdminRoutes.openapi(remove, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => deleteContentEntry(w, id)), 200);
});

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

const createEntry = adminRoute({
  method: 'post',
  path: '/{id}/entries',
  tag: modelTag,
  scope: 'content:write',
  operationId: 'createContentEntry',
  summary: 'Adds an entry to a content model (a draft unless `status` says otherwise)',
  description:
    'The data is checked against the model: an unknown field, a missing required field or a value of the wrong type is `422 CONTENT_ENTRY_INVALID`, naming each field. A singleton model holds one entry: a second is `409 CONTENT_SINGLETON_TAKEN`.',
  request: { params: IdParamSchema, body: jsonBody(ContentEntryCreateSchema) },
  responses: { 201: resourceContent(ContentEntrySchema, 'The new entry') },
  raises: RAISES.createContentEntry,
});

/**
 * /admin/api/v1/content-models/{id}/entries: the entries of a model, mounted under the
 * models' path after their own routes (src/admin-api.ts).
 */
export const contentModelEntryAdminRoutes = createRouter();

mount(contentModelEntryAdminRoutes, listEntries);

contentModelEntryAdminRoutes.openapi(createEntry, async (c) => {
  const { id } = c.req.valid('param');
  const entry = await merchantWrite(c, (w) => createContentEntry(w, id, c.req.valid('json')));
  return c.json(entry, 201);
});
