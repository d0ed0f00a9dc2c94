import { CATALOGUE } from '../../http/http-cache';
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

const base = { tags: ['products'] };
const page = (description: string) => ({
  200: jsonContent(success(ProductPageSchema), description),
});

const listRoute = defineRoute({
  ...base,
  method: 'get',
  path: '/',
  operationId: 'listProducts',
  cache: CATALOGUE,
  summary: 'Published products, filtered, sorted and paginated (Shape A)',
  description:
    'Filters combine with AND: `categories` (slugs, comma-separated; a category includes its published subcategories at any depth), `minPrice` / `maxPrice` (currency units, on the price actually charged; a variant product matches when its price range overlaps), `featured` and `onSale` (`true` or `1`), and `term` (matched as `GET /search` matches). `sort`: `RECENT` (the default, or relevance when `term` is set), `OLD`, `A-Z`, `Z-A`. Page size: default 18, at most 50. Variant products have null `price`, `salePrice` and `actualPrice`, and a `minPrice`–`maxPrice` range.',
  middleware: [requireShop] as const,
  request: { query: ProductListQuery },
  responses: { ...page('A page of products') },
});

const detailRoute = defineRoute({
  ...base,
  method: 'get',
  path: '/{id}',
  operationId: 'getProduct',
  cache: CATALOGUE,
  summary: 'One product by slug or `_id`',
  description:
    "Accepts the slug or the `_id`. Adds the description (HTML-escaped), every image with its position, the options with their values and the pre-selected `defaultOptions` (both null without variants), and the shipping dimensions. The ids of the chosen option values joined with `-`, in option order, are the variant's `key`: find it in `GET /products/variants`.",
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
  cache: CATALOGUE,
  summary: "A product's active variants",
  description:
    "Every active variant of a product (`productId`: its `_id` or slug) in position order, each with its `key`, option values, price, stock and images. Load it once per product page and pick the variant of the shopper's selection locally; a product without variants answers an empty list.",
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
  cache: CATALOGUE,
  summary: 'The variant with a variation key',
  description:
    "The variant whose `key` equals `variationKey`: the ids of its option values joined with `-`, in option order. A malformed key is `400 INVALID_VARIATION_KEY`; ids that are not the product's option values, `400 INVALID_OPTION_VALUES`; a combination without an active variant, `404 VARIANT_NOT_FOUND`.",
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
  cache: CATALOGUE,
  summary: 'Buyable products ranked by units sold',
  description:
    'Published products that can be bought now, ranked by units sold in orders that were neither cancelled nor refunded; products never sold are not listed. Page size: default 18, at most 50.',
  middleware: [requireShop] as const,
  request: { query: PageQuery },
  responses: { ...page('A page of best sellers') },
});

const similarRoute = defineRoute({
  ...base,
  method: 'get',
  path: '/similar/{id}',
  operationId: 'listSimilarProducts',
  cache: CATALOGUE,
  summary: 'Products sharing categories with a product',
  description:
    'Published products sharing at least one category with the product (`_id` or slug), most shared categories first, then newest; never the product itself. A product without categories gives an empty page.',
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
  cache: CATALOGUE,
  summary: "The cart's buyable items with current prices and stock",
  description:
    'Send the cart the theme keeps (at most 100 lines, `quantity` 1–999); the answer lists the lines that can still be bought, in cart order, with current prices, stock and images. Lines left out (unpublished or deleted products, inactive variants) should leave the cart. `variation` is the chosen variant as `GET /products/variant-details` shows it. Quantities are not checked against stock here; placing the order does that.',
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
  cache: CATALOGUE,
  summary: "Products sharing categories with the cart's products",
  description:
    'Products sharing categories with the cart\'s products, the cart\'s own products left out, most shared categories first: "you may also like" under the cart. Page size: default 18, at most 50.',
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
