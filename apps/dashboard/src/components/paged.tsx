/**
 * A list the API pages (Stripe-style cursors), shown as a table: loading, empty and error
 * states, a row per record with its actions, and previous/next pages.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Cursor, useCursor } from '../lib/list';
import { ErrorNotice, Loading, Pager } from './ui';

type Page<T> = { data: T[]; has_more: boolean };

/** The page at the cursor of `key`'s list; the cursor resets when the key changes. */
export function usePaged<T extends { id: string }>(
  key: readonly unknown[],
  fetch: (cursor: Cursor) => Promise<Page<T>>,
) {
  const pager = useCursor();
  const query = useQuery({
    queryKey: [...key, pager.cursor],
    queryFn: () => fetch(pager.cursor),
    placeholderData: keepPreviousData,
  });
  return { pager, query, rows: query.data?.data ?? [] };
}

export type Column<T> = { label: string; value: (row: T) => ReactNode };

export function PagedTable<T extends { id: string }>({
  list,
  caption,
  what,
  empty,
  columns,
  actions,
}: {
  list: ReturnType<typeof usePaged<T>>;
  caption: string;
  /** What the rows are, for "Loading …". */
  what: string;
  empty: string;
  columns: readonly Column<T>[];
  actions?: (row: T) => ReactNode;
}) {
  const { pager, query, rows } = list;
  return (
    <>
      <ErrorNotice error={query.error} />
      {query.isPending ? <Loading what={what} /> : null}
      {query.data && rows.length === 0 ? <p>{empty}</p> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col">
                    {c.label}
                  </th>
                ))}
                {actions ? (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {columns.map((c) => (
                    <td key={c.label}>{c.value(row)}</td>
                  ))}
                  {actions ? <td className="row-actions">{actions(row)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        hasPrevious={pager.page > 0}
        hasNext={pager.hasNext(query.data?.has_more ?? false)}
        onPrevious={() => pager.previous(rows[0]?.id)}
        onNext={() => pager.next(rows.at(-1)?.id)}
      />
    </>
  );
}
