import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { ProductSchema } from './admin-schemas';
import { MAX_TAG_LENGTH } from './tags';

/** GET /products: its filters and its page. */
export const ProductListQuerySchema = ListQuerySchema.extend({
  status: z
    .enum(['published', 'draft', 'archived'])
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  category: z
    .uuid()
    .optional()
    .openapi({ param: { name: 'category', in: 'query' }, description: 'A category id' }),
  tag: z
    .string()
    .trim()
    .min(1)
    .max(MAX_TAG_LENGTH)
    .optional()
    .openapi({
      param: { name: 'tag', in: 'query' },
      description: 'Products carrying this tag (the whole tag, in any case)',
      example: 'summer',
    }),
  query: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      param: { name: 'query', in: 'query' },
      description:
        "Part of the title, the slug, a tag or a SKU (of the product or a variant), or what the storefront's search matches among published products (typos forgiven, e.g. `linnen`)",
    }),
});

export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;
export const ProductListSchema = listSchema(ProductSchema, 'ProductList');
