/** The query keys of the shop's policies. */
export const policyKeys = {
  list: () => ['policies'] as const,
};
