/** The query keys of the newsletter's subscribers, by status. */
export const subscriberKeys = {
  list: (status: string) => ['newsletter', 'subscribers', status] as const,
};
