import { createRoute } from '@hono/zod-openapi';
import { apiKeySecurity, errorResponses, jsonContent, SHOP_ERRORS } from '../../http/openapi';
import { createRouter, validationHook } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import { mediaBaseUrl } from '../storage/service';
import { HealthSchema, PolicySchema, PolicyTypeParam, SettingsSchema } from './schemas';
import { getPolicy, getSettings } from './service';

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Shop'],
  operationId: 'getHealth',
  summary: 'Whether the shop is serving; any non-200 answer means unavailable',
  security: apiKeySecurity,
  responses: {
    200: jsonContent(HealthSchema, 'The shop is available'),
    ...errorResponses(...SHOP_ERRORS),
  },
});

const settings = createRoute({
  method: 'get',
  path: '/',
  tags: ['Shop'],
  operationId: 'getSettings',
  summary: 'Public shop configuration',
  security: apiKeySecurity,
  responses: {
    200: jsonContent(success(SettingsSchema), 'The shop settings'),
    ...errorResponses(...SHOP_ERRORS),
  },
});

const policy = createRoute({
  method: 'get',
  path: '/policy/{type}',
  tags: ['Shop'],
  operationId: 'getPolicy',
  summary: 'One policy document (content HTML-escaped)',
  security: apiKeySecurity,
  request: { params: PolicyTypeParam },
  responses: {
    200: jsonContent(success(PolicySchema), 'The policy'),
    ...errorResponses(...SHOP_ERRORS, 'POLICY_NOT_FOUND', 'POLICY_TYPE_INVALID'),
  },
});

export const settingsRoutes = createRouter();
settingsRoutes.use('*', requireShop);

settingsRoutes.openapi(health, (c) => {
  const shop = c.get('shop');
  return c.json({ status: 'ok' as const, name: shop.name, id: shop.id }, 200);
});

settingsRoutes.openapi(settings, async (c) => {
  const { database, config } = c.get('services');
  const media = mediaBaseUrl(config.MEDIA_BASE_URL, c.req.url);
  const data = await getSettings(database.db, c.get('shop'), media);
  return c.json({ status: 'success' as const, data }, 200);
});

settingsRoutes.openapi(
  policy,
  async (c) => {
    const { type } = c.req.valid('param');
    const data = await getPolicy(c.get('services').database.db, c.get('shop').id, type);
    return c.json({ status: 'success' as const, data }, 200);
  },
  validationHook('POLICY_TYPE_INVALID'),
);
