import { jsonBody, jsonContent } from '../../http/openapi';
import { defineRoute } from '../../http/route';
import { createRouter } from '../../http/router';
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
  RAISES,
  similarProducts,
} from './service';

const base = { tags: ['Products'] };
const page = (description: string) => ({
  200: jsonContent(success(ProductPageSchema), description),
});

const listRoute = defineRoute({
  ...base,
  method: 'get',
  path: '/',
  operationId: 'listProducts',
  summary: 'Published products, filtered, sorted and paginated (Shape A)',
  middleware: [requireShop] as const,
  request: { query: ProductListQuery },
  responses: { ...page('A page of products') },
});

const detailRoute = defineRoute({
  ...base,
  method: 'get',
  path: '/{id}',
  operationId: 'getProduct',
  summary: 'One product by slug or `_id`',
  middleware: [requireShop] as const,
  request: { params: ProductRefParam },
  raises: RAISES.getProduct,
  responses: {
    200: jsonContent(success(ProductDetailSchema), 'The product'),
  },
});

const variantsRoute = defineRoute({
  ...base,
  method: 'get',
  path: '/variants',
  operationId: 'listProductVariants',
  summary: "A product's active variants",
  middleware: [requireShop] as const,
  request: { query: VariantsQuery },
  raises: RAISES.listVariants,
  fieldCodes: [['productId', 'PRODUCT_ID_REQUIRED']],
  responses: {
    200: jsonContent(success(VariantListSchema), 'The variants'),
  },
});

const variantDetailsRoute = defineRoute({
  ...base,
  method: 'get',
  path: '/variant-details',
  operationId: 'getProductVariant',
  summary: 'The variant with a variation key',
  middleware: [requireShop] as const,
  request: { query: VariantDetailsQuery },
  raises: RAISES.getVariantDetails,
  fieldCodes: [
    ['productId', 'PRODUCT_ID_REQUIRED'],
    ['variationKey', 'INVALID_VARIATION_KEY'],
  ],
  responses: {
    200: jsonContent(success(VariantSchema), 'The variant'),
  },
});

const bestSellersRoute = defineRoute({
  ...base,
  method: 'get',
  path: '/best-sellers',
  operationId: 'listBestSellers',
  summary: 'Buyable products ranked by units sold',
  middleware: [requireShop] as const,
  request: { query: PageQuery },
  responses: { ...page('A page of best sellers') },
});

const similarRoute = defineRoute({
  ...base,
  method: 'get',
  path: '/similar/{id}',
  operationId: 'listSimilarProducts',
  summary: 'Products sharing categories with a product',
  middleware: [requireShop] as const,
  request: { params: ProductRefParam, query: PageQuery },
  raises: RAISES.similarProducts,
  responses: {
    ...page('A page of similar products'),
  },
});

const cartRoute = defineRoute({
  ...base,
  method: 'post',
  path: '/cart',
  operationId: 'hydrateCart',
  summary: "The cart's buyable items with current prices and stock",
  middleware: [requireShop] as const,
  request: { body: jsonBody(CartBodySchema) },
  responses: {
    200: jsonContent(HydratedCartSchema, 'The hydrated cart'),
  },
});

const cartSimilaritiesRoute = defineRoute({
  ...base,
  method: 'post',
  path: '/cart-similarities',
  operationId: 'listCartSimilarities',
  summary: "Products sharing categories with the cart's products",
  middleware: [requireShop] as const,
  request: { body: jsonBody(CartBodySchema), query: PageQuery },
  responses: {
    ...page('A page of products'),
  },
});

export const productRoutes = createRouter();

const ok = <T>(data: T) => ({ status: 'success' as const, data });

// The fixed paths are declared before /{id} so that a slug never captures them.
productRoutes.openapi(variantsRoute, async (c) => {
  const { productId } = c.req.valid('query');
  const { database } = c.get('services');
  return c.json(ok(await listVariants(database.db, c.get('shop'), productId)), 200);
});

productRoutes.openapi(variantDetailsRoute, async (c) => {
  const { productId, variationKey } = c.req.valid('query');
  const { database } = c.get('services');
  const variant = await getVariantDetails(database.db, c.get('shop'), productId, variationKey);
  return c.json(ok(variant), 200);
});

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
