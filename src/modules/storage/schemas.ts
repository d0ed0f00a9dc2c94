import { z } from '@hono/zod-openapi';

export const MediaParams = z.object({
  shopId: z.string().openapi({ param: { name: 'shopId', in: 'path' } }),
  filename: z.string().openapi({ param: { name: 'filename', in: 'path' } }),
});

export const MediaQuery = z.object({
  w: z
    .string()
    .optional()
    .openapi({
      param: { name: 'w', in: 'query' },
      description: 'A width to resize the image to: 320, 640, 1024 or 1600',
    }),
});
