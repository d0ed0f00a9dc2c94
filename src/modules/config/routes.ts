import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import { CATALOGUE, SITEMAP } from '../../http/http-cache';
import { jsonBody, jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter, openapiStream } from '../../http/router';
import { requireShopByKeyOrHost } from '../../http/shop';
import { configuredFallbackHost } from '../../identity/storefront-origin';
import { mediaBaseUrl } from '../storage/service';
import { PageMetadataRequestSchema, PageMetadataResponseSchema, SitemapSchema } from './schemas';
import { pageMetadata, RAISES } from './service/metadata';
import { sitemapStream } from './service/sitemap';

const metadataRoute = defineRoute({
  method: 'post',
  path: '/',
  tags: ['config'],
  operationId: 'getPageMetadata',
  cache: CATALOGUE,
  summary: 'Title, description, icons and Open Graph data of a storefront URL',
  description:
    "For a storefront path or pattern (`/`, `/product/:id` with `param`, `/collections/:id`, `/support/:type`…): the page's title, description, icons and Open Graph data, falling back to the shop's defaults. Identifies the shop by `x-api-key`, or without one by the storefront's hostname (`X-Forwarded-Host`, else `Origin`, else `Host`).",
  // The key is optional: a storefront rendering on its own domain is known by its host.
  middleware: [requireShopByKeyOrHost] as const,
  request: { body: jsonBody(PageMetadataRequestSchema) },
  raises: RAISES.pageMetadata,
  validationCode: 'SHOP_URL_INVALID',
  responses: {
    200: jsonContent(PageMetadataResponseSchema, 'The page metadata'),
  },
});

const sitemapRoute = defineRoute({
  method: 'get',
  path: '/site-map',
  tags: ['config'],
  operationId: 'getSitemap',
  cache: SITEMAP,
  summary: 'Every published product and category and the static pages, with full URLs',
  description:
    "Every published product and category and the static pages, with absolute URLs on the shop's primary domain, streamed. Identifies the shop as `POST /config` does.",
  middleware: [requireShopByKeyOrHost] as const,
  responses: {
    200: jsonContent(SitemapSchema, 'The sitemap entries (streamed)'),
  },
});

const linkContext = (c: Context<AppEnv>) => ({
  platformSuffix: c.get('services').config.SHOP_DOMAIN_SUFFIX,
  fallbackHost: configuredFallbackHost(c.get('services').config),
});

export const configRoutes = createRouter();

configRoutes.openapi(metadataRoute, async (c) => {
  const data = await pageMetadata(
    c.get('services').database.db,
    c.get('shop').id,
    c.req.valid('json'),
    {
      ...linkContext(c),
      mediaBaseUrl: mediaBaseUrl(c.get('services').config.MEDIA_BASE_URL, c.req.url),
    },
  );
  return c.json({ status: 'success' as const, data }, 200);
});

// Streamed: the body can hold any number of products, never all in memory at once.
openapiStream(configRoutes, sitemapRoute, async (c) => {
  const { database, log } = c.get('services');
  const stream = await sitemapStream(database.db, c.get('shop').id, { ...linkContext(c), log });
  return c.body(stream, 200, { 'Content-Type': 'application/json; charset=utf-8' });
});
