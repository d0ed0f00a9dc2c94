import { z } from '@hono/zod-openapi';
import { adminRoute, IdParamSchema, resourceContent } from '../../admin-kit/route';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { changeStock, deleteProduct, LIFECYCLE_RAISES, updateVariant } from './admin-lifecycle';
import { DeletedProductSchema, ProductWriteSchema, VariantUpdateSchema } from './admin-schemas';
import { StockChangeSchema, StockLevelSchema } from './admin-stock-schemas';

const tag = 'Products';

const VariantParamSchema = IdParamSchema.extend({
  variant_id: z.string().openapi({ param: { name: 'variant_id', in: 'path' } }),
});

const remove = adminRoute({
  method: 'delete',
  path: '/{id}',
  tag,
  scope: 'catalogue:write',
  ifMatch: true,
  operationId: 'deleteProduct',
  description: `Deletes a product no order or download refers to; a product that orders refer to is archived instead (hidden from the storefront, kept for its orders).`,
  summary:
    'Deletes a product no order refers to; one that orders or downloads refer to is archived instead',
  request: { params: IdParamSchema },
  responses: { 200: jsonContent(DeletedProductSchema, 'Deleted, or archived') },
  raises: LIFECYCLE_RAISES.deleteProduct,
});

const variant = adminRoute({
  method: 'patch',
  path: '/{id}/variants/{variant_id}',
  tag,
  scope: 'catalogue:write',
  ifMatch: true,
  operationId: 'updateProductVariant',
  description: `Changes one variant's price, sale, SKU, stock, shipping or active flag; the product's version rises, so If-Match takes the product's ETag.`,
  summary: 'Changes the given fields of one variant (If-Match takes the product’s ETag)',
  request: { params: VariantParamSchema, body: jsonBody(VariantUpdateSchema) },
  responses: { 200: resourceContent(ProductWriteSchema, 'The product') },
  raises: LIFECYCLE_RAISES.updateVariant,
});

const stock = adminRoute({
  method: 'post',
  path: '/{id}/stock',
  tag,
  scope: 'catalogue:write',
  operationId: 'changeProductStock',
  description: `Changes units on hand atomically with orders: \`adjust\` adds a delta and is refused below zero; \`set\` writes a value, and with \`expected\` only while the stock is still that. Name \`variant_id\` for a product with variants.`,
  summary:
    'Adjusts units on hand by a delta (never below zero) or sets them, optionally only if they are still `expected`',
  request: { params: IdParamSchema, body: jsonBody(StockChangeSchema) },
  responses: { 200: jsonContent(StockLevelSchema, 'The units on hand after the change') },
  raises: LIFECYCLE_RAISES.changeStock,
});

/** Delete, variant and stock operations below /admin/api/v1/products/{id}. */
export const productSubresourceRoutes = createRouter();

productSubresourceRoutes.openapi(remove, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => deleteProduct(w, id)), 200);
});

productSubresourceRoutes.openapi(variant, async (c) => {
  const { id, variant_id } = c.req.valid('param');
  const body = c.req.valid('json');
  return c.json(await merchantWrite(c, (w) => updateVariant(w, id, variant_id, body)), 200);
});

productSubresourceRoutes.openapi(stock, async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await merchantWrite(c, (w) => changeStock(w, id, c.req.valid('json'))), 200);
});
