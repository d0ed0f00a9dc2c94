/** The query keys of API keys, webhook deliveries and the audit log. */
export const apiKeyKeys = {
  all: () => ['keys'] as const,
  every: () => ['keys', 'all'] as const,
};

export const deliveryKeys = {
  list: (endpointId: string) => ['deliveries', endpointId] as const,
};

export const auditKeys = {
  list: (filters: object) => ['audit', filters] as const,
};
