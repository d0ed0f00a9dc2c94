import { z } from '@hono/zod-openapi';
import { keepOnlyIfCommitted } from '../../adapters/storage';
import { adminRoute, IdParamSchema, resourceContent } from '../../admin-kit/route';
import { deleteRoute, listRoute, mount, readRoute, updateRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { readStreamCapped } from '../../lib/capped-read';
import { sha256HexOfBytes } from '../../lib/crypto';
import {
  DeletedDigitalFileSchema,
  DigitalFileListQuerySchema,
  DigitalFileListSchema,
  DigitalFileSchema,
  DigitalFileUpdateSchema,
  DigitalFileUploadQuerySchema,
} from './schemas';
import {
  checkFileSize,
  contentTypeOf,
  createDigitalFile,
  DIGITAL_FILE_MAX_BYTES,
  deleteDigitalFile,
  digitalFileTooLarge,
  getDigitalFile,
  listDigitalFiles,
  newFileKey,
  RAISES,
  updateDigitalFile,
} from './service';

const tag = 'Digital files';

const list = listRoute({
  path: '/',
  tag,
  scope: 'catalogue:read',
  operationId: 'listDigitalFiles',
  summary: 'The files the shop sells as downloads, newest first',
  description: 'Lists the files the shop sells, newest first, attached to a product or not.',
  request: { query: DigitalFileListQuerySchema },
  schema: DigitalFileListSchema,
  answers: 'A page of files',
  list: ({ db, shop, query }) => listDigitalFiles(db, shop.id, query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:read',
  operationId: 'getDigitalFile',
  summary: 'One digital file',
  description: 'Reads one digital file with its ETag, for a later `If-Match`.',
  request: { params: IdParamSchema },
  schema: DigitalFileSchema,
  answers: 'The file',
  raises: RAISES.getDigitalFile,
  get: ({ db, shop, params }) => getDigitalFile(db, shop.id, params.id),
});

const upload = adminRoute({
  method: 'post',
  path: '/',
  tag,
  scope: 'catalogue:write',
  operationId: 'uploadDigitalFile',
  summary: 'Uploads a file to sell as a download: the raw bytes as the body',
  description: `Send the file itself as the body, its \`Content-Type\` the type buyers receive (\`application/octet-stream\` when absent or malformed), and the name buyers download it under as \`filename\`. At most ${DIGITAL_FILE_MAX_BYTES} bytes (25 MiB): larger is \`413 DIGITAL_FILE_TOO_LARGE\`. The file is private: never served publicly, only streamed to buyers of a paid order through the storefront's download. It belongs to no product until a product is given it.`,
  request: {
    query: DigitalFileUploadQuerySchema,
    body: {
      required: true,
      content: {
        'application/octet-stream': {
          schema: z.string().openapi({ type: 'string', format: 'binary' }),
        },
      },
    },
  },
  responses: { 201: resourceContent(DigitalFileSchema, 'The stored file') },
  raises: RAISES.createDigitalFile,
});

const update = updateRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:write',
  operationId: 'updateDigitalFile',
  summary: 'Changes the name, title, download limits or availability of a file',
  description:
    'Changes only the fields given. The limits apply to purchases made from now on; `active: false` stops every download at once, also of past purchases.',
  request: { params: IdParamSchema, body: jsonBody(DigitalFileUpdateSchema) },
  schema: DigitalFileSchema,
  answers: 'The file',
  raises: RAISES.updateDigitalFile,
  update: (w, { params, body }) => updateDigitalFile(w, params.id, body),
});

const remove = deleteRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:write',
  operationId: 'deleteDigitalFile',
  summary: 'Deletes a file no product sells and no order was granted',
  description:
    'A file a product sells or an order was granted is refused with `409 DIGITAL_FILE_IN_USE`: buyers keep their downloads. `active: false` stops every download instead.',
  request: { params: IdParamSchema },
  schema: DeletedDigitalFileSchema,
  answers: 'The file is deleted',
  raises: RAISES.deleteDigitalFile,
  remove: (w, { params }) => deleteDigitalFile(w, params.id),
});

/** /admin/api/v1/digital-files: private files sold as downloads. */
export const digitalFileAdminRoutes = createRouter();

mount(digitalFileAdminRoutes, list, read);

// Not createRoute: the body is the file itself, stored and kept only if the write commits.
digitalFileAdminRoutes.openapi(upload, async (c) => {
  const { filename, title } = c.req.valid('query');
  const bytes = await readStreamCapped(c.req.raw, DIGITAL_FILE_MAX_BYTES, digitalFileTooLarge);
  checkFileSize(bytes);
  const services = c.get('services');
  const contentType = contentTypeOf(c.req.header('content-type'));
  const key = newFileKey(c.get('shop').id);
  const fingerprint = { sha256: await sha256HexOfBytes(bytes), filename, title, contentType };
  const file = await keepOnlyIfCommitted(services.storage, services.log, key, () =>
    merchantWrite(
      c,
      (w) => createDigitalFile(w, services.storage, { key, bytes, filename, title, contentType }),
      { fingerprint },
    ),
  );
  return c.json(file, 201);
});

mount(digitalFileAdminRoutes, update, remove);
