import type { ProductsSearch } from './list';

/** The query keys of products: a list by its filters, and one product. */
export const productKeys = {
  all: () => ['products'] as const,
  lists: () => ['products', 'list'] as const,
  list: (search: ProductsSearch) => ['products', 'list', search] as const,
  detail: (id: string | null) => ['products', 'detail', id] as const,
};
