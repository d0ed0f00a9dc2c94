import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { type Image, toShapeA } from '../../http/schemas';
import type { ProductListItem } from '../products/schemas';
import { type Paging, productPage } from '../products/service';
import { selectSearch } from './queries';
import type { SearchProductItem } from './schemas';

const numericSize = (image: Image | null) => image && { ...image, size: Number(image.size) };

/** A product list item as search shows it: image sizes are numbers there (the contract). */
const searchItem = (item: ProductListItem): SearchProductItem => ({
  ...item,
  primaryImage: numericSize(item.primaryImage),
  secondaryImage: numericSize(item.secondaryImage),
});

/** GET /search: matching products and categories, each as Shape A with the same paging. */
export async function search(db: Db, shop: ShopContext, term: string, paging: Paging) {
  const row = await selectSearch(db, shop.id, term, paging.page, paging.limit);
  const products = productPage(row.products, paging, shop.currencyDigits);
  return {
    products: { ...products, data: products.data.map(searchItem) },
    categories: toShapeA(row.categories.items, row.categories.total, paging.page, paging.limit),
  };
}
