import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { ApiError, type ErrorCode } from '../../errors';
import { toShapeA } from '../../http/schemas';
import { escapeHtml } from '../../lib/html';
import { toAmount, toMinor } from '../../lib/money';
import { isUuid, UUID_PATTERN } from '../../lib/uuid';
import { publishedCategoryIds } from '../categories/queries';
import { selectHydratedCart } from './queries/cart';
import { selectProductDetail } from './queries/detail';
import {
  type ProductPageRow,
  type ProductSort,
  selectBestSellers,
  selectCartSimilarities,
  selectProductList,
  selectSimilar,
} from './queries/list';
import { selectVariantByKey, selectVariants } from './queries/variants';
import type { CartItem, ProductListItem } from './schemas';

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  getProduct: ['PRODUCT_NOT_FOUND'],
  listVariants: ['PRODUCT_NOT_FOUND'],
  getVariantDetails: ['PRODUCT_NOT_FOUND', 'INVALID_OPTION_VALUES', 'VARIANT_NOT_FOUND'],
  similarProducts: ['PRODUCT_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

const PRICE_KEYS = ['price', 'salePrice', 'actualPrice', 'minPrice', 'maxPrice'] as const;
type Priced = Partial<Record<(typeof PRICE_KEYS)[number], number | null>>;

/** Converts the price fields a query returns in minor units to the amounts the API shows. */
export function withAmounts<T extends Priced>(row: T, digits: number): T {
  const converted: Priced = {};
  for (const key of PRICE_KEYS) {
    const value = row[key];
    if (typeof value === 'number') converted[key] = toAmount(value, digits);
  }
  return { ...row, ...converted };
}

export type Paging = { page: number; limit: number };

/** Shape A of a page of product list items, amounts converted. */
export const productPage = (row: ProductPageRow, paging: Paging, digits: number) =>
  toShapeA(
    row.items.map((item: ProductListItem) => withAmounts(item, digits)),
    row.total,
    paging.page,
    paging.limit,
  );

export type ProductListQuery = Paging & {
  sort?: ProductSort | undefined;
  categories?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  featured?: boolean | undefined;
  onSale?: boolean | undefined;
  term?: string | undefined;
};

/** GET /products: published products, filtered and sorted, as Shape A. */
export async function listProducts(db: Db, shop: ShopContext, q: ProductListQuery) {
  const minor = (amount: number | undefined) =>
    amount === undefined ? undefined : toMinor(amount, shop.currencyDigits);
  const categoryRefs = (q.categories ?? '')
    .split(',')
    .map((ref) => ref.trim())
    .filter(Boolean);
  const row = await selectProductList(db, {
    shopId: shop.id,
    page: q.page,
    limit: q.limit,
    sort: q.sort,
    categories:
      categoryRefs.length > 0
        ? { ids: publishedCategoryIds(shop.id, categoryRefs), one: categoryRefs.length === 1 }
        : undefined,
    minPriceMinor: minor(q.minPrice),
    maxPriceMinor: minor(q.maxPrice),
    featured: q.featured === true,
    onSale: q.onSale === true,
    term: q.term || undefined,
  });
  return productPage(row, q, shop.currencyDigits);
}

/** GET /products/:id: one published product by slug or `_id`. */
export async function getProduct(db: Db, shop: ShopContext, ref: string) {
  const product = await selectProductDetail(db, shop.id, ref);
  if (!product) throw new ApiError('PRODUCT_NOT_FOUND');
  return {
    ...withAmounts(product, shop.currencyDigits),
    description: escapeHtml(product.description),
  };
}

/** GET /products/variants: the product's active variants. */
export async function listVariants(db: Db, shop: ShopContext, ref: string) {
  const found = await selectVariants(db, shop.id, ref);
  if (!found) throw new ApiError('PRODUCT_NOT_FOUND');
  return {
    product: found.product,
    totalVariants: found.variants.length,
    variants: found.variants.map((v) => withAmounts(v, shop.currencyDigits)),
  };
}

/** Splits a well-formed key into its option value ids. */
const keyIds = (key: string) => key.match(new RegExp(UUID_PATTERN, 'gi')) ?? [];

/**
 * GET /products/variant-details: the active variant with this key. A key naming values
 * that are not the product's options in order is INVALID_OPTION_VALUES; a valid
 * combination without an active variant is VARIANT_NOT_FOUND.
 */
export async function getVariantDetails(
  db: Db,
  shop: ShopContext,
  ref: string,
  variationKey: string,
) {
  const key = variationKey.toLowerCase();
  const found = await selectVariantByKey(db, shop.id, ref, key);
  if (!found) throw new ApiError('PRODUCT_NOT_FOUND');
  const ids = keyIds(key);
  const fits =
    ids.length === found.options.length &&
    ids.every((id, i) => found.options[i]?.includes(id) === true);
  if (!fits) throw new ApiError('INVALID_OPTION_VALUES');
  if (!found.variant) throw new ApiError('VARIANT_NOT_FOUND');
  return withAmounts(found.variant, shop.currencyDigits);
}

/** GET /products/best-sellers. */
export async function bestSellers(db: Db, shop: ShopContext, paging: Paging) {
  const row = await selectBestSellers(db, shop.id, paging.page, paging.limit);
  return productPage(row, paging, shop.currencyDigits);
}

/** GET /products/similar/:id. */
export async function similarProducts(db: Db, shop: ShopContext, ref: string, paging: Paging) {
  const row = await selectSimilar(db, shop.id, ref, paging.page, paging.limit);
  if (!row) throw new ApiError('PRODUCT_NOT_FOUND');
  return productPage(row, paging, shop.currencyDigits);
}

/**
 * POST /products/cart: the cart's buyable lines, hydrated, in cart order. A line naming a
 * product with variants but no variation key is a validation error naming that line.
 */
export async function hydrateCart(db: Db, shop: ShopContext, cart: CartItem[]) {
  if (cart.length === 0) return [];
  const row = await selectHydratedCart(db, shop.id, cart);
  if (row.missingVariation.length > 0) {
    throw new ApiError('VALIDATION_FAILED', {
      details: row.missingVariation.map((i) => ({
        field: `cart.${i}.variationKey`,
        message: 'This product has variants: a variation key is required',
      })),
    });
  }
  return row.items.map((item) => ({
    ...withAmounts(item, shop.currencyDigits),
    variation: item.variation && withAmounts(item.variation, shop.currencyDigits),
  }));
}

/** POST /products/cart-similarities. */
export async function cartSimilarities(
  db: Db,
  shop: ShopContext,
  cart: CartItem[],
  paging: Paging,
) {
  const ids = [...new Set(cart.map((item) => item.productId.toLowerCase()).filter(isUuid))];
  if (ids.length === 0) return toShapeA([], 0, paging.page, paging.limit);
  const row = await selectCartSimilarities(db, shop.id, ids, paging.page, paging.limit);
  return productPage(row, paging, shop.currencyDigits);
}
