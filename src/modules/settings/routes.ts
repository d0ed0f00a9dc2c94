import { jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
import { mediaBaseUrl } from '../storage/service';
import { HealthSchema, PolicySchema, PolicyTypeParam, SettingsSchema } from './schemas';
import { getPolicy, getSettings, RAISES } from './service';

const health = defineRoute({
  method: 'get',
  path: '/health',
  tags: ['Shop'],
  operationId: 'getHealth',
  summary: 'Whether the shop is serving; any non-200 answer means unavailable',
  middleware: [requireShop] as const,
  responses: {
    200: jsonContent(HealthSchema, 'The shop is available'),
  },
});

const settings = defineRoute({
  method: 'get',
  path: '/',
  tags: ['Shop'],
  operationId: 'getSettings',
  summary: 'Public shop configuration',
  middleware: [requireShop] as const,
  responses: {
    200: jsonContent(success(SettingsSchema), 'The shop settings'),
  },
});

const policy = defineRoute({
  method: 'get',
  path: '/policy/{type}',
  tags: ['Shop'],
  operationId: 'getPolicy',
  summary: 'One policy document (content HTML-escaped)',
  middleware: [requireShop] as const,
  request: { params: PolicyTypeParam },
  raises: RAISES.getPolicy,
  validationCode: 'POLICY_TYPE_INVALID',
  responses: {
    200: jsonContent(success(PolicySchema), 'The policy'),
  },
});

export const settingsRoutes = createRouter();

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

settingsRoutes.openapi(policy, async (c) => {
  const { type } = c.req.valid('param');
  const data = await getPolicy(c.get('services').database.db, c.get('shop').id, type);
  return c.json({ status: 'success' as const, data }, 200);
});
