import { z } from '@hono/zod-openapi';
import { IMAGE_WIDTHS } from '@storefront-api/client/images';

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
      description: `A width to resize the image to: ${IMAGE_WIDTHS.slice(0, -1).join(', ')} or ${IMAGE_WIDTHS.at(-1)}`,
    }),
});
