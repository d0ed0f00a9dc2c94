import { z } from '@hono/zod-openapi';
import {
  ImageSchema,
  orNull,
  PositionedImageSchema,
  pageQuery,
  queryBoolean,
  shapeA,
} from '../../http/schemas';
import { UUID_PATTERN } from '../../lib/uuid';

/** Page size of product lists when `limit` is absent, and the largest served. */
export const PRODUCT_PAGE_DEFAULT = 18;
export const PRODUCT_PAGE_MAX = 50;
/** Cart bounds: lines per cart and units per line. */
export const CART_MAX_LINES = 100;
export const CART_MAX_QUANTITY = 999;
/**
 * A variation key: 1 to 10 lower- or upper-case uuids joined with '-'. No `i` flag: the
 * document publishes the pattern, and JSON Schema patterns take no flags.
 */
export const VARIATION_KEY = new RegExp(`^${UUID_PATTERN}(-${UUID_PATTERN}){0,9}$`);

const price = (description: string) => z.number().nullable().openapi({ description });

export const CategoryRefSchema = z
  .object({ _id: z.string(), name: z.string(), slug: z.string() })
  .openapi('CategoryRef');

export const StockStatusSchema = z.enum(['in-stock', 'out-of-stock']).openapi('StockStatus');

export const ShippingSchema = z
  .object({
    weight: z.number(),
    length: z.number(),
    width: z.number(),
    height: z.number(),
    weightUnit: z.string(),
    measurementUnit: z.string(),
  })
  .openapi('ShippingDimensions');

export const ProductListItemSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    slug: z.string(),
    featured: z.boolean(),
    hasVariantions: z.boolean().openapi({ description: 'True when the product has variants' }),
    date: z.string().openapi({ description: 'Creation time, ISO 8601' }),
    categories: z.array(CategoryRefSchema),
    primaryCategory: orNull(CategoryRefSchema).openapi({
      description: 'The primary category, else the first category; null without categories',
    }),
    primaryImage: orNull(ImageSchema),
    secondaryImage: orNull(ImageSchema),
    price: price('Null for variant products'),
    salePrice: price('Set only while a sale is active; null for variant products'),
    onSale: z.boolean(),
    actualPrice: price('The price to show and charge, sale applied; null for variant products'),
    minPrice: price("Lowest active variant's actual price; null without variants"),
    maxPrice: price("Highest active variant's actual price; null without variants"),
    sku: z.string(),
    status: StockStatusSchema,
    sellable: z
      .number()
      .nullable()
      .openapi({ description: 'Units available; null when stock is not tracked' }),
    reviewAggregate: z
      .array(z.object({ _id: z.string(), count: z.number(), average: z.number() }))
      .openapi({
        description:
          'One entry `{ _id: product _id, count, average }` over approved visible reviews; empty without reviews',
      }),
    reviewCount: z.number(),
    averageRating: z.number().openapi({ description: 'One decimal; 0 without reviews' }),
  })
  .openapi('ProductListItem');

export const OptionSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    position: z.number(),
    values: z.array(z.object({ _id: z.string(), value: z.string() })),
  })
  .openapi('ProductOption');

export const DefaultOptionSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    value: z.object({ _id: z.string(), value: z.string() }),
  })
  .openapi('ProductDefaultOption');

export const ProductDetailSchema = ProductListItemSchema.extend({
  description: z.string().openapi({ description: 'HTML-escaped; may be empty' }),
  media: z.array(PositionedImageSchema),
  options: z.array(OptionSchema).nullable(),
  defaultOptions: z.array(DefaultOptionSchema).nullable(),
  hasShipping: z.boolean(),
  shipping: orNull(ShippingSchema),
}).openapi('ProductDetail');

export const VariantSchema = z
  .object({
    _id: z.string(),
    key: z
      .string()
      .openapi({ description: 'Option value ids joined with a dash, in option order' }),
    position: z.number(),
    optionsValues: z.array(
      z.object({
        key: z.object({ _id: z.string(), name: z.string() }),
        value: z.object({ _id: z.string(), value: z.string() }),
      }),
    ),
    sku: z.string(),
    trackStock: z.boolean(),
    status: StockStatusSchema,
    sellable: z.number().nullable(),
    price: z.number(),
    salePrice: z.number().nullable(),
    actualPrice: z.number(),
    onSale: z.boolean(),
    hasShipping: z.boolean(),
    shipping: orNull(ShippingSchema).openapi({ description: 'Null when hasShipping is false' }),
    media: z.array(PositionedImageSchema),
    primaryImage: orNull(PositionedImageSchema).openapi({
      description: "The variant's first image, else the product's",
    }),
  })
  .openapi('Variant');

export const VariantListSchema = z
  .object({
    product: z.object({ _id: z.string(), title: z.string(), slug: z.string() }),
    totalVariants: z.number(),
    variants: z.array(VariantSchema),
  })
  .openapi('VariantList');

export const HydratedCartItemSchema = z
  .object({
    _id: z.string(),
    title: z.string(),
    slug: z.string(),
    primaryImage: orNull(ImageSchema),
    secondaryImage: orNull(ImageSchema),
    hasVariantions: z.boolean(),
    primaryCategory: orNull(CategoryRefSchema),
    media: z.array(PositionedImageSchema),
    price: z.number().nullable(),
    salePrice: z.number().nullable(),
    onSale: z.boolean(),
    actualPrice: z
      .number()
      .openapi({ description: "Authoritative unit price (the variant's for a variant line)" }),
    minPrice: z.number().nullable(),
    maxPrice: z.number().nullable(),
    sku: z.string(),
    trackStock: z.boolean(),
    status: StockStatusSchema,
    sellable: z.number().nullable(),
    variationKey: z.string().nullable(),
    variation: orNull(VariantSchema).openapi({
      description: 'The chosen variant (as GET /products/variant-details shows it); null without',
    }),
    needsShipping: z.boolean().openapi({
      description:
        'Additive: whether the line is delivered (it requires shipping and is not digital); an order of lines none of which is delivered is charged no delivery',
    }),
  })
  .openapi('HydratedCartItem');

export const CartItemSchema = z
  .object({
    productId: z.string().trim().min(1).max(100).openapi({ description: 'Product `_id`' }),
    quantity: z.number().int().min(1).max(CART_MAX_QUANTITY),
    type: z.literal('product'),
    variationKey: z
      .union([z.literal(''), z.string().trim().regex(VARIATION_KEY)])
      .nullable()
      .optional()
      .openapi({ description: 'Required for variant products; "" or absent otherwise' }),
  })
  .openapi('CartItem');

export const CartBodySchema = z
  .object({ cart: z.array(CartItemSchema).max(CART_MAX_LINES) })
  .openapi('CartBody');

export const HydratedCartSchema = z
  .object({
    status: z.literal('success'),
    total: z.number().openapi({ description: 'Number of items returned' }),
    data: z.array(HydratedCartItemSchema),
  })
  .openapi('HydratedCart');

export const ProductPageSchema = shapeA(ProductListItemSchema).openapi('ProductPage');

const amountQuery = (name: string, description: string) =>
  z.coerce
    .number()
    .nonnegative()
    .max(1e9)
    .optional()
    .openapi({ param: { name, in: 'query' }, description });

export const PageQuery = pageQuery(PRODUCT_PAGE_DEFAULT, PRODUCT_PAGE_MAX);

export const ProductListQuery = PageQuery.extend({
  sort: z
    .enum(['A-Z', 'Z-A', 'RECENT', 'OLD'])
    .optional()
    .openapi({
      param: { name: 'sort', in: 'query' },
      description: 'Default: by relevance when `term` is set, else RECENT (newest first)',
    }),
  categories: z
    .string()
    .trim()
    .max(500)
    .optional()
    .openapi({
      param: { name: 'categories', in: 'query' },
      description:
        'A category slug (or several, comma-separated): products in it or any descendant',
    }),
  minPrice: amountQuery('minPrice', 'Lowest actual price, in currency units'),
  maxPrice: amountQuery('maxPrice', 'Highest actual price, in currency units'),
  featured: queryBoolean
    .optional()
    .openapi({ param: { name: 'featured', in: 'query' }, description: 'true: only featured' }),
  onSale: queryBoolean
    .optional()
    .openapi({ param: { name: 'onSale', in: 'query' }, description: 'true: only on sale' }),
  term: z
    .string()
    .trim()
    .max(100)
    .optional()
    .openapi({ param: { name: 'term', in: 'query' }, description: 'Matched as GET /search does' }),
}).refine((q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice, {
  path: ['maxPrice'],
  message: 'maxPrice must not be below minPrice',
});

export const ProductRefParam = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'id', in: 'path' }, description: 'Product slug or `_id`' }),
});

const productIdQuery = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .openapi({ param: { name: 'productId', in: 'query' }, description: 'Product slug or `_id`' });

export const VariantsQuery = z.object({ productId: productIdQuery });

export const VariantDetailsQuery = z.object({
  productId: productIdQuery,
  variationKey: z
    .string()
    .trim()
    .regex(VARIATION_KEY)
    .openapi({
      param: { name: 'variationKey', in: 'query' },
      description: 'Option value ids joined with a dash, in option order',
    }),
});

export type ProductListItem = z.infer<typeof ProductListItemSchema>;
export type ProductDetail = z.infer<typeof ProductDetailSchema>;
export type Variant = z.infer<typeof VariantSchema>;
export type HydratedCartItem = z.infer<typeof HydratedCartItemSchema>;
export type CartItem = z.infer<typeof CartItemSchema>;
