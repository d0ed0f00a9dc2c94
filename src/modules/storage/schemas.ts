import { z } from '@hono/zod-openapi';

export const MediaParams = z.object({
  shopId: z.string().openapi({ param: { name: 'shopId', in: 'path' } }),
  filename: z.string().openapi({ param: { name: 'filename', in: 'path' } }),
});
