import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';

const status = z.enum(['draft', 'published', 'archived']).openapi({
  description: 'Only published entries are served by the storefront',
});

const data = z.record(z.string(), z.unknown()).openapi({
  description:
    "The entry's values by field name, checked against its model: unknown fields, missing required fields and values of the wrong type are refused, each named",
  example: { headline: 'Made slowly, worn often', ctaUrl: '/collections/new' },
});

export const ContentEntrySchema = z
  .object({
    id: z.string(),
    object: z.literal('content_entry'),
    model_id: z.string(),
    status,
    data: z.record(z.string(), z.unknown()),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('ContentEntryResource');

export type ContentEntryResource = z.infer<typeof ContentEntrySchema>;

export const ContentEntryCreateSchema = z
  .strictObject({ status: status.default('draft'), data: data.default({}) })
  .openapi('ContentEntryCreate');

export const ContentEntryUpdateSchema = z
  .strictObject({
    status,
    data: data.openapi({
      description:
        'The fields to change: each given field is set, `null` removes it; fields not given keep their values',
    }),
  })
  .partial()
  .openapi('ContentEntryUpdate');

export type ContentEntryCreate = z.infer<typeof ContentEntryCreateSchema>;
export type ContentEntryUpdate = z.infer<typeof ContentEntryUpdateSchema>;

export const ContentEntryListQuerySchema = ListQuerySchema.extend({
  status: status.optional().openapi({ param: { name: 'status', in: 'query' } }),
});
export const ContentEntryListSchema = listSchema(ContentEntrySchema, 'ContentEntryList');
export const DeletedContentEntrySchema = deletedSchema('content_entry', 'DeletedContentEntry');
