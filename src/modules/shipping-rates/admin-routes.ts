import { setEtag } from '../../admin-kit/concurrency';
import { toList } from '../../admin-kit/list';
import { adminRoute, IdParamSchema, resourceContent } from '../../admin-kit/route';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import {
  DeletedShippingRateSchema,
  ShippingRateCreateSchema,
  ShippingRateListQuerySchema,
  ShippingRateListSchema,
  ShippingRateSchema,
  ShippingRateUpdateSchema,
} from './schemas';
import {
  createShippingRate,
  deleteShippingRate,
  getShippingRate,
  listShippingRates,
  RAISES,
  updateShippingRate,
} from './service';

const tag = 'Shipping rates';
const list = adminRoute({
  method: 'get',
  path: '/',
  tag,
  scope: 'settings:read',
  operationId: 'listShippingRates',
  summary: 'The shop’s delivery rates, newest first',
  request: { query: ShippingRateListQuerySchema },
  responses: { 200: jsonContent(ShippingRateListSchema, 'A page of shipping rates') },
});

const read = adminRoute({
  method: 'get',
  path: '/{id}',
  tag,
  scope: 'settings:read',
  operationId: 'getShippingRate',
  summary: 'One shipping rate',
  request: { params: IdParamSchema },
  responses: { 200: resourceContent(ShippingRateSchema, 'The shipping rate') },
  raises: RAISES.getShippingRate,
});

const create = adminRoute({
  method: 'post',
  path: '/',
  tag,
  scope: 'settings:write',
  operationId: 'createShippingRate',
  summary: 'Adds a delivery rate; the storefront offers it from the next request',
  request: { body: jsonBody(ShippingRateCreateSchema) },
  responses: { 201: resourceContent(ShippingRateSchema, 'The new shipping rate') },
});

const update = adminRoute({
  method: 'patch',
  path: '/{id}',
  tag,
  scope: 'settings:write',
  ifMatch: true,
  operationId: 'updateShippingRate',
  summary: 'Changes the given fields of a shipping rate',
  request: { params: IdParamSchema, body: jsonBody(ShippingRateUpdateSchema) },
  responses: { 200: resourceContent(ShippingRateSchema, 'The shipping rate') },
  raises: RAISES.updateShippingRate,
});

const remove = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag,
  scope: 'settings:write',
  ifMatch: true,
  operationId: 'deleteShippingRate',
  summary: 'Deletes a shipping rate (orders keep their copy); `active: false` retires it instead',
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(DeletedShippingRateSchema, 'The rate is deleted') },
  raises: RAISES.deleteShippingRate,
});

/** /admin/api/v1/shipping-rates: the pattern every merchant resource follows. */
export const shippingRateAdminRoutes = createRouter();

shippingRateAdminRoutes.openapi(list, async (c) => {
  const db = c.get('services').database.db;
  const page = await listShippingRates(db, c.get('shop'), c.req.valid('query'));
  return c.json(toList(c, page.data, page.hasMore), 200);
});

shippingRateAdminRoutes.openapi(read, async (c) => {
  const db = c.get('services').database.db;
  const rate = await getShippingRate(db, c.get('shop'), c.req.valid('param').id);
  setEtag(c, rate);
  return c.json(rate, 200);
});

shippingRateAdminRoutes.openapi(create, async (c) => {
  const rate = await merchantWrite(c, (w) => createShippingRate(w, c.req.valid('json')));
  return c.json(rate, 201);
});

shippingRateAdminRoutes.openapi(update, async (c) => {
  const { id } = c.req.valid('param');
  const rate = await merchantWrite(c, (w) => updateShippingRate(w, id, c.req.valid('json')));
  return c.json(rate, 200);
});

shippingRateAdminRoutes.openapi(remove, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => deleteShippingRate(w, id)), 200);
});
