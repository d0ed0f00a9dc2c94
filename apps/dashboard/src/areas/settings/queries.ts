/** The query keys of the storefront settings document. */
export const settingsKeys = {
  document: () => ['settings'] as const,
};
