/** The query keys of the shop's figures: the overview and the traffic, from a day on. */
export const analyticsKeys = {
  overview: (from: string) => ['analytics', 'overview', from] as const,
  traffic: (from: string) => ['analytics', 'traffic', from] as const,
};
