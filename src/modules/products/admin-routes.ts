import { adminRoute, IdParamSchema } from '../../admin-kit/route';
import { createRoute, listRoute, mount, readRoute, updateRoute } from '../../admin-kit/verbs';
import { merchantWrite } from '../../admin-kit/write';
import { jsonBody, jsonContent } from '../../http/openapi';
import { createRouter } from '../../http/router';
import { BULK_RAISES, bulkEdit } from './admin-bulk';
import { BulkEditInputSchema, BulkEditResultSchema } from './admin-bulk-schemas';
import { ProductListQuerySchema, ProductListSchema } from './admin-list-schemas';
import {
  ProductInputSchema,
  ProductSchema,
  ProductUpdateSchema,
  ProductWriteSchema,
} from './admin-schemas';
import { createProduct, getProduct, listProducts, RAISES, updateProduct } from './admin-service';
import { productSubresourceRoutes } from './admin-subresource-routes';

const tag = 'Products';

const list = listRoute({
  path: '/',
  tag,
  scope: 'catalogue:read',
  operationId: 'listProducts',
  description: `Products of the shop, newest first, with their options and variants. Filter by \`status\`, \`category\` (an id), \`tag\` (a whole tag, any case) or \`query\` (part of the title, the slug, a tag or a SKU, or, in a published product, every word as the storefront's search matches words: typos and singulars forgiven, none dropped); page with \`starting_after\` / \`ending_before\`.`,
  summary: 'The shop’s products, newest first; filter by status, category, tag or text',
  request: { query: ProductListQuerySchema },
  schema: ProductListSchema,
  answers: 'A page of products',
  list: ({ db, shop, query }) => listProducts(db, shop, query),
});

const read = readRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:read',
  operationId: 'getProduct',
  description: `The product as the merchant API shows it: its fields, category and image ids, options with ordered values, variants with their keys, attached digital files and the former slugs that still redirect to it. The \`ETag\` is its version.`,
  summary: 'One product with its options, variants, images and files',
  request: { params: IdParamSchema },
  schema: ProductSchema,
  answers: 'The product',
  raises: RAISES.getProduct,
  get: ({ db, shop, params }) => getProduct(db, shop, params.id),
});

const create = createRoute({
  path: '/',
  tag,
  scope: 'catalogue:write',
  operationId: 'createProduct',
  description: `Creates a product. The slug comes from the title when absent (numbered when taken); a given slug another product has is 409. Variants name one value per option; SKUs may repeat and are then reported in \`warnings\`.`,
  summary: 'Adds a product; a published one is on the storefront and in search at once',
  request: { body: jsonBody(ProductInputSchema) },
  schema: ProductWriteSchema,
  answers: 'The new product',
  raises: RAISES.createProduct,
  create: (w, { body }) => createProduct(w, body),
});

const update = updateRoute({
  path: '/{id}',
  tag,
  scope: 'catalogue:write',
  operationId: 'updateProduct',
  description: `Changes the given fields in one transaction. \`options\` and \`variants\`, when given, replace the product's: a variant matched by \`id\` or by its option values keeps its id; the others are removed. A changed slug keeps redirecting on the storefront.`,
  summary:
    'Changes the given fields; `options` and `variants` replace the product’s (matched variants keep their ids)',
  request: { params: IdParamSchema, body: jsonBody(ProductUpdateSchema) },
  schema: ProductWriteSchema,
  answers: 'The product',
  raises: RAISES.updateProduct,
  update: (w, { params, body }) => updateProduct(w, params.id, body),
});

const bulk = adminRoute({
  method: 'post',
  path: '/bulk-edit',
  tag,
  scope: 'catalogue:write',
  operationId: 'bulkEditProducts',
  description: `Changes the price and/or stock of up to 100 products in one transaction, each variant (or a product without variants) from its own values: \`price\` sets every price, or increases or decreases each by an \`amount\` in minor units or a \`percent\` of itself (rounded to a whole minor unit, half away from zero); an increase or decrease moves a sale price with its price. \`stock\` sets units on hand or adjusts each by a quantity. A price or stock that would go below zero refuses the whole request (\`422 BULK_PRICE_BELOW_ZERO\` / \`BULK_STOCK_BELOW_ZERO\`, naming each product and variant), as does a product of another shop (404). Each product is written as \`PATCH /products/{id}\` would (its version, one audit record, \`product.updated\`). With \`dry_run\` nothing is written and the answer shows every variant before and after; send its \`base_version\`s back as \`version\` to apply exactly what was shown.`,
  summary: 'Changes price and/or stock of many products, each variant from its own values',
  request: { body: jsonBody(BulkEditInputSchema) },
  responses: { 200: jsonContent(BulkEditResultSchema, 'Every variant before and after') },
  raises: [...BULK_RAISES, 'PRECONDITION_FAILED'],
});

/** /admin/api/v1/products: the catalogue's products, options and variants. */
export const productAdminRoutes = createRouter();

mount(productAdminRoutes, list, read, create);

// Not updateRoute: a bulk edit changes many products, each at its own version, and may be a dry run.
productAdminRoutes.openapi(bulk, async (c) => {
  const input = c.req.valid('json');
  const answer = await merchantWrite(c, (w) => bulkEdit(w, input), { dryRun: input.dry_run });
  return c.json(answer, 200);
});

mount(productAdminRoutes, update);

productAdminRoutes.route('/', productSubresourceRoutes);
