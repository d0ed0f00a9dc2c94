import { useState } from 'react';

/** Where a cursor-paginated list stands: the first page, or after/before an id. */
export type Cursor = { starting_after?: string; ending_before?: string };

/**
 * The cursor of a server-paginated list, reset by the caller when its filters change. The API
 * pages like Stripe's: `has_more` says whether another page follows in the direction asked.
 */
export function useCursor() {
  const [cursor, setCursor] = useState<Cursor>({});
  const [page, setPage] = useState(0);
  return {
    cursor,
    page,
    reset: () => {
      setCursor({});
      setPage(0);
    },
    next: (lastId: string | undefined) => {
      if (!lastId) return;
      setCursor({ starting_after: lastId });
      setPage((p) => p + 1);
    },
    previous: (firstId: string | undefined) => {
      if (!firstId) return;
      setCursor(page <= 1 ? {} : { ending_before: firstId });
      setPage((p) => Math.max(0, p - 1));
    },
    /** Whether a next page exists, from the page as loaded. */
    hasNext: (hasMore: boolean) => (cursor.ending_before ? true : hasMore),
  };
}
