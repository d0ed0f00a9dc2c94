import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, api, newIdempotencyKey, unwrap, writeHeaders } from '../../api/client';
import { useMe } from '../../components/layout';
import { ErrorNotice, Loading, Notice } from '../../components/ui';
import { type Category, categoriesQuery, childrenOf, type MoveWrite } from '../../lib/categories';
import { takeFlash } from '../../lib/flash';
import { categoryKeys } from '../../lib/queries';
import { can } from '../../lib/scopes';
import { CategoryRow } from './category-row';

/**
 * Categories: the tree as the storefront's menu orders it. A category is dragged before,
 * after or into another; without a pointer, it moves up or down among its siblings with
 * buttons and under another parent with its "Move to" list.
 */
export function Categories() {
  const me = useMe();
  const writable = can(me.scopes, 'catalogue:write');
  const queryClient = useQueryClient();
  // The tree screen always asks again: another member or tool may have changed it.
  const tree = useQuery({ ...categoriesQuery, refetchOnMount: 'always' });
  const [done, setDone] = useState<string | undefined>(takeFlash);
  const [dragged, setDragged] = useState<string>();

  const move = useMutation({
    mutationFn: async ({ writes }: { writes: MoveWrite[]; message: string }) => {
      for (const write of writes) {
        await unwrap(
          api.PATCH('/categories/{id}', {
            params: { path: { id: write.category.id } },
            headers: writeHeaders(newIdempotencyKey(), write.category.version),
            body:
              write.parent_id === undefined
                ? { position: write.position }
                : { position: write.position, parent_id: write.parent_id },
          }),
        );
      }
    },
    onMutate: () => setDone(undefined),
    onSuccess: (_, { message }) => setDone(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoryKeys.all() }),
  });
  const stale = move.error instanceof ApiError && move.error.status === 412;
  const all = tree.data ?? [];

  const branch = (parentId: string | null) => {
    const nodes = childrenOf(all, parentId);
    if (nodes.length === 0) return null;
    return (
      <ul className="tree">
        {nodes.map((c: Category, i) => (
          <li key={c.id}>
            <CategoryRow
              category={c}
              all={all}
              first={i === 0}
              last={i === nodes.length - 1}
              writable={writable}
              busy={move.isPending}
              dragged={dragged}
              onDrag={setDragged}
              onMove={(writes, message) => move.mutate({ writes, message })}
            />
            {branch(c.id)}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <>
      <div className="title-row">
        <h1>Categories</h1>
        {writable ? (
          <Link to="/categories/new" className="button primary">
            Add category
          </Link>
        ) : null}
      </div>
      {writable && all.length > 1 ? (
        <p className="muted">
          Drag a category before, after or onto another, or use its buttons and “Move to” list.
        </p>
      ) : null}
      {done ? <Notice tone="success">{done}</Notice> : null}
      {stale ? (
        <Notice tone="warning">
          A category changed since the tree was loaded, so nothing moved. The tree has been
          reloaded: move it again.
        </Notice>
      ) : (
        <ErrorNotice error={move.error} />
      )}
      <ErrorNotice error={tree.error} />
      {tree.isPending ? <Loading what="categories" /> : null}
      {tree.data && tree.data.length === 0 ? (
        <p>No categories yet. Categories group products on the storefront and in its menu.</p>
      ) : null}
      <section aria-label="Category tree">{branch(null)}</section>
    </>
  );
}
