/** Every category of the shop, for the tree and the pickers (see ./category-tree.ts). */
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../api/client';
import type { Category } from './category-tree';
import { categoryKeys } from './queries';

export * from './category-tree';

/** Every category of the shop, drafts and archived ones included. */
export async function fetchAllCategories(): Promise<Category[]> {
  const all: Category[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await unwrap(
      api.GET('/categories', {
        params: { query: { limit: 100, ...(after ? { starting_after: after } : {}) } },
      }),
    );
    all.push(...page.data);
    after = page.data.at(-1)?.id;
    if (!page.has_more || !after) return all;
  }
}

export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.tree(),
  queryFn: fetchAllCategories,
  staleTime: 60_000,
});
