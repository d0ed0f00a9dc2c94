/** The query keys of staff members and roles. */
export const staffKeys = {
  all: () => ['staff'] as const,
  list: () => ['staff', 'list'] as const,
};

export const roleKeys = {
  all: () => ['roles'] as const,
  every: () => ['roles', 'all'] as const,
};
