import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { keepOnlyIfCommitted } from '../../adapters/storage';
import { adminRoute, IdParamSchema, resourceContent } from '../../admin-kit/route';
import { deleteRoute, listRoute, mount, readRoute, updateRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import type { AppEnv } from '../../app-env';
import { jsonBody } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { readStreamCapped } from '../../lib/capped-read';
import { sha256HexOfBytes } from '../../lib/crypto';
import { mediaBaseUrl } from '../storage/service';
import {
  DeletedMediaSchema,
  MediaListQuerySchema,
  MediaListSchema,
  MediaSchema,
  MediaUpdateSchema,
  MediaUploadQuerySchema,
} from './schemas';
import { deleteMedia, getMedia, listMedia, RAISES, updateMedia } from './service';
import { createMedia, MEDIA_MAX_BYTES, mediaKey, mediaTooLarge, prepareImage } from './store';

const tag = 'Media';
const binary = { schema: z.string().openapi({ type: 'string', format: 'binary' }) };

const list = listRoute({
  path: '/',
  tag,
  scope: 'catalogue:read',
  operationId: 'listMedia',
  summary: 'The shop’s images, newest first',
  description:
    "Lists the shop's images, newest first, each with the storefront's image object and its URL.",
  request: { query: MediaListQuerySchema },
  schema: MediaListSchema,
  answers: 'A page of images',
  list: ({ db, shop, query, c }) => listMedia(db, shop.id, baseOf(c), query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:read',
  operationId: 'getMedia',
  summary: 'One image',
  description: 'Reads one image with its ETag, for a later `If-Match`.',
  request: { params: IdParamSchema },
  schema: MediaSchema,
  answers: 'The image',
  raises: RAISES.getMedia,
  get: ({ db, shop, params, c }) => getMedia(db, shop.id, baseOf(c), params.id),
});

const upload = adminRoute({
  method: 'post',
  path: '/',
  tag,
  scope: 'catalogue:write',
  operationId: 'uploadMedia',
  summary: 'Uploads an image: the raw bytes as the body',
  description: `Send the file itself as the body (not multipart), with the original name and the alternative text as query parameters. The format is detected from the bytes: JPEG, PNG, GIF, WebP and AVIF are accepted whatever the name or \`Content-Type\` say; anything else (SVG included) is \`422 MEDIA_TYPE_UNSUPPORTED\`. At most ${MEDIA_MAX_BYTES} bytes (10 MiB): larger is \`413 MEDIA_TOO_LARGE\`. The answer carries \`image\`, the object the storefront shows wherever the image is used, and \`url\`.`,
  request: {
    query: MediaUploadQuerySchema,
    body: {
      required: true,
      content: {
        'image/jpeg': binary,
        'image/png': binary,
        'image/gif': binary,
        'image/webp': binary,
        'image/avif': binary,
        'application/octet-stream': binary,
      },
    },
  },
  responses: { 201: resourceContent(MediaSchema, 'The stored image') },
  raises: RAISES.createMedia,
});

const update = updateRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:write',
  operationId: 'updateMedia',
  summary: 'Changes the alternative text of an image',
  description:
    'Changes the alternative text (`alt`), which the storefront shows as the image `title` wherever the image is used, from the next request. Send the ETag you read as `If-Match` to refuse the write when the image changed since (412).',
  request: { params: IdParamSchema, body: jsonBody(MediaUpdateSchema) },
  schema: MediaSchema,
  answers: 'The image',
  raises: RAISES.updateMedia,
  update: (w, { params, body, c }) => updateMedia(w, baseOf(c), params.id, body),
});

const remove = deleteRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:write',
  operationId: 'deleteMedia',
  summary: 'Deletes an image nothing uses',
  description:
    'An image still shown by a product, a variant, a category, a pickup point or the settings (logo, icon) is refused with `409 MEDIA_IN_USE`, counting each; remove it from them first.',
  request: { params: IdParamSchema },
  schema: DeletedMediaSchema,
  answers: 'The image is deleted',
  raises: RAISES.deleteMedia,
  remove: (w, { params, c }) => deleteMedia(w, baseOf(c), params.id),
});

/** The base image URLs are built on: MEDIA_BASE_URL, else this worker's storage route. */
const baseOf = (c: Context<AppEnv>) =>
  mediaBaseUrl(c.get('services').config.MEDIA_BASE_URL, c.req.url);

/** /admin/api/v1/media: the shop's images. */
export const mediaAdminRoutes = createRouter();

mount(mediaAdminRoutes, list, read);

// Not createRoute: the body is the image itself, stored and kept only if the write commits.
mediaAdminRoutes.openapi(upload, async (c) => {
  const { filename, alt } = c.req.valid('query');
  const image = prepareImage(
    await readStreamCapped(c.req.raw, MEDIA_MAX_BYTES, mediaTooLarge),
    filename,
  );
  const services = c.get('services');
  const fingerprint = { sha256: await sha256HexOfBytes(image.bytes), filename, alt };
  const key = mediaKey(c.get('shop').id, image.filename);
  const created = await keepOnlyIfCommitted(services.storage, services.log, key, () =>
    merchantWrite(c, (w) => createMedia(w, services.storage, image, { alt, base: baseOf(c) }), {
      fingerprint,
    }),
  );
  return c.json(created, 201);
});

mount(mediaAdminRoutes, update, remove);
