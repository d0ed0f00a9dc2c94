import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';
import { ImageSchema } from '../../http/schemas';

const alt = z
  .string()
  .trim()
  .max(512)
  .openapi({ description: 'Alternative text; the storefront shows it as the image `title`' });

export const MediaSchema = z
  .object({
    id: z.string(),
    object: z.literal('media'),
    filename: z.string().openapi({
      description:
        'The stored name: the uploaded name made URL-safe, a random suffix, and the extension of the detected format',
      example: 'linen-shirt-3f9a2c1b.png',
    }),
    alt: z.string(),
    content_type: z.string().openapi({
      description: 'Detected from the file’s bytes, never from its name or the request',
      example: 'image/png',
    }),
    size: z.number().int().openapi({ description: 'Bytes' }),
    width: z.number().int().nullable().openapi({ description: 'Pixels, when the header says' }),
    height: z.number().int().nullable(),
    url: z.string().openapi({ description: '`settings.media.url` followed by `filename`' }),
    image: ImageSchema.openapi({
      description: 'The image object as the storefront API shows it wherever the image is used',
    }),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('Media');

export type Media = z.infer<typeof MediaSchema>;

export const MediaUploadQuerySchema = z.object({
  filename: z
    .string()
    .max(255)
    .optional()
    .openapi({
      param: { name: 'filename', in: 'query' },
      description:
        'The original file name; only its words are kept (the extension comes from the detected format)',
      example: 'linen-shirt.jpg',
    }),
  alt: alt.optional().openapi({ param: { name: 'alt', in: 'query' } }),
});

export const MediaUpdateSchema = z.strictObject({ alt }).partial().openapi('MediaUpdate');
export type MediaUpdate = z.infer<typeof MediaUpdateSchema>;

export const MediaListQuerySchema = ListQuerySchema;
export const MediaListSchema = listSchema(MediaSchema, 'MediaList');
export const DeletedMediaSchema = deletedSchema('media', 'DeletedMedia');
