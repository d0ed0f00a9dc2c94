import { createRouter, validationHookByField } from '../../http/router';
import { requireShop } from '../../http/shop';
import {
  bestSellersRoute,
  cartRoute,
  cartSimilaritiesRoute,
  detailRoute,
  listRoute,
  similarRoute,
  variantDetailsRoute,
  variantsRoute,
} from './openapi';
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
