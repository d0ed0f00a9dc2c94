import { setEtag } from '../../admin-kit/concurrency';
import { toList } from '../../admin-kit/list';
import { adminRoute, IdParamSchema, resourceContent } from '../../admin-kit/route';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  DeletedPickupLocationSchema,
  PickupLocationCreateSchema,
  PickupLocationListQuerySchema,
  PickupLocationListSchema,
  PickupLocationSchema,
  PickupLocationUpdateSchema,
} from './schemas';
import {
  createPickupLocation,
  deletePickupLocation,
  getPickupLocation,
  listPickupLocations,
  RAISES,
  updatePickupLocation,
} from './service';

const tag = 'Pickup locations';
const list = adminRoute({
  method: 'get',
  path: '/',
  tag,
  scope: 'settings:read',
  operationId: 'listPickupLocations',
  summary: 'The shop’s pickup points, newest first',
  request: { query: PickupLocationListQuerySchema },
  responses: { 200: jsonContent(PickupLocationListSchema, 'A page of pickup locations') },
});

const read = adminRoute({
  method: 'get',
  path: '/{id}',
  tag,
  scope: 'settings:read',
  operationId: 'getPickupLocation',
  summary: 'One pickup location',
  request: { params: IdParamSchema },
  responses: { 200: resourceContent(PickupLocationSchema, 'The pickup location') },
  raises: RAISES.getPickupLocation,
});

const create = adminRoute({
  method: 'post',
  path: '/',
  tag,
  scope: 'settings:write',
  operationId: 'createPickupLocation',
  raises: RAISES.createPickupLocation,
  summary: 'Adds a pickup point; the storefront offers it from the next request',
  request: { body: jsonBody(PickupLocationCreateSchema) },
  responses: { 201: resourceContent(PickupLocationSchema, 'The new pickup location') },
});

const update = adminRoute({
  method: 'patch',
  path: '/{id}',
  tag,
  scope: 'settings:write',
  ifMatch: true,
  operationId: 'updatePickupLocation',
  summary: 'Changes the given fields of a pickup location',
  request: { params: IdParamSchema, body: jsonBody(PickupLocationUpdateSchema) },
  responses: { 200: resourceContent(PickupLocationSchema, 'The pickup location') },
  raises: RAISES.updatePickupLocation,
});

const remove = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag,
  scope: 'settings:write',
  ifMatch: true,
  operationId: 'deletePickupLocation',
  summary: 'Deletes a pickup location (orders keep their copy); `active: false` retires it instead',
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(DeletedPickupLocationSchema, 'The pickup location is deleted') },
  raises: RAISES.deletePickupLocation,
});

/** /admin/api/v1/pickup-locations: pickup points offered at checkout (`settings` scopes). */
export const pickupLocationAdminRoutes = createRouter();

pickupLocationAdminRoutes.openapi(list, async (c) => {
  const db = c.get('services').database.db;
  const page = await listPickupLocations(db, c.get('shop'), c.req.valid('query'));
  return c.json(toList(c, page.data, page.hasMore), 200);
});

pickupLocationAdminRoutes.openapi(read, async (c) => {
  const db = c.get('services').database.db;
  const location = await getPickupLocation(db, c.get('shop'), c.req.valid('param').id);
  setEtag(c, location);
  return c.json(location, 200);
});

pickupLocationAdminRoutes.openapi(create, async (c) => {
  const location = await merchantWrite(c, (w) => createPickupLocation(w, c.req.valid('json')));
  return c.json(location, 201);
});

pickupLocationAdminRoutes.openapi(update, async (c) => {
  const { id } = c.req.valid('param');
  const location = await merchantWrite(c, (w) => updatePickupLocation(w, id, c.req.valid('json')));
  return c.json(location, 200);
});

pickupLocationAdminRoutes.openapi(remove, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => deletePickupLocation(w, id)), 200);
});
