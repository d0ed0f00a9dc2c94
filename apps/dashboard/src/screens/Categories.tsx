import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, api, newIdempotencyKey, unwrap, writeHeaders } from '../api/client';
import { useMe } from '../components/Layout';
import { ErrorNotice, Loading, Notice } from '../components/ui';
import { type Category, categoriesQuery, childrenOf, reorderWrites } from '../lib/categories';
import { takeFlash } from '../lib/flash';
import { can } from '../lib/scopes';

/**
 * Categories: the tree as the storefront's menu orders it. Each category moves up or down
 * among its siblings with buttons (the keyboard's way to reorder) and to another parent from
 * its editor.
 */
export function Categories() {
  const me = useMe();
  const writable = can(me.scopes, 'catalogue:write');
  const queryClient = useQueryClient();
  // The tree screen always asks again: another member or tool may have changed it.
  const tree = useQuery({ ...categoriesQuery, refetchOnMount: 'always' });
  const [done, setDone] = useState<string | undefined>(takeFlash);

  const move = useMutation({
    mutationFn: async ({ category, delta }: { category: Category; delta: -1 | 1 }) => {
      for (const write of reorderWrites(tree.data ?? [], category.id, delta)) {
        await unwrap(
          api.PATCH('/categories/{id}', {
            params: { path: { id: write.category.id } },
            headers: writeHeaders(newIdempotencyKey(), write.category.version),
            body: { position: write.position },
          }),
        );
      }
      return category;
    },
    onSuccess: (category, { delta }) =>
      setDone(`${category.title} moved ${delta < 0 ? 'up' : 'down'}.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['categories'] }),
  });
  const stale = move.error instanceof ApiError && move.error.status === 412;

  const branch = (parentId: string | null) => {
    const nodes = childrenOf(tree.data ?? [], parentId);
    if (nodes.length === 0) return null;
    return (
      <ul className="tree">
        {nodes.map((c, i) => (
          <li key={c.id}>
            <div className="tree-row">
              <Link to="/categories/$id" params={{ id: c.id }}>
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
                    disabled={i === 0 || move.isPending}
                    onClick={() => move.mutate({ category: c, delta: -1 })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    aria-label={`Move ${c.title} down`}
                    disabled={i === nodes.length - 1 || move.isPending}
                    onClick={() => move.mutate({ category: c, delta: 1 })}
                  >
                    ↓
                  </button>
                </span>
              ) : null}
            </div>
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
