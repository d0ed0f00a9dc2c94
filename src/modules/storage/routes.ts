import { z } from '@hono/zod-openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { MediaParams, MediaQuery } from './schemas';
import { imageWidth, mediaObjectKey, RAISES, readMedia } from './service';
import { serveVariant, storedHeaders } from './variants';

const mediaRoute = defineRoute({
  method: 'get',
  path: '/{shopId}/media/{filename}',
  // Declared and served like every route, but left out of the storefront API's document:
  // it lives outside /access/api/v1 and no storefront calls it, browsers load images from it.
  hide: true,
  operationId: 'getMedia',
  summary: "One of a shop's public images, as stored or resized to a width",
  request: { params: MediaParams, query: MediaQuery },
  raises: RAISES.readMedia,
  validationCode: 'MEDIA_NOT_FOUND',
  responses: {
    200: {
      description: 'The image',
      content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    304: { description: 'Not modified since the ETag the client holds' },
  },
});

export const storageRoutes = createRouter();

storageRoutes.openapi(mediaRoute, async (c) => {
  const { shopId, filename } = c.req.valid('param');
  const { w } = c.req.valid('query');
  if (w !== undefined) {
    // A malformed name is refused before the cache is looked in, as the stored image is.
    mediaObjectKey(shopId, filename);
    return serveVariant(c, shopId, filename, imageWidth(w));
  }
  const object = await readMedia(c.get('services').storage, shopId, filename);
  if (c.req.header('if-none-match') === object.etag) return c.body(null, 304);
  return c.body(object.body, 200, storedHeaders(object));
});
