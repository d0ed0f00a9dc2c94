/**
 * A list the API pages (Stripe-style cursors), shown as a table: loading, empty and error
 * states, a row per record with its actions, and previous/next pages.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Cursor, useCursor } from '../lib/list';
import { ErrorNotice, Loading, Pager } from './ui';

type Page<T> = { data: T[]; has_more: boolean };

/**
 * The page at the cursor of `key`'s list; back to the first page when the key (the list and
 * its filters) changes. The rows of the page before stay shown while the next one loads.
 */
export function usePaged<T extends { id: string }>(
  key: readonly unknown[],
  fetch: (cursor: Cursor) => Promise<Page<T>>,
) {
  const pager = useCursor(JSON.stringify(key));
  const query = useQuery({
    queryKey: [...key, pager.cursor],
    queryFn: () => fetch(pager.cursor),
    placeholderData: keepPreviousData,
  });
  return { pager, query, rows: query.data?.data ?? [] };
}

/** A column: its header (`label`, or `header` when it is more than words) and each row's cell. */
export type Column<T> = { label: string; header?: ReactNode; value: (row: T) => ReactNode };

/**
 * The frame of every table: it scrolls sideways inside itself on a narrow screen, so it is a
 * labelled region (a named section) that takes focus and can be scrolled from the keyboard.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

/** Rows as a table with a caption for screen readers; `busy` while newer rows load. */
export function DataTable<T extends { id: string }>({
  rows,
  caption,
  columns,
  actions,
  busy,
}: {
  rows: readonly T[];
  caption: string;
  columns: readonly Column<T>[];
  actions?: ((row: T) => ReactNode) | undefined;
  busy?: boolean | undefined;
}) {
  return (
    <TableRegion label={caption}>
      <table aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.header ?? c.label}
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
    </TableRegion>
  );
}

/** A paged list's table, its states and its pager; the caption gains the page number. */
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
        <DataTable
          rows={rows}
          caption={`${caption}, page ${pager.page + 1}`}
          columns={columns}
          actions={actions}
          busy={query.isFetching}
        />
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
