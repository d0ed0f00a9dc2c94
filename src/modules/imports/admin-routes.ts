import { z } from '@hono/zod-openapi';
import { adminRoute, IdParamSchema } from '../../admin-kit/route';
import { listRoute, mount, readRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { readStreamCapped } from '../../lib/capped-read';
import {
  ImportListQuerySchema,
  ImportListSchema,
  ImportSchema,
  ImportUploadQuerySchema,
} from './schemas';
import {
  createImport,
  getImport,
  IMPORT_MAX_BYTES,
  importTooLarge,
  listImports,
  RAISES,
  uploadFingerprint,
} from './service';

const tag = 'Imports';
const csv = { schema: z.string().openapi({ type: 'string', format: 'binary' }) };

const upload = adminRoute({
  method: 'post',
  path: '/',
  tag,
  scope: 'catalogue:write',
  operationId: 'createImport',
  summary: 'Imports a Shopify product CSV: products are upserted by Handle in the background',
  description: `Send the file itself as the body (the CSV Shopify exports from Products → Export, any era of its columns). The header is checked at once (\`422 CSV_HEADER_INVALID\` without a Handle column); the rest runs as a background job: poll \`GET /imports/{id}\`. Each product (the rows of one Handle) is written whole or not at all; its problems name the line and the column. With \`dry_run=true\` nothing is written and the counts say what would change. Tags become product tags, never categories; \`categories_from\` chooses the column that names categories (Type, Product Category, Collection or none), and \`category_mapping\` reports what each choice would make, so a dry run shows the choice before the import makes it. At most ${IMPORT_MAX_BYTES} bytes (15 MB): larger is \`413 IMPORT_FILE_TOO_LARGE\`, refused before it is read.`,
  request: {
    query: ImportUploadQuerySchema,
    body: { required: true, content: { 'text/csv': csv, 'application/octet-stream': csv } },
  },
  responses: { 202: jsonContent(ImportSchema, 'The import, queued') },
  raises: RAISES.createImport,
});

const list = listRoute({
  path: '/',
  tag,
  scope: 'catalogue:read',
  operationId: 'listImports',
  summary: 'The shop’s imports, newest first, with their status and counts',
  description:
    'Lists the imports of the shop, newest first, each as `GET /imports/{id}` shows it: a job that is still `queued` or `running` is found here even when the client that started it has gone.',
  request: { query: ImportListQuerySchema },
  schema: ImportListSchema,
  answers: 'A page of imports',
  list: ({ db, shop, query }) => listImports(db, shop.id, query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:read',
  operationId: 'getImport',
  summary: 'An import’s progress, counts, problems and ignored columns',
  description:
    'Poll it until `status` is `completed` or `failed`. `processed_products` of `total_products` is the progress; `errors` names each problem’s line and column; `error` says why a whole file was refused (broken quoting).',
  request: { params: IdParamSchema },
  schema: ImportSchema,
  answers: 'The import',
  etag: false,
  raises: RAISES.getImport,
  get: ({ db, shop, params }) => getImport(db, shop.id, params.id),
});

/** /admin/api/v1/imports */
export const importAdminRoutes = createRouter();

// Not createRoute: the body is the CSV itself, and the answer is 202 with a job queued on commit.
importAdminRoutes.openapi(upload, async (c) => {
  const bytes = await readStreamCapped(c.req.raw, IMPORT_MAX_BYTES, importTooLarge);
  const queue = c.env.PRODUCT_IMPORTS;
  const query = c.req.valid('query');
  const options = { dryRun: query.dry_run === 'true', categoriesFrom: query.categories_from };
  const keyId = c.get('merchant').keyId;
  let queued: () => Promise<unknown> = async () => undefined;
  const created = await merchantWrite(
    c,
    async (w) => {
      const made = await createImport(w, queue, keyId, bytes, options);
      queued = made.queued;
      return made.created;
    },
    { fingerprint: await uploadFingerprint(bytes, options) },
  );
  await queued();
  return c.json(created, 202);
});

mount(importAdminRoutes, list, read);
