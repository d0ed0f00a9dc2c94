import { z } from '@hono/zod-openapi';
import { requireCustomerToken } from '../../http/customer';
import { jsonBody } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
import { requireShop } from '../../http/shop';
import { OrderIdParamSchema } from '../orders/schemas';
import { DownloadBodySchema } from './schemas';
import { attachmentDisposition, openDownload, RAISES } from './service';

const download = defineRoute({
  method: 'post',
  path: '/download-files/{id}',
  tags: ['downloads'],
  operationId: 'downloadOrderFile',
  summary: 'Streams a digital file of a fully paid order (counts one download)',
  description:
    "The body names the product and the file (ids from the order's `downloadables`). Streams the file as an attachment and counts one download against the file's limit: `403 DOWNLOAD_LIMIT_REACHED`, `410 DOWNLOAD_EXPIRED` and `403 DOWNLOAD_NOT_ACTIVE` say why a download is refused.",
  middleware: [requireShop, requireCustomerToken] as const,
  request: { params: OrderIdParamSchema, body: jsonBody(DownloadBodySchema) },
  raises: RAISES.openDownload,
  responses: {
    200: {
      description: 'The file, as an attachment',
      content: {
        'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) },
      },
    },
  },
});

/**
 * Downloads of order files. Mounted at /orders beside orderRoutes (the contract's path), so
 * each route resolves its shop itself rather than through a router-wide middleware.
 */
export const downloadRoutes = createRouter();

downloadRoutes.openapi(download, async (c) => {
  const services = c.get('services');
  const { id } = c.req.valid('param');
  const file = await openDownload(
    services.database.db,
    services.storage,
    c.get('shop'),
    c.get('customerClaims'),
    { orderId: id, ...c.req.valid('json') },
  );
  return c.body(file.object.body, 200, {
    'Content-Type': file.mimeType || file.object.contentType || 'application/octet-stream',
    'Content-Length': String(file.object.size),
    'Content-Disposition': attachmentDisposition(file.filename),
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  });
});
