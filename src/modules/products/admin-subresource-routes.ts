import { z } from '@hono/zod-openapi';
import { IdParamSchema } from '../../admin-kit/route';
import { actionRoute, deleteRoute, mount, updateRoute } from '../../admin-kit/verbs';
import { jsonBody } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { changeStock, deleteProduct, LIFECYCLE_RAISES, updateVariant } from './admin-lifecycle';
import { DeletedProductSchema, ProductWriteSchema, VariantUpdateSchema } from './admin-schemas';
import { StockChangeSchema, StockLevelSchema } from './admin-stock-schemas';

const tag = 'Products';

const VariantParamSchema = IdParamSchema.extend({
  variant_id: z.string().openapi({ param: { name: 'variant_id', in: 'path' } }),
});

const remove = deleteRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:write',
  operationId: 'deleteProduct',
  description: `Deletes a product no order or download refers to; a product that orders refer to is archived instead (hidden from the storefront, kept for its orders).`,
  summary:
    'Deletes a product no order refers to; one that orders or downloads refer to is archived instead',
  request: { params: IdParamSchema },
  schema: DeletedProductSchema,
  answers: 'Deleted, or archived',
  raises: LIFECYCLE_RAISES.deleteProduct,
  remove: (w, { params }) => deleteProduct(w, params.id),
});

const variant = updateRoute({
  path: '/{id}/variants/{variant_id}',
  tag,
  scope: 'catalogue:write',
  operationId: 'updateProductVariant',
  description: `Changes one variant's price, sale, SKU, stock, shipping or active flag; the product's version rises, so If-Match takes the product's ETag.`,
  summary: 'Changes the given fields of one variant (If-Match takes the product’s ETag)',
  request: { params: VariantParamSchema, body: jsonBody(VariantUpdateSchema) },
  schema: ProductWriteSchema,
  answers: 'The product',
  raises: LIFECYCLE_RAISES.updateVariant,
  update: (w, { params, body }) => updateVariant(w, params.id, params.variant_id, body),
});

const stock = actionRoute({
  path: '/{id}/stock',
  tag,
  scope: 'catalogue:write',
  operationId: 'changeProductStock',
  description: `Changes units on hand atomically with orders: \`adjust\` adds a delta and is refused below zero; \`set\` writes a value, and with \`expected\` only while the stock is still that. Name \`variant_id\` for a product with variants.`,
  summary:
    'Adjusts units on hand by a delta (never below zero) or sets them, optionally only if they are still `expected`',
  request: { params: IdParamSchema, body: jsonBody(StockChangeSchema) },
  schema: StockLevelSchema,
  answers: 'The units on hand after the change',
  // Orders move stock between reads, so a change is not bound to a version: `set` takes
  // `expected` for that instead.
  versioned: false,
  raises: LIFECYCLE_RAISES.changeStock,
  act: (w, { params, body }) => changeStock(w, params.id, body),
});

/** Delete, variant and stock operations below /admin/api/v1/products/{id}. */
export const productSubresourceRoutes = createRouter();

mount(productSubresourceRoutes, remove, variant, stock);
