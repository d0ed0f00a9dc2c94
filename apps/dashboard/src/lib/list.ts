import { useState } from 'react';

/** Where a cursor-paginated list stands: the first page, or after/before an id. */
export type Cursor = { starting_after?: string; ending_before?: string };

/**
 * The cursor of a server-paginated list, back on the first page whenever `resetKey` (the
 * list's filters) changes. The API pages like Stripe's: `has_more` says whether another page
 * follows in the direction asked.
 */
export function useCursor(resetKey = '') {
  const [state, setState] = useState({ key: resetKey, cursor: {} as Cursor, page: 0 });
  // Other filters: the first page, from this render on.
  const current = state.key === resetKey ? state : { key: resetKey, cursor: {}, page: 0 };
  if (current !== state) setState(current);
  const { cursor, page } = current;
  return {
    cursor,
    page,
    reset: () => setState({ key: resetKey, cursor: {}, page: 0 }),
    next: (lastId: string | undefined) => {
      if (!lastId) return;
      setState({ key: resetKey, cursor: { starting_after: lastId }, page: page + 1 });
    },
    previous: (firstId: string | undefined) => {
      if (!firstId) return;
      setState({
        key: resetKey,
        cursor: page <= 1 ? {} : { ending_before: firstId },
        page: Math.max(0, page - 1),
      });
    },
    /** Whether a next page exists, from the page as loaded. */
    hasNext: (hasMore: boolean) => (cursor.ending_before ? true : hasMore),
  };
}

/** A list's filters as the URL keeps them: each absent or a non-empty string. */
export type Filters = Record<string, string | undefined>;

/** Whether any filter is set (for "nothing matches" rather than "nothing yet"). */
export const filtered = (filters: Filters) => Object.values(filters).some((v) => !!v);
