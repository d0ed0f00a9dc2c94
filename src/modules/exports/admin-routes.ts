import { z } from '@hono/zod-openapi';
import { actorOf } from '../../admin-kit/audit';
import { adminRoute } from '../../admin-kit/route';
import { createRouter } from '../../http/router';
import { mediaBaseUrl } from '../storage/service';
import { auditExport, exportProducts } from './service';

const exportCsv = adminRoute({
  method: 'get',
  path: '/products',
  tag: 'Imports',
  scope: 'catalogue:read',
  operationId: 'exportProducts',
  summary: 'Every product of the shop as a Shopify product CSV, streamed',
  description:
    'The columns Shopify’s own export writes (one row per variant and per image, grouped by Handle), which `POST /imports` and Shopify both read back. Draft and archived products are included with their Status. Dimensions and `featured` travel as metafield columns. Each export is recorded in the audit log (a created `export`).',
  responses: {
    200: {
      description: 'The CSV file',
      content: { 'text/csv': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } },
    },
  },
});

/** /admin/api/v1/exports */
export const exportAdminRoutes = createRouter();

exportAdminRoutes.openapi(exportCsv, async (c) => {
  const services = c.get('services');
  const actor = actorOf(c.get('merchant'), c.get('requestId') ?? null);
  await auditExport(services.database.db, c.get('shop').id, actor);
  const base = mediaBaseUrl(services.config.MEDIA_BASE_URL, c.req.url);
  const body = exportProducts(services.database.db, c.get('shop'), base);
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="products_export.csv"',
      'cache-control': 'private, no-store',
    },
  }) as never;
});
