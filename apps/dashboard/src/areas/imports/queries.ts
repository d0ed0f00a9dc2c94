/** The query keys of catalogue imports: the list and one import job. */
export const importKeys = {
  lists: () => ['imports', 'list'] as const,
  detail: (id: string | undefined) => ['imports', 'detail', id] as const,
};
