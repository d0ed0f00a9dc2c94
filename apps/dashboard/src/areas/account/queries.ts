/** The query keys of the signed-in member's own sessions. */
export const sessionListKeys = {
  list: () => ['sessions'] as const,
};
