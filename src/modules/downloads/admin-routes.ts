import { IdParamSchema } from '../../admin-kit/route';
import { actionRoute, listRoute, mount, readRoute } from '../../admin-kit/verbs';
import { jsonBody } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  DownloadGrantListQuerySchema,
  DownloadGrantListSchema,
  DownloadGrantSchema,
  ResetSchema,
} from './admin-schemas';
import { getDownloadGrant, listDownloadGrants, RAISES, resetDownloadGrant } from './admin-service';

const listGrants = listRoute({
  path: '/',
  tag: 'Downloads',
  scope: 'orders:read',
  operationId: 'listDownloadGrants',
  summary: 'What each purchase may download and has downloaded, newest first',
  description:
    'One row per purchased file: filter by `order_id` or `customer_id`. Shows the limit, the count and the expiry.',
  request: { query: DownloadGrantListQuerySchema },
  schema: DownloadGrantListSchema,
  answers: 'A page of downloads',
  list: ({ db, shop, query }) => listDownloadGrants(db, shop.id, query),
});

const readGrant = readRoute({
  path: '/{id}',
  tag: 'Downloads',
  scope: 'orders:read',
  operationId: 'getDownloadGrant',
  summary: 'One purchase’s right to one file, with its download count',
  description: `One purchase's right to one file and how often it was downloaded.`,
  request: { params: IdParamSchema },
  schema: DownloadGrantSchema,
  answers: 'The download',
  etag: false,
  raises: RAISES.getDownloadGrant,
  get: ({ db, shop, params }) => getDownloadGrant(db, shop.id, params.id),
});

const resetGrant = actionRoute({
  path: '/{id}/reset',
  tag: 'Downloads',
  scope: 'orders:write',
  operationId: 'resetDownloadGrant',
  summary: 'Sets a purchase’s download count back to zero',
  description:
    'Gives the purchase its downloads back: the count returns to zero; limit, expiry and whether it is active stay.',
  request: { params: IdParamSchema, body: jsonBody(ResetSchema) },
  schema: DownloadGrantSchema,
  answers: 'The download',
  versioned: false,
  raises: RAISES.resetDownloadGrant,
  act: (w, { params }) => resetDownloadGrant(w, params.id),
});

/** /admin/api/v1/download-grants: each purchase's downloads (orders scopes). */
export const downloadGrantAdminRoutes = createRouter();

mount(downloadGrantAdminRoutes, listGrants, readGrant, resetGrant);
