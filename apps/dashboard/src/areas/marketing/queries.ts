/** The query keys of the newsletter: its subscribers by status, and its settings. */
export const newsletterKeys = {
  subscribers: (status: string) => ['newsletter', 'subscribers', status] as const,
  settings: () => ['newsletter', 'settings'] as const,
};
