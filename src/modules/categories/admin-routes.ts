import { crudRoutes } from '../../admin-kit/crud';
import {
  CategoryCreateSchema,
  CategoryListQuerySchema,
  CategoryListSchema,
  CategorySchema,
  CategoryUpdateSchema,
  DeletedCategorySchema,
} from './admin-schemas';
import {
  ADMIN_RAISES,
  createAdminCategory,
  deleteAdminCategory,
  getAdminCategory,
  listAdminCategories,
  updateAdminCategory,
} from './admin-service';

/** /admin/api/v1/categories: the category tree the storefront shows (`catalogue` scopes). */
export const categoryAdminRoutes = crudRoutes({
  tag: 'Categories',
  scope: 'catalogue',
  names: { one: 'Category', many: 'Categories', noun: 'category' },
  summaries: {
    list: 'The shop’s categories, newest first; `parent_id` lists one level of the tree',
    create: 'Adds a category (after its last sibling unless `position` is given)',
    update:
      'Changes the given fields of a category; a new `parent_id` moves it with its subtree (never under itself or a descendant)',
    remove:
      'Deletes a category: its children move up to its parent, its products stay (only their link to it goes)',
  },
  descriptions: {
    list: 'Lists every category (drafts and archived ones included), newest first. `parent_id` lists the children of one category, or with `null` the top level; the storefront orders siblings by `position`.',
    create:
      'Adds a category. A slug left out is made from the title (suffixed until free); a taken slug is refused. Its parent and images must be the shop’s own. The storefront shows it from the next request.',
    update:
      'Changes only the fields given. A new `parent_id` moves the category with its subtree; a move under itself or a descendant is refused with `CATEGORY_CYCLE`. Send the ETag you read as `If-Match` to refuse the write when someone changed the category since (412).',
    remove:
      'Deletes a category. Products are never deleted: they lose only their link to it (and it as their primary category). Its children move up to its parent.',
  },
  schemas: {
    resource: CategorySchema,
    list: CategoryListSchema,
    listQuery: CategoryListQuerySchema,
    create: CategoryCreateSchema,
    update: CategoryUpdateSchema,
    deleted: DeletedCategorySchema,
  },
  raises: {
    list: ['VALIDATION_FAILED'],
    get: ADMIN_RAISES.getCategory,
    create: ADMIN_RAISES.createCategory,
    update: ADMIN_RAISES.updateCategory,
    remove: ADMIN_RAISES.deleteCategory,
  },
  service: {
    list: listAdminCategories,
    get: getAdminCategory,
    create: createAdminCategory,
    update: updateAdminCategory,
    remove: deleteAdminCategory,
  },
});
