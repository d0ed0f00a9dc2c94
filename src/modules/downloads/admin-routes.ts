import { toList } from '../../admin-kit/list';
import { adminRoute, IdParamSchema } from '../../admin-kit/route';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  DownloadGrantListQuerySchema,
  DownloadGrantListSchema,
  DownloadGrantSchema,
  ResetSchema,
} from './admin-schemas';
import { getDownloadGrant, listDownloadGrants, RAISES, resetDownloadGrant } from './admin-service';

const listGrants = adminRoute({
  method: 'get',
  path: '/',
  tag: 'Downloads',
  scope: 'orders:read',
  operationId: 'listDownloadGrants',
  summary: 'What each purchase may download and has downloaded, newest first',
  description:
    'One row per purchased file: filter by `order_id` or `customer_id`. Shows the limit, the count and the expiry.',
  request: { query: DownloadGrantListQuerySchema },
  responses: { 200: jsonContent(DownloadGrantListSchema, 'A page of downloads') },
});

const readGrant = adminRoute({
  method: 'get',
  path: '/{id}',
  tag: 'Downloads',
  scope: 'orders:read',
  operationId: 'getDownloadGrant',
  summary: 'One purchase’s right to one file, with its download count',
  description: `One purchase's right to one file and how often it was downloaded.`,
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(DownloadGrantSchema, 'The download') },
  raises: RAISES.getDownloadGrant,
});

const resetGrant = adminRoute({
  method: 'post',
  path: '/{id}/reset',
  tag: 'Downloads',
  scope: 'orders:write',
  operationId: 'resetDownloadGrant',
  summary: 'Sets a purchase’s download count back to zero',
  description:
    'Gives the purchase its downloads back: the count returns to zero; limit, expiry and whether it is active stay.',
  request: { params: IdParamSchema, body: jsonBody(ResetSchema) },
  responses: { 200: jsonContent(DownloadGrantSchema, 'The download') },
  raises: RAISES.resetDownloadGrant,
});

/** /admin/api/v1/download-grants: each purchase's downloads (orders scopes). */
export const downloadGrantAdminRoutes = createRouter();

downloadGrantAdminRoutes.openapi(listGrants, async (c) => {
  const db = c.get('services').database.db;
  const page = await listDownloadGrants(db, c.get('shop').id, c.req.valid('query'));
  return c.json(toList(c, page.data, page.hasMore), 200);
});

downloadGrantAdminRoutes.openapi(readGrant, async (c) => {
  const db = c.get('services').database.db;
  return c.json(await getDownloadGrant(db, c.get('shop').id, c.req.valid('param').id), 200);
});

downloadGrantAdminRoutes.openapi(resetGrant, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => resetDownloadGrant(w, id)), 200);
});
