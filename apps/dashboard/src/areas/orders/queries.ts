import type { OrdersSearch } from './list';

/** The query keys of orders: a list by its filters, one order, and its timeline. */
export const orderKeys = {
  lists: () => ['orders', 'list'] as const,
  list: (search: OrdersSearch) => ['orders', 'list', search] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  timeline: (id: string) => ['orders', 'detail', id, 'timeline'] as const,
};
