import { z } from '@hono/zod-openapi';
import { timestamp } from '../../admin-kit/route';
import { seoFields } from './admin-seo-schemas';
import { MAX_TAG_LENGTH, MAX_TAGS } from './tags';

/*
 * The merchant API's product: Shopify's product / option / variant model in Stripe's
 * envelope (snake_case, `object`, `version`). Amounts are integers in minor units.
 */

/** The most units on hand a product or variant may hold (set, or reached by adjustments). */
export const MAX_STOCK = 1_000_000_000;

const amount = (description: string) =>
  z.number().int().min(0).max(1_000_000_000).openapi({ description, example: 2500 });

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugField = z.string().max(200).regex(SLUG, {
  message: 'Lower-case letters, digits and single hyphens, e.g. `linen-shirt`.',
});

const dateTime = z.iso.datetime({ offset: true }).openapi({ example: '2026-06-01T00:00:00Z' });

export const ShippingSchema = z
  .strictObject({
    weight: z.number().min(0).max(1_000_000),
    length: z.number().min(0).max(1_000_000),
    width: z.number().min(0).max(1_000_000),
    height: z.number().min(0).max(1_000_000),
    weight_unit: z.string().min(1).max(10).openapi({ example: 'kg' }),
    measurement_unit: z.string().min(1).max(10).openapi({ example: 'cm' }),
  })
  .openapi('ProductShipping');

export const MediaRefSchema = z
  .strictObject({
    media_id: z.uuid().openapi({ description: 'A row of the shop’s media library' }),
    position: z.number().int().min(0).max(10_000).optional(),
  })
  .openapi('ProductMediaRef');

/** Price, sale and stock fields: a product without options carries them, else each variant. */
const sellable = {
  sku: z.string().trim().max(100).openapi({
    description: 'Not unique: a SKU another product or variant of the shop uses is a warning',
  }),
  price: amount('Price in minor units; null: not for sale').nullable(),
  sale_price: amount('Sale price in minor units while the sale window is open').nullable(),
  sale_starts_at: dateTime.nullable(),
  sale_ends_at: dateTime.nullable(),
  track_stock: z.boolean(),
  stock: z.number().int().min(0).max(MAX_STOCK).openapi({
    description: 'Units on hand (absolute); use POST …/stock to adjust by a delta',
  }),
  has_shipping: z.boolean(),
  shipping: ShippingSchema.nullable(),
};

export const VariantInputSchema = z
  .strictObject({
    id: z.uuid().optional().openapi({
      description:
        'Keeps this variant (its id) while changing its options; without it a variant is matched by its option values',
    }),
    option_values: z
      .array(z.string().trim().min(1).max(100))
      .max(3)
      .openapi({
        description: 'One value per option, in option order',
        example: ['Blue', 'M'],
      }),
    ...sellable,
    price: amount('Price in minor units; required for a new variant'),
    active: z.boolean(),
    media: z.array(MediaRefSchema).max(50),
  })
  .partial()
  .required({ option_values: true })
  .openapi('ProductVariantInput');

export const OptionInputSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(100).openapi({ example: 'Size' }),
    values: z
      .array(z.string().trim().min(1).max(100))
      .min(1)
      .max(100)
      .openapi({ example: ['S', 'M', 'L'] }),
  })
  .openapi('ProductOptionInput');

const productFields = {
  title: z.string().trim().min(1).max(500),
  slug: slugField.openapi({
    description: 'The URL handle; from the title when absent. Unique in the shop',
    example: 'linen-shirt',
  }),
  description: z.string().max(100_000).openapi({ description: 'HTML' }),
  status: z.enum(['published', 'draft', 'archived']).openapi({
    description: 'Only published products are shown by the storefront',
  }),
  featured: z.boolean(),
  ...seoFields,
  tags: z
    .array(z.string())
    .max(1000)
    .openapi({
      description: `The merchant's own labels (Shopify's Tags), as a JSON array of strings (not Shopify's comma-separated string): each trimmed, 1 to ${MAX_TAG_LENGTH} characters, no comma; repeats in any case are dropped (the first spelling kept); at most ${MAX_TAGS}. Searched and filtered in the merchant API, exported as Tags; the storefront never shows them and they make no categories. Replaces the product's tags`,
      example: ['summer', 'linen'],
    }),
  category_ids: z.array(z.uuid()).max(100),
  primary_category_id: z.uuid().nullable(),
  media: z.array(MediaRefSchema).max(100),
  ...sellable,
  is_digital: z.boolean(),
  options: z.array(OptionInputSchema).max(3).openapi({
    description: 'Up to 3 options; replacing them requires `variants` in the same request',
  }),
  variants: z.array(VariantInputSchema).max(100).openapi({
    description:
      'Replaces the variants: a variant matched by `id` or by its option values keeps its id; the others are removed',
  }),
  digital_file_ids: z.array(z.uuid()).max(50).openapi({
    description:
      'Files delivered after purchase (rows uploaded to the shop); files left out are detached (deactivated)',
  }),
};

/** The create body, and what an import upserts by slug (`upsertProductByHandle`). */
export const ProductInputSchema = z
  .strictObject(productFields)
  .partial()
  .required({ title: true })
  .openapi('ProductCreate');

export type ProductInput = z.infer<typeof ProductInputSchema>;

export const ProductUpdateSchema = z.strictObject(productFields).partial().openapi('ProductUpdate');

export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;
export type VariantInput = z.infer<typeof VariantInputSchema>;

export const VariantUpdateSchema = z
  .strictObject({ ...sellable, price: amount('Price in minor units'), active: z.boolean() })
  .partial()
  .openapi('ProductVariantUpdate');

export type VariantUpdate = z.infer<typeof VariantUpdateSchema>;

const shippingView = z
  .object({
    weight: z.number(),
    length: z.number(),
    width: z.number(),
    height: z.number(),
    weight_unit: z.string(),
    measurement_unit: z.string(),
  })
  .nullable();

const mediaView = z.object({ media_id: z.string(), position: z.number().int() });

const sellableView = {
  sku: z.string(),
  price: z.number().int().nullable(),
  sale_price: z.number().int().nullable(),
  sale_starts_at: timestamp().nullable(),
  sale_ends_at: timestamp().nullable(),
  track_stock: z.boolean(),
  stock: z.number().int(),
  has_shipping: z.boolean(),
  shipping: shippingView,
};

export const VariantSchema = z
  .object({
    id: z.string(),
    object: z.literal('product_variant'),
    option_values: z.array(z.string()),
    key: z.string().openapi({ description: 'The storefront’s `variationKey`' }),
    position: z.number().int(),
    ...sellableView,
    active: z.boolean(),
    media: z.array(mediaView),
  })
  .openapi('ProductVariant');

export const ProductSchema = z
  .object({
    id: z.string(),
    object: z.literal('product'),
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    status: z.enum(['published', 'draft', 'archived']),
    featured: z.boolean(),
    seo_title: z.string(),
    seo_description: z.string(),
    vendor: z.string(),
    tags: z.array(z.string()).openapi({
      description: 'The merchant’s own labels, in the order given; never shown by the storefront',
      example: ['summer', 'linen'],
    }),
    category_ids: z.array(z.string()),
    primary_category_id: z.string().nullable(),
    media: z.array(mediaView),
    ...sellableView,
    is_digital: z.boolean(),
    options: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        position: z.number().int(),
        values: z.array(z.object({ id: z.string(), value: z.string() })),
      }),
    ),
    variants: z.array(VariantSchema),
    digital_files: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        filename: z.string(),
        mime_type: z.string(),
        size_bytes: z.number().int(),
      }),
    ),
    redirect_slugs: z.array(z.string()).openapi({
      description: 'Former slugs the storefront still resolves to this product',
    }),
    version: z.number().int().openapi({
      description:
        'Raised by every change, and by every change of units on hand (a sale, a restock, an adjustment); the ETag',
    }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('Product');

export type Product = z.infer<typeof ProductSchema>;

export const WarningSchema = z
  .object({
    code: z.enum(['DUPLICATE_SKU']),
    field: z.string().openapi({ example: 'variants.1.sku' }),
    message: z.string(),
  })
  .openapi('ProductWarning');

export type Warning = z.infer<typeof WarningSchema>;

export const ProductWriteSchema = ProductSchema.extend({
  warnings: z.array(WarningSchema).openapi({
    description: 'Accepted, but worth a look (e.g. a SKU used elsewhere in the shop)',
  }),
}).openapi('ProductWriteResult');

export const DeletedProductSchema = z
  .object({
    id: z.string(),
    object: z.literal('product'),
    deleted: z.boolean().openapi({ description: 'The product is gone' }),
    archived: z.boolean().openapi({
      description: 'Orders refer to the product: it was archived instead of deleted',
    }),
  })
  .openapi('DeletedProduct');
