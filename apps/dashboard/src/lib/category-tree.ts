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

/**
 * The writes that move `id` one place among its siblings (`delta` -1 up, +1 down): the
 * siblings numbered 0, 1, 2… in their new order, only those whose position changes.
 */
export function reorderWrites(
  all: readonly Category[],
  id: string,
  delta: -1 | 1,
): { category: Category; position: number }[] {
  const moved = all.find((c) => c.id === id);
  if (!moved) return [];
  const siblings = childrenOf(all, moved.parent_id);
  const from = siblings.findIndex((c) => c.id === id);
  const to = from + delta;
  if (to < 0 || to >= siblings.length) return [];
  const order = [...siblings];
  order.splice(from, 1);
  order.splice(to, 0, moved);
  return order
    .map((category, position) => ({ category, position }))
    .filter(({ category, position }) => category.position !== position);
}
