import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { toShapeA } from '../../http/schemas';
import { type Paging, productPage } from './products-service';
import { selectSearch } from './search-queries';

/** GET /search: matching products and categories, each as Shape A with the same paging. */
export async function search(db: Db, shop: ShopContext, term: string, paging: Paging) {
  const row = await selectSearch(db, shop.id, term, paging.page, paging.limit);
  return {
    products: productPage(row.products, paging, shop.currencyDigits),
    categories: toShapeA(row.categories.items, row.categories.total, paging.page, paging.limit),
  };
}
