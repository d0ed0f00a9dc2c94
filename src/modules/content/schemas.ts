import { z } from '@hono/zod-openapi';
import { pageQuery, shapeA, success } from '../../http/schemas';

/** Page size of a content collection when `limit` is absent. */
export const CONTENT_PAGE_DEFAULT = 20;
/** Largest page of a content collection; larger `limit`s are served as this. */
export const CONTENT_PAGE_MAX = 50;

const modelSlug = z
  .string()
  .min(1)
  .openapi({ param: { name: 'modelSlug', in: 'path' }, example: 'blog-posts' });

export const ContentModelParam = z.object({ modelSlug });

export const ContentEntryParams = z.object({
  modelSlug,
  entryId: z
    .string()
    .min(1)
    .openapi({ param: { name: 'entryId', in: 'path' }, description: 'The entry `_id`' }),
});

export const ContentQuery = pageQuery(CONTENT_PAGE_DEFAULT, CONTENT_PAGE_MAX);

/** A published entry: the merchant's fields flattened beside `_id` and `updatedAt`. */
export const ContentEntrySchema = z
  .object({
    _id: z.string(),
    updatedAt: z.string().openapi({ description: 'Last change, ISO 8601' }),
  })
  .catchall(z.unknown())
  .openapi('ContentEntry', {
    description:
      "The merchant's fields are flattened onto the entry; `_id` and `updatedAt` win over fields of the same name.",
  });

export const ContentCollectionSchema = shapeA(ContentEntrySchema).openapi('ContentCollectionPage');

export const ContentModelResponseSchema = success(
  z.union([ContentCollectionSchema, ContentEntrySchema.nullable()]),
).openapi('ContentModelResponse', {
  description:
    'A collection answers a page of entries (Shape A); a singleton answers its entry, or null when none is published.',
});

export const ContentEntryResponseSchema =
  success(ContentEntrySchema).openapi('ContentEntryResponse');

export type ContentEntry = z.infer<typeof ContentEntrySchema>;
export type ContentCollection = z.infer<typeof ContentCollectionSchema>;
