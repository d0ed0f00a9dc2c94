import { Hono } from 'hono';
import type { AppEnv } from '../../app-env';
import { ApiError } from '../../errors';
import { isUuid } from '../../lib/uuid';

const FILENAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/**
 * Public images: `/storage/<shop_id>/media/<filename>`, the URL that `settings.media.url`
 * plus an image's filename builds. Only the `media/` prefix is served; digital files
 * stored beside it are reachable only through authorised downloads.
 */
export const mediaRoutes = new Hono<AppEnv>();

mediaRoutes.get('/:shopId/media/:filename', async (c) => {
  const { shopId, filename } = c.req.param();
  if (!isUuid(shopId) || !FILENAME.test(filename)) throw new ApiError('MEDIA_NOT_FOUND');
  const object = await c.get('services').storage.get(`${shopId}/media/${filename}`);
  if (!object) throw new ApiError('MEDIA_NOT_FOUND');
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
});
