import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { type Change, unchanged } from '../../admin-kit/audit';
import { listPage } from '../../admin-kit/list';
import { uniqueOr } from '../../admin-kit/unique';
import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db, Tx } from '../../db/client';
import { categories } from '../../db/schema';
import { ApiError, type ErrorCode, type ErrorDetail } from '../../errors';
import { defined } from '../../lib/defined';
import { slugify } from '../../lib/slug';
import { isUuid } from '../../lib/uuid';
import { isMediaOfShop } from '../media/queries';
import {
  type CategoryRow,
  categoryRows,
  insertCategories,
  isSelfOrAncestor,
  lockTree,
  nextPosition,
  reparentChildren,
  selectCategoriesNamed,
  slugsLike,
} from './admin-queries';
import type { Category, CategoryCreate, CategoryListQuery, CategoryUpdate } from './admin-schemas';

const TYPE = 'category';

/** The codes each merchant verb can raise; routes document them from here. */
export const ADMIN_RAISES = {
  getCategory: ['CATEGORY_NOT_FOUND'],
  createCategory: ['CATEGORY_SLUG_TAKEN', 'VALIDATION_FAILED'],
  updateCategory: ['CATEGORY_NOT_FOUND', 'CATEGORY_SLUG_TAKEN', 'CATEGORY_CYCLE'],
  deleteCategory: ['CATEGORY_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** A category as the merchant API shows it. */
export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    object: TYPE,
    title: row.name,
    slug: row.slug,
    description: row.description,
    parent_id: row.parentId,
    position: row.position,
    image_id: row.imageId,
    header_image_id: row.headerImageId,
    featured: row.featured,
    show_in_menu: row.showInMenu,
    status: row.status,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const valuesOf = (input: CategoryUpdate) =>
  defined({
    name: input.title,
    slug: input.slug,
    description: input.description,
    parentId: input.parent_id,
    position: input.position,
    imageId: input.image_id,
    headerImageId: input.header_image_id,
    featured: input.featured,
    showInMenu: input.show_in_menu,
    status: input.status,
  });

type Values = ReturnType<typeof valuesOf>;

const parentFilter = (shopId: string, parent: string | undefined): SQL | undefined => {
  if (parent === undefined) return undefined;
  if (parent === 'null') return isNull(categories.parentId);
  if (!isUuid(parent)) {
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ field: 'parent_id', message: 'Must be a category id or `null`.' }],
    });
  }
  return and(eq(categories.shopId, shopId), eq(categories.parentId, parent));
};

export async function listAdminCategories(db: Db, shop: ShopContext, params: CategoryListQuery) {
  const filter = parentFilter(shop.id, params.parent_id);
  const page = await listPage(db, categories, shop.id, params, (keyset) =>
    categoryRows.page(db, { ...keyset, where: and(keyset.where, filter) ?? keyset.where }),
  );
  return { data: page.rows.map(toCategory), hasMore: page.hasMore };
}

export async function getAdminCategory(db: Db, shop: ShopContext, id: string) {
  const row = await categoryRows.one(db, shop.id, id);
  if (!row) throw new ApiError('CATEGORY_NOT_FOUND');
  return toCategory(row);
}

/**
 * The rules a category keeps once the request is applied: its images are the shop's own
 * and its parent is a category of the shop that is neither itself nor below it (a move
 * that would form a cycle is CATEGORY_CYCLE).
 */
async function assertValid(w: WriteScope, id: string | null, next: Values) {
  const details: ErrorDetail[] = [];
  for (const [field, mediaId] of [
    ['image_id', next.imageId],
    ['header_image_id', next.headerImageId],
  ] as const) {
    if (mediaId && !(await isMediaOfShop(w.tx, w.shop.id, mediaId))) {
      details.push({ field, message: 'No image with this id in the shop.' });
    }
  }
  const parentId = next.parentId;
  if (parentId && !(await categoryRows.lock(w.tx, w.shop.id, parentId))) {
    details.push({ field: 'parent_id', message: 'No category with this id in the shop.' });
  }
  if (details.length > 0) throw new ApiError('VALIDATION_FAILED', { details });
  if (id && parentId && (await isSelfOrAncestor(w.tx, w.shop.id, id, parentId))) {
    throw new ApiError('CATEGORY_CYCLE', {
      details: [{ field: 'parent_id', message: 'This is the category itself or one below it.' }],
    });
  }
}

/** The slug of a new category: the one given, else the title's, suffixed until free. */
async function slugFor(w: WriteScope, input: CategoryCreate): Promise<string> {
  if (input.slug) return input.slug;
  const base = slugify(input.title);
  if (!base) {
    throw new ApiError('VALIDATION_FAILED', {
      details: [{ field: 'slug', message: 'The title makes no slug: give one.' }],
    });
  }
  const taken = new Set(await slugsLike(w.tx, w.shop.id, base));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

export async function createAdminCategory(w: WriteScope, input: CategoryCreate) {
  await lockTree(w.tx, w.shop.id);
  const values = { ...valuesOf(input), name: input.title, slug: await slugFor(w, input) };
  await assertValid(w, null, values);
  const position =
    values.position ?? (await nextPosition(w.tx, w.shop.id, values.parentId ?? null));
  const row = await uniqueOr('CATEGORY_SLUG_TAKEN', 'slug', () =>
    categoryRows.insert(w.tx, w.shop.id, { ...values, position }),
  );
  const category = toCategory(row);
  await w.audit({
    action: 'create',
    resourceType: TYPE,
    resourceId: row.id,
    before: null,
    after: category,
  });
  return category;
}

/** Changes the given fields; a move takes the subtree along. A no-op writes nothing. */
export async function updateAdminCategory(w: WriteScope, id: string, input: CategoryUpdate) {
  if (input.parent_id !== undefined) await lockTree(w.tx, w.shop.id);
  const current = await categoryRows.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('CATEGORY_NOT_FOUND');
  w.expectVersion(current.version);
  const before = toCategory(current);
  const values = valuesOf(input);
  if (unchanged(before, toCategory({ ...current, ...values }))) return before;
  await assertValid(w, id, values);
  const row = await uniqueOr('CATEGORY_SLUG_TAKEN', 'slug', () =>
    categoryRows.update(w.tx, w.shop.id, id, values),
  );
  const after = toCategory(row);
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after });
  return after;
}

/**
 * Deletes a category. Its children (with their subtrees) move up to its parent; its
 * products stay, losing only their link to it (and it as their primary category).
 */
export async function deleteAdminCategory(w: WriteScope, id: string) {
  await lockTree(w.tx, w.shop.id);
  const current = await categoryRows.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('CATEGORY_NOT_FOUND');
  w.expectVersion(current.version);
  const moved = await reparentChildren(w.tx, w.shop.id, id, current.parentId);
  await categoryRows.remove(w.tx, w.shop.id, id);
  const children: Change[] = moved.after.map((row) => {
    const was = moved.before.find((b) => b.id === row.id) ?? row;
    return {
      action: 'update',
      resourceType: TYPE,
      resourceId: row.id,
      before: toCategory(was),
      after: toCategory(row),
    };
  });
  await w.audit(
    {
      action: 'delete',
      resourceType: TYPE,
      resourceId: id,
      before: toCategory(current),
      after: null,
    },
    ...children,
  );
  return { id, object: TYPE, deleted: true as const };
}

/**
 * The ids of the categories `wanted` names, in its order, in the caller's transaction (an
 * imported product's): a category matches by name (any case) or slug; a name no category has
 * becomes a new published category, left out of the menu (the merchant places it), audited.
 */
export async function categoriesNamed(
  w: WriteScope,
  wanted: Array<{ name: string; slug: string }>,
): Promise<string[]> {
  if (wanted.length === 0) return [];
  const { found, match, missing } = await matchNamed(w.tx, w.shop.id, wanted);
  if (missing.length > 0) {
    const created = await insertCategories(
      w.tx,
      missing.map((c) => ({ shopId: w.shop.id, name: c.name, slug: c.slug, showInMenu: false })),
    );
    found.push(...created);
    await w.audit(
      ...created.map((row) => ({
        action: 'create' as const,
        resourceType: TYPE,
        resourceId: row.id,
        before: null,
        after: toCategory(row),
      })),
    );
  }
  return [...new Set(wanted.flatMap((c) => match(c)?.id ?? []))];
}

/**
 * The categories `categoriesNamed` would create for `wanted` (one per slug), creating none:
 * what an import's dry run reports.
 */
export async function categoriesMissing(
  db: Db,
  shopId: string,
  wanted: Array<{ name: string; slug: string }>,
): Promise<Array<{ name: string; slug: string }>> {
  if (wanted.length === 0) return [];
  return (await matchNamed(db, shopId, wanted)).missing;
}

/** The shop's categories `wanted` names (by name in any case, or slug), and the names none has. */
async function matchNamed(
  db: Db | Tx,
  shopId: string,
  wanted: Array<{ name: string; slug: string }>,
) {
  const found = await selectCategoriesNamed(
    db,
    shopId,
    wanted.map((c) => c.name.toLowerCase()),
    wanted.map((c) => c.slug),
  );
  const match = (c: { name: string; slug: string }) =>
    found.find((f) => f.name.toLowerCase() === c.name.toLowerCase()) ??
    found.find((f) => f.slug === c.slug);
  const missing = [...new Map(wanted.filter((c) => !match(c)).map((c) => [c.slug, c])).values()];
  return { found, match, missing };
}
