/** The query keys of webhook deliveries and the audit log. */
export const deliveryKeys = {
  list: (endpointId: string) => ['deliveries', endpointId] as const,
};

export const auditKeys = {
  list: (filters: object) => ['audit', filters] as const,
};
