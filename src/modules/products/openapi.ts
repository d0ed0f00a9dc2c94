import { createRoute } from '@hono/zod-openapi';
import {
  apiKeySecurity,
  errorResponses,
  jsonBody,
  jsonContent,
  SHOP_ERRORS,
} from '../../http/openapi';
import { success } from '../../http/schemas';
import {
  CartBodySchema,
  HydratedCartSchema,
  PageQuery,
  ProductDetailSchema,
  ProductListQuery,
  ProductPageSchema,
  ProductRefParam,
  VariantDetailsQuery,
  VariantListSchema,
  VariantSchema,
  VariantsQuery,
} from './schemas';

const base = { tags: ['Products'], security: apiKeySecurity };
const page = (description: string) => ({
  200: jsonContent(success(ProductPageSchema), description),
});

export const listRoute = createRoute({
  ...base,
  method: 'get',
  path: '/',
  operationId: 'listProducts',
  summary: 'Published products, filtered, sorted and paginated (Shape A)',
  request: { query: ProductListQuery },
  responses: { ...page('A page of products'), ...errorResponses(...SHOP_ERRORS) },
});

export const detailRoute = createRoute({
  ...base,
  method: 'get',
  path: '/{id}',
  operationId: 'getProduct',
  summary: 'One product by slug or `_id`',
  request: { params: ProductRefParam },
  responses: {
    200: jsonContent(success(ProductDetailSchema), 'The product'),
    ...errorResponses(...SHOP_ERRORS, 'PRODUCT_NOT_FOUND'),
  },
});

export const variantsRoute = createRoute({
  ...base,
  method: 'get',
  path: '/variants',
  operationId: 'listProductVariants',
  summary: "A product's active variants",
  request: { query: VariantsQuery },
  responses: {
    200: jsonContent(success(VariantListSchema), 'The variants'),
    ...errorResponses(...SHOP_ERRORS, 'PRODUCT_ID_REQUIRED', 'PRODUCT_NOT_FOUND'),
  },
});

export const variantDetailsRoute = createRoute({
  ...base,
  method: 'get',
  path: '/variant-details',
  operationId: 'getProductVariant',
  summary: 'The variant with a variation key',
  request: { query: VariantDetailsQuery },
  responses: {
    200: jsonContent(success(VariantSchema), 'The variant'),
    ...errorResponses(
      ...SHOP_ERRORS,
      'PRODUCT_ID_REQUIRED',
      'INVALID_VARIATION_KEY',
      'INVALID_OPTION_VALUES',
      'VARIANT_NOT_FOUND',
      'PRODUCT_NOT_FOUND',
    ),
  },
});

export const bestSellersRoute = createRoute({
  ...base,
  method: 'get',
  path: '/best-sellers',
  operationId: 'listBestSellers',
  summary: 'Buyable products ranked by units sold',
  request: { query: PageQuery },
  responses: { ...page('A page of best sellers'), ...errorResponses(...SHOP_ERRORS) },
});

export const similarRoute = createRoute({
  ...base,
  method: 'get',
  path: '/similar/{id}',
  operationId: 'listSimilarProducts',
  summary: 'Products sharing categories with a product',
  request: { params: ProductRefParam, query: PageQuery },
  responses: {
    ...page('A page of similar products'),
    ...errorResponses(...SHOP_ERRORS, 'PRODUCT_NOT_FOUND'),
  },
});

export const cartRoute = createRoute({
  ...base,
  method: 'post',
  path: '/cart',
  operationId: 'hydrateCart',
  summary: "The cart's buyable items with current prices and stock",
  request: { body: jsonBody(CartBodySchema) },
  responses: {
    200: jsonContent(HydratedCartSchema, 'The hydrated cart'),
    ...errorResponses(...SHOP_ERRORS, 'INVALID_JSON'),
  },
});

export const cartSimilaritiesRoute = createRoute({
  ...base,
  method: 'post',
  path: '/cart-similarities',
  operationId: 'listCartSimilarities',
  summary: "Products sharing categories with the cart's products",
  request: { body: jsonBody(CartBodySchema), query: PageQuery },
  responses: {
    ...page('A page of products'),
    ...errorResponses(...SHOP_ERRORS, 'INVALID_JSON'),
  },
});
