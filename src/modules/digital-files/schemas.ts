import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';

export const DigitalFileSchema = z
  .object({
    id: z.string(),
    object: z.literal('digital_file'),
    filename: z.string().openapi({ description: 'The name buyers download it under' }),
    title: z.string(),
    content_type: z.string().openapi({ example: 'application/pdf' }),
    size: z.number().int().openapi({ description: 'Bytes' }),
    product_id: z.string().nullable().openapi({
      description: 'The product that sells the file; null until a product is given it',
    }),
    download_limit: z.number().int().nullable().openapi({
      description: 'Downloads allowed per purchase; null for unlimited',
    }),
    download_days: z.number().int().nullable().openapi({
      description: 'Days after purchase the file may be downloaded; null for ever',
    }),
    active: z.boolean().openapi({ description: 'Downloadable; false stops every download' }),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('DigitalFile');

export type DigitalFile = z.infer<typeof DigitalFileSchema>;

/** A character a download name may not hold: a control character or a path separator. */
const unsafe = (ch: string) =>
  ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 || '/\\'.includes(ch);

const filename = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .refine((name) => ![...name].some(unsafe), 'No slashes or control characters.')
  .openapi({ example: 'field-guide.pdf' });
const title = z.string().trim().max(200);
const downloadLimit = z.number().int().min(1).max(1_000_000).nullable();
const downloadDays = z.number().int().min(1).max(36_500).nullable();

export const DigitalFileUploadQuerySchema = z.object({
  filename: filename.openapi({
    param: { name: 'filename', in: 'query' },
    description: 'The name buyers download the file under',
  }),
  title: title.optional().openapi({ param: { name: 'title', in: 'query' } }),
});

export const DigitalFileUpdateSchema = z
  .strictObject({
    filename,
    title,
    download_limit: downloadLimit,
    download_days: downloadDays,
    active: z.boolean(),
  })
  .partial()
  .openapi('DigitalFileUpdate');

export type DigitalFileUpdate = z.infer<typeof DigitalFileUpdateSchema>;

export const DigitalFileListQuerySchema = ListQuerySchema;
export const DigitalFileListSchema = listSchema(DigitalFileSchema, 'DigitalFileList');
export const DeletedDigitalFileSchema = deletedSchema('digital_file', 'DeletedDigitalFile');
