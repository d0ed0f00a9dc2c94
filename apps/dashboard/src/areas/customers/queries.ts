import type { CustomersSearch } from './list';

/** The query keys of customers: a list by its filters, one customer, and their data export. */
export const customerKeys = {
  list: (search: CustomersSearch) => ['customers', 'list', search] as const,
  detail: (id: string) => ['customers', 'detail', id] as const,
  export: (id: string) => ['customers', 'detail', id, 'export'] as const,
};
