import { z } from '@hono/zod-openapi';

export const DownloadBodySchema = z
  .object({ fileId: z.string().max(100), productId: z.string().max(100) })
  .openapi('DownloadBody');
