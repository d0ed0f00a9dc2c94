import { setEtag } from '../../admin-kit/concurrency';
import { adminRoute, IdParamSchema, resourceContent } from '../../admin-kit/route';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { ContentEntrySchema, ContentEntryUpdateSchema, DeletedContentEntrySchema } from './schemas';
import { deleteContentEntry, getContentEntry, RAISES, updateContentEntry } from './service';

const tag = 'Content entries';

const read = adminRoute({
  method: 'get',
  path: '/{id}',
  tag,
  scope: 'content:read',
  operationId: 'getContentEntry',
  summary: 'One content entry, of any status',
  description: 'Reads one entry, whatever its status, with its ETag.',
  request: { params: IdParamSchema },
  responses: { 200: resourceContent(ContentEntrySchema, 'The entry') },
  raises: RAISES.getContentEntry,
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

contentEntryAdminRoutes.openapi(read, async (c) => {
  const db = c.get('services').database.db;
  const entry = await getContentEntry(db, c.get('shop').id, c.req.valid('param').id);
  setEtag(c, entry);
  return c.json(entry, 200);
});

contentEntryAdminRoutes.openapi(update, async (c) => {
  const { id } = c.req.valid('param');
  const entry = await merchantWrite(c, (w) => updateContentEntry(w, id, c.req.valid('json')));
  return c.json(entry, 200);
});

contentEntryAdminRoutes.openapi(remove, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => deleteContentEntry(w, id)), 200);
});
