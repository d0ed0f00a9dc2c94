import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';

const STATUSES = ['published', 'draft', 'archived'] as const;

export const CategorySchema = z
  .object({
    id: z.string(),
    object: z.literal('category'),
    title: z.string().openapi({ description: 'Shown by the storefront as `name`' }),
    slug: z.string().openapi({ description: 'Unique in the shop; the storefront finds it by it' }),
    description: z.string().openapi({ description: 'HTML, shown by the storefront as is' }),
    parent_id: z
      .string()
      .nullable()
      .openapi({ description: 'The parent category; null at the top' }),
    position: z.number().int().openapi({ description: 'Order among its siblings, ascending' }),
    image_id: z.string().nullable().openapi({ description: 'A media id of the shop' }),
    header_image_id: z.string().nullable(),
    featured: z.boolean(),
    show_in_menu: z.boolean().openapi({ description: 'Listed in the storefront menu tree' }),
    status: z.enum(STATUSES).openapi({ description: 'Only `published` categories are shown' }),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('Category');

export type Category = z.infer<typeof CategorySchema>;

const mediaId = z.uuid({ message: 'Must be a media id.' }).nullable();

const fields = {
  title: z.string().trim().min(1).max(200),
  slug: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
      message: 'Lower-case letters and digits, words joined by single hyphens.',
    })
    .openapi({ description: 'Made from the title when left out', example: 'summer-dresses' }),
  description: z.string().max(100_000),
  parent_id: z.uuid({ message: 'Must be a category id.' }).nullable().openapi({
    description: 'Moves the category (with its subtree); never under itself or a descendant',
  }),
  position: z.number().int().min(0).max(1_000_000).openapi({
    description: 'Order among siblings; a new category goes after its last sibling',
  }),
  image_id: mediaId,
  header_image_id: mediaId,
  featured: z.boolean(),
  show_in_menu: z.boolean(),
  status: z.enum(STATUSES),
};

const { title, ...optional } = fields;

export const CategoryCreateSchema = z
  .strictObject({ title, ...z.object(optional).partial().shape })
  .openapi('CategoryCreate');

export const CategoryUpdateSchema = z.strictObject(fields).partial().openapi('CategoryUpdate');

export type CategoryCreate = z.infer<typeof CategoryCreateSchema>;
export type CategoryUpdate = z.infer<typeof CategoryUpdateSchema>;

export const CategoryListQuerySchema = ListQuerySchema.extend({
  parent_id: z
    .string()
    .optional()
    .openapi({
      param: { name: 'parent_id', in: 'query' },
      description: 'Only the children of this category; `null` for the top level',
    }),
});

export type CategoryListQuery = z.infer<typeof CategoryListQuerySchema>;

export const CategoryListSchema = listSchema(CategorySchema, 'CategoryList');
export const DeletedCategorySchema = deletedSchema('category', 'DeletedCategory');
