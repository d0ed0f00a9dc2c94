/**
 * One category of the tree with its moves: a drag source and drop target (the upper quarter
 * of the row drops before it, the lower quarter after it, the middle into it), up and down
 * buttons among its siblings and a "Move to" list of the parents it may go under, for a
 * keyboard and a screen reader.
 */
import { Link } from '@tanstack/react-router';
import { type DragEvent, useState } from 'react';
import {
  type Category,
  categoryPaths,
  type DropPlace,
  dropWrites,
  type MoveWrite,
  moveWrites,
  reorderWrites,
  subtreeIds,
} from '../../lib/category-tree';

const TOP = 'top';

/** Where over `row` the pointer is: its upper quarter, lower quarter or middle. */
function placeOf(event: DragEvent<HTMLElement>): DropPlace {
  const box = event.currentTarget.getBoundingClientRect();
  const at = (event.clientY - box.top) / Math.max(1, box.height);
  return at < 0.25 ? 'before' : at > 0.75 ? 'after' : 'into';
}

export function CategoryRow({
  category: c,
  all,
  first,
  last,
  writable,
  busy,
  dragged,
  onDrag,
  onMove,
}: {
  category: Category;
  all: readonly Category[];
  first: boolean;
  last: boolean;
  writable: boolean;
  busy: boolean;
  /** The id of the category being dragged, if any. */
  dragged: string | undefined;
  onDrag: (id: string | undefined) => void;
  onMove: (writes: MoveWrite[], message: string) => void;
}) {
  const [over, setOver] = useState<DropPlace>();
  const draggedOne = all.find((x) => x.id === dragged);
  const canDrop = (place: DropPlace) =>
    !!dragged && dropWrites(all, dragged, c.id, place).length > 0;
  const moveTo = (parent: string) => {
    const parentId = parent === TOP ? null : parent;
    const name = all.find((x) => x.id === parentId)?.title;
    onMove(
      moveWrites(all, c.id, parentId, Number.MAX_SAFE_INTEGER),
      `${c.title} moved ${name ? `into ${name}` : 'to the top level'}.`,
    );
  };
  const blocked = subtreeIds(all, c.id);
  const drag = writable
    ? {
        draggable: !busy,
        onDragStart: (event: DragEvent<HTMLDivElement>) => {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', c.id);
          onDrag(c.id);
        },
        onDragEnd: () => onDrag(undefined),
        onDragOver: (event: DragEvent<HTMLDivElement>) => {
          const place = placeOf(event);
          if (!canDrop(place)) return setOver(undefined);
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          setOver(place);
        },
        onDragLeave: () => setOver(undefined),
        onDrop: (event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          setOver(undefined);
          onDrag(undefined);
          const place = placeOf(event);
          if (!draggedOne) return;
          const writes = dropWrites(all, draggedOne.id, c.id, place);
          if (writes.length > 0) {
            onMove(writes, `${draggedOne.title} moved ${place} ${c.title}.`);
          }
        },
      }
    : {};
  return (
    <div
      className={`tree-row${over ? ` drop-${over}` : ''}${dragged === c.id ? ' dragging' : ''}`}
      {...drag}
    >
      <Link to="/categories/$id" params={{ id: c.id }} draggable={false}>
        {c.title}
      </Link>
      {c.status !== 'published' ? (
        <span className={`badge badge-${c.status}`}>{c.status}</span>
      ) : null}
      {writable ? (
        <span className="tree-actions">
          <button
            type="button"
            aria-label={`Move ${c.title} up`}
            disabled={first || busy}
            onClick={() => onMove(reorderWrites(all, c.id, -1), `${c.title} moved up.`)}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label={`Move ${c.title} down`}
            disabled={last || busy}
            onClick={() => onMove(reorderWrites(all, c.id, 1), `${c.title} moved down.`)}
          >
            ↓
          </button>
          <select
            aria-label={`Move ${c.title} to`}
            value=""
            disabled={busy}
            onChange={(e) => moveTo(e.target.value)}
          >
            <option value="" disabled hidden>
              Move to…
            </option>
            {c.parent_id !== null ? <option value={TOP}>Top level</option> : null}
            {categoryPaths(all)
              .filter(({ category }) => !blocked.has(category.id) && category.id !== c.parent_id)
              .map(({ category, path }) => (
                <option key={category.id} value={category.id}>
                  {`Into ${path}`}
                </option>
              ))}
          </select>
        </span>
      ) : null}
    </div>
  );
}
