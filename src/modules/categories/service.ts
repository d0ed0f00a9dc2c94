import type { Db } from '../../db/client';
import { ApiError } from '../../errors';
import { pageCount } from '../../http/schemas';
import { type ParentFilter, selectCategory, selectCategoryPage } from './queries';
import type { CategoryDetail, CategoryPage } from './schemas';

export type CategoryListInput = {
  page: number;
  limit: number;
  term?: string | undefined;
  parent?: string | undefined;
};

/** Absent or blank: every category; the word `null`: the top level; else a parent's id or slug. */
export function parentFilter(raw: string | undefined): ParentFilter {
  const value = raw?.trim();
  if (!value) return { kind: 'all' };
  if (value === 'null') return { kind: 'top' };
  return { kind: 'of', ref: value };
}

/** A page of the shop's published categories in Shape C. */
export async function listCategories(
  db: Db,
  shopId: string,
  input: CategoryListInput,
): Promise<CategoryPage> {
  const { page, limit } = input;
  const { total, items } = await selectCategoryPage(db, {
    shopId,
    page,
    limit,
    term: input.term?.trim() || undefined,
    parent: parentFilter(input.parent),
  });
  const totalPages = pageCount(total, limit);
  return {
    status: 'success',
    currentPage: page,
    totalPages,
    totalDocuments: total,
    hasNextPage: page < totalPages,
    data: items,
  };
}

/** One published category by slug or `_id`; CATEGORY_NOT_FOUND otherwise. */
export async function getCategory(db: Db, shopId: string, ref: string): Promise<CategoryDetail> {
  const category = await selectCategory(db, shopId, ref);
  if (!category) throw new ApiError('CATEGORY_NOT_FOUND');
  return category;
}
