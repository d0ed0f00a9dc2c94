import { z } from '@hono/zod-openapi';
import { ImageSchema, orNull, pageQuery } from '../../http/schemas';

/** Page size of GET /categories when `limit` is absent. */
export const CATEGORY_PAGE_DEFAULT = 20;
/** Largest page GET /categories serves; larger `limit`s are served as this. */
export const CATEGORY_PAGE_MAX = 100;

export const CategoryListQuery = pageQuery(CATEGORY_PAGE_DEFAULT, CATEGORY_PAGE_MAX).extend({
  term: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: 'term', in: 'query' },
      description:
        'Case- and accent-insensitive substring of the name; empty or blank means no filter',
      example: 'linen',
    }),
  parent: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: 'parent', in: 'query' },
      description:
        'Direct children of this published category (its `_id` or slug); `null` lists the top-level categories; absent or empty lists all',
    }),
});

export const CategoryRefParam = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' }, description: 'Category slug or `_id`' }),
});

export const CategoryListItemSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    slug: z.string(),
    featured: z.boolean(),
    parent: z
      .string()
      .nullable()
      .openapi({ description: 'The published parent category, null at the top level' }),
    image: orNull(ImageSchema),
    hasChildren: z.boolean().openapi({ description: 'Has at least one published child' }),
  })
  .openapi('CategoryListItem');

export const CategoryDetailSchema = CategoryListItemSchema.extend({
  description: z.string().openapi({ description: 'Merchant HTML, as stored (not escaped)' }),
  date: z.string().openapi({ description: 'Creation time, ISO 8601' }),
  headerImage: orNull(ImageSchema),
}).openapi('CategoryDetail');

/** Shape C: the page fields sit beside `status` and `data`. */
export const CategoryPageSchema = z
  .object({
    status: z.literal('success'),
    currentPage: z.number(),
    totalPages: z.number(),
    totalDocuments: z.number(),
    hasNextPage: z.boolean(),
    data: z.array(CategoryListItemSchema),
  })
  .openapi('CategoryPage');

export type CategoryListItem = z.infer<typeof CategoryListItemSchema>;
export type CategoryDetail = z.infer<typeof CategoryDetailSchema>;
export type CategoryPage = z.infer<typeof CategoryPageSchema>;
