/**
 * The category tree as the dashboard shows it: the shop's categories arranged under their
 * parents in the storefront's order (position, then title). Pure functions, tested in node.
 */
import type { components } from '../api/schema';

export type Category = components['schemas']['Category'];

const storefrontOrder = (a: Category, b: Category) =>
  a.position - b.position || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);

/** The children of `parentId` (null: the top level), in the storefront's order. */
export function childrenOf(all: readonly Category[], parentId: string | null): Category[] {
  const ids = new Set(all.map((c) => c.id));
  return all
    .filter((c) =>
      // A category whose parent is gone shows at the top rather than nowhere.
      parentId === null ? c.parent_id === null || !ids.has(c.parent_id) : c.parent_id === parentId,
    )
    .sort(storefrontOrder);
}

/** Depth first, each category right after its parent, with its depth (0 at the top). */
export function flattenTree(all: readonly Category[]): { category: Category; depth: number }[] {
  const out: { category: Category; depth: number }[] = [];
  const seen = new Set<string>();
  const walk = (parentId: string | null, depth: number) => {
    for (const category of childrenOf(all, parentId)) {
      if (seen.has(category.id)) continue;
      seen.add(category.id);
      out.push({ category, depth });
      walk(category.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** What separates a category from its parent in a path: "Women › Clothing". */
export const PATH_SEPARATOR = ' › ';

/**
 * Each category in tree order with its path from the top ("Women › Clothing"): how every
 * picker names a category, so two "Clothing" under different parents are told apart.
 */
export function categoryPaths(
  all: readonly Category[],
): { category: Category; depth: number; path: string }[] {
  const paths = new Map<string, string>();
  return flattenTree(all).map(({ category, depth }) => {
    const parent = category.parent_id ? paths.get(category.parent_id) : undefined;
    const path =
      parent === undefined ? category.title : `${parent}${PATH_SEPARATOR}${category.title}`;
    paths.set(category.id, path);
    return { category, depth, path };
  });
}

/** `id` and everything under it: the parents a category cannot be moved to. */
export function subtreeIds(all: readonly Category[], id: string): Set<string> {
  const found = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all) {
      if (c.parent_id && found.has(c.parent_id) && !found.has(c.id)) {
        found.add(c.id);
        grew = true;
      }
    }
  }
  return found;
}

/** One write of a move: the category, its new position and, when it changes, its new parent. */
export type MoveWrite = { category: Category; position: number; parent_id?: string | null };

/**
 * The writes that put `id` at `index` among the children of `parentId` (null: the top level;
 * an index past the end: last): the siblings numbered 0, 1, 2… in their new order, only
 * those whose position or parent changes, the moved category first. None when the move is
 * impossible (into itself or its own subtree) or changes nothing.
 */
export function moveWrites(
  all: readonly Category[],
  id: string,
  parentId: string | null,
  index: number,
): MoveWrite[] {
  const moved = all.find((c) => c.id === id);
  if (!moved || (parentId !== null && subtreeIds(all, id).has(parentId))) return [];
  const order = childrenOf(all, parentId).filter((c) => c.id !== id);
  order.splice(Math.max(0, Math.min(index, order.length)), 0, moved);
  const reparented = (moved.parent_id ?? null) !== parentId;
  const writes = order
    .map(
      (category, position): MoveWrite =>
        category.id === id && reparented
          ? { category, position, parent_id: parentId }
          : { category, position },
    )
    .filter((w) => w.parent_id !== undefined || w.category.position !== w.position);
  return writes.sort((a, b) => Number(b.category.id === id) - Number(a.category.id === id));
}

/**
 * The writes that move `id` one place among its siblings (`delta` -1 up, +1 down); none at
 * either end.
 */
export function reorderWrites(all: readonly Category[], id: string, delta: -1 | 1): MoveWrite[] {
  const moved = all.find((c) => c.id === id);
  if (!moved) return [];
  const siblings = childrenOf(all, moved.parent_id);
  const to = siblings.findIndex((c) => c.id === id) + delta;
  if (to < 0 || to >= siblings.length) return [];
  // Among the siblings without it, index `to` is the place `delta` asks for.
  return moveWrites(all, id, parentOf(all, moved), to);
}

/** Where a category dropped on `target` goes: before it, after it, or last inside it. */
export type DropPlace = 'before' | 'after' | 'into';

/** The writes of dropping `id` on `target` at `place` (none if that is no move). */
export function dropWrites(
  all: readonly Category[],
  id: string,
  target: string,
  place: DropPlace,
): MoveWrite[] {
  const on = all.find((c) => c.id === target);
  if (!on || target === id) return [];
  if (place === 'into') return moveWrites(all, id, on.id, Number.MAX_SAFE_INTEGER);
  const parent = parentOf(all, on);
  const siblings = childrenOf(all, parent).filter((c) => c.id !== id);
  const at = siblings.findIndex((c) => c.id === target);
  return moveWrites(all, id, parent, place === 'before' ? at : at + 1);
}

/** The parent the tree shows `c` under (null for the top level and for orphans). */
function parentOf(all: readonly Category[], c: Category): string | null {
  return c.parent_id && all.some((p) => p.id === c.parent_id) ? c.parent_id : null;
}
