import { describe, expect, it } from 'vitest';
import {
  type Category,
  categoryPaths,
  childrenOf,
  dropWrites,
  flattenTree,
  moveWrites,
  reorderWrites,
  subtreeIds,
} from '../../../../apps/dashboard/src/lib/category-tree';

const cat = (id: string, parent_id: string | null, position: number): Category => ({
  id,
  object: 'category',
  title: id,
  slug: id,
  description: '',
  parent_id,
  position,
  image_id: null,
  header_image_id: null,
  featured: false,
  show_in_menu: true,
  status: 'published',
  version: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
});

// lamps ─ desk, floor; rugs; an orphan whose parent is gone.
const all = [
  cat('rugs', null, 1),
  cat('floor', 'lamps', 1),
  cat('lamps', null, 0),
  cat('desk', 'lamps', 0),
  cat('orphan', 'gone', 5),
];

describe('the dashboard category tree', () => {
  it('puts each category after its parent, siblings by position, orphans at the top', () => {
    expect(flattenTree(all).map((c) => `${c.depth}:${c.category.id}`)).toEqual([
      '0:lamps',
      '1:desk',
      '1:floor',
      '0:rugs',
      '0:orphan',
    ]);
    expect(childrenOf(all, 'lamps').map((c) => c.id)).toEqual(['desk', 'floor']);
  });

  it('knows the subtree a category cannot be moved under', () => {
    expect([...subtreeIds(all, 'lamps')].sort()).toEqual(['desk', 'floor', 'lamps']);
    expect([...subtreeIds(all, 'desk')]).toEqual(['desk']);
  });

  it('renumbers the siblings when one moves, writing only the positions that change', () => {
    const writes = reorderWrites(all, 'floor', -1);
    expect(writes.map((w) => [w.category.id, w.position])).toEqual([
      ['floor', 0],
      ['desk', 1],
    ]);
    // Ties (two siblings at position 3) still move apart.
    const tied = [cat('a', null, 3), cat('b', null, 3)];
    expect(reorderWrites(tied, 'b', -1).map((w) => [w.category.id, w.position])).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
    expect(reorderWrites(all, 'lamps', -1)).toEqual([]);
  });

  it('moves a category under another parent, renumbering the new siblings only', () => {
    // Rugs dropped between desk and floor: it joins lamps at 1, floor moves to 2.
    const writes = dropWrites(all, 'rugs', 'floor', 'before');
    expect(writes.map((w) => [w.category.id, w.position, w.parent_id])).toEqual([
      ['rugs', 1, 'lamps'],
      ['floor', 2, undefined],
    ]);
    expect(dropWrites(all, 'rugs', 'desk', 'into')).toEqual([
      { category: all[0], position: 0, parent_id: 'desk' },
    ]);
    // Back to the top level, after lamps.
    expect(
      dropWrites(all, 'desk', 'lamps', 'after').map((w) => [
        w.category.id,
        w.position,
        w.parent_id,
      ]),
    ).toEqual([
      ['desk', 1, null],
      ['rugs', 2, undefined],
      ['orphan', 3, undefined],
    ]);
  });

  it('refuses a move into the category itself or its subtree, and one that changes nothing', () => {
    expect(dropWrites(all, 'lamps', 'desk', 'into')).toEqual([]);
    expect(moveWrites(all, 'lamps', 'lamps', 0)).toEqual([]);
    expect(dropWrites(all, 'desk', 'floor', 'before')).toEqual([]);
    expect(dropWrites(all, 'desk', 'desk', 'after')).toEqual([]);
  });

  it('names each category by its path from the top, in tree order', () => {
    const named = categoryPaths([...all, cat('shade', 'floor', 0)]);
    expect(named.map((n) => n.path)).toEqual([
      'lamps',
      'lamps › desk',
      'lamps › floor',
      'lamps › floor › shade',
      'rugs',
      'orphan',
    ]);
    expect(named.find((n) => n.category.id === 'shade')?.depth).toBe(2);
  });
});
