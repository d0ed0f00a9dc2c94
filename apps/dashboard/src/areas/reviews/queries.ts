/** The query keys of reviews: a list by status. */
export const reviewKeys = {
  all: () => ['reviews'] as const,
  list: (status: string) => ['reviews', 'list', status] as const,
};
