import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../../http/openapi';
import { createRouter, validationHook } from '../../http/router';
import { MediaParams } from './schemas';
import { readMedia } from './service';

const mediaRoute = createRoute({
  method: 'get',
  path: '/{shopId}/media/{filename}',
  // Declared and served like every route, but left out of the storefront API's document:
  // it lives outside /access/api/v1 and no storefront calls it, browsers load images from it.
  hide: true,
  operationId: 'getMedia',
  summary: "One of a shop's public images",
  request: { params: MediaParams },
  responses: {
    200: {
      description: 'The image',
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    304: { description: 'Not modified since the ETag the client holds' },
    ...errorResponses('MEDIA_NOT_FOUND'),
  },
});

export const storageRoutes = createRouter();

storageRoutes.openapi(
  mediaRoute,
  async (c) => {
    const { shopId, filename } = c.req.valid('param');
    const object = await readMedia(c.get('services').storage, shopId, filename);
    if (c.req.header('if-none-match') === object.etag) return c.body(null, 304);
    return c.body(object.body, 200, {
      'Content-Type': object.contentType ?? 'application/octet-stream',
      'Content-Length': String(object.size),
      'Cache-Control': 'public, max-age=86400',
      ETag: object.etag,
      'X-Content-Type-Options': 'nosniff',
      // Merchant SVGs are images, never documents: no scripts even when opened directly.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  },
  validationHook('MEDIA_NOT_FOUND'),
);
