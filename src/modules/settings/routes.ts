import { SHOP_CONTENT } from '../../http/http-cache';
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
  tags: ['settings'],
  operationId: 'getHealth',
  summary: 'Whether the shop is serving; any non-200 answer means unavailable',
  description:
    "Answers 200 with the shop's name and id while the shop is open. A closed shop (in development, maintenance or suspended) answers `503 SHOP_UNDER_DEVELOPMENT`: show a maintenance page for any answer other than 200.",
  middleware: [requireShop] as const,
  responses: {
    200: jsonContent(HealthSchema, 'The shop is available'),
  },
});

const settings = defineRoute({
  method: 'get',
  path: '/',
  tags: ['settings'],
  operationId: 'getSettings',
  cache: SHOP_CONTENT,
  summary: 'Public shop configuration',
  description:
    'Everything a theme needs to lay out the shop: branding, header and footer, navigation (`menuCollections` is the tree of published categories), checkout and review switches, shipping rates and pickup points, tax, policies, tracking ids, and `media.url`, the base of every image URL (see Images above). It changes rarely: read it once per page load or cache it briefly.',
  middleware: [requireShop] as const,
  responses: {
    200: jsonContent(success(SettingsSchema), 'The shop settings'),
  },
});

const policy = defineRoute({
  method: 'get',
  path: '/policy/{type}',
  tags: ['settings'],
  operationId: 'getPolicy',
  cache: SHOP_CONTENT,
  summary: 'One policy document (content HTML-escaped)',
  description:
    '`type` is one of the 14 policy types (`privacy`, `terms`, `refund`, …). `content` is HTML-escaped (unescape it before rendering) and empty when the merchant wrote nothing. A type outside the list is `400 POLICY_TYPE_INVALID`; one the shop has not configured, `404 POLICY_NOT_FOUND`.',
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
