import { createRoute } from '@hono/zod-openapi';
import {
  apiKeySecurity,
  errorResponses,
  jsonBody,
  jsonContent,
  SHOP_ERRORS,
} from '../../http/openapi';
import { createRouter, validationHookByField } from '../../http/router';
import { success } from '../../http/schemas';
import { requireShop } from '../../http/shop';
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
import {
  bestSellers,
  cartSimilarities,
  getProduct,
  getVariantDetails,
  hydrateCart,
  listProducts,
  listVariants,
  similarProducts,
} from './service';

const base = { tags: ['Products'], security: apiKeySecurity };
const page = (description: string) => ({
  200: jsonContent(success(ProductPageSchema), description),
});

const listRoute = createRoute({
  ...base,
  method: 'get',
  path: '/',
  operationId: 'listProducts',
  summary: 'Published products, filtered, sorted and paginated (Shape A)',
  request: { query: ProductListQuery },
  responses: { ...page('A page of products'), ...errorResponses(...SHOP_ERRORS) },
});

const detailRoute = createRoute({
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

const variantsRoute = createRoute({
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

const variantDetailsRoute = createRoute({
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

const bestSellersRoute = createRoute({
  ...base,
  method: 'get',
  path: '/best-sellers',
  operationId: 'listBestSellers',
  summary: 'Buyable products ranked by units sold',
  request: { query: PageQuery },
  responses: { ...page('A page of best sellers'), ...errorResponses(...SHOP_ERRORS) },
});

const similarRoute = createRoute({
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

const cartRoute = createRoute({
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

const cartSimilaritiesRoute = createRoute({
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

export const productRoutes = createRouter();
productRoutes.use('*', requireShop);

const ok = <T>(data: T) => ({ status: 'success' as const, data });

// The fixed paths are declared before /{id} so that a slug never captures them.
productRoutes.openapi(
  variantsRoute,
  async (c) => {
    const { productId } = c.req.valid('query');
    const { database } = c.get('services');
    return c.json(ok(await listVariants(database.db, c.get('shop'), productId)), 200);
  },
  validationHookByField([['productId', 'PRODUCT_ID_REQUIRED']]),
);

productRoutes.openapi(
  variantDetailsRoute,
  async (c) => {
    const { productId, variationKey } = c.req.valid('query');
    const { database } = c.get('services');
    const variant = await getVariantDetails(database.db, c.get('shop'), productId, variationKey);
    return c.json(ok(variant), 200);
  },
  validationHookByField([
    ['productId', 'PRODUCT_ID_REQUIRED'],
    ['variationKey', 'INVALID_VARIATION_KEY'],
  ]),
);

productRoutes.openapi(bestSellersRoute, async (c) => {
  const paging = c.req.valid('query');
  const { database } = c.get('services');
  return c.json(ok(await bestSellers(database.db, c.get('shop'), paging)), 200);
});

productRoutes.openapi(similarRoute, async (c) => {
  const { id } = c.req.valid('param');
  const paging = c.req.valid('query');
  const { database } = c.get('services');
  return c.json(ok(await similarProducts(database.db, c.get('shop'), id, paging)), 200);
});

productRoutes.openapi(cartRoute, async (c) => {
  const { cart } = c.req.valid('json');
  const { database } = c.get('services');
  const items = await hydrateCart(database.db, c.get('shop'), cart);
  return c.json({ status: 'success' as const, total: items.length, data: items }, 200);
});

productRoutes.openapi(cartSimilaritiesRoute, async (c) => {
  const { cart } = c.req.valid('json');
  const paging = c.req.valid('query');
  const { database } = c.get('services');
  return c.json(ok(await cartSimilarities(database.db, c.get('shop'), cart, paging)), 200);
});

productRoutes.openapi(listRoute, async (c) => {
  const query = c.req.valid('query');
  const { database } = c.get('services');
  return c.json(ok(await listProducts(database.db, c.get('shop'), query)), 200);
});

productRoutes.openapi(detailRoute, async (c) => {
  const { id } = c.req.valid('param');
  const { database } = c.get('services');
  return c.json(ok(await getProduct(database.db, c.get('shop'), id)), 200);
});
