import { useNavigate, useSearch } from '@tanstack/react-router';
import { api, type Schema, unwrap } from '../../api/client';
import { useMe } from '../../components/layout';
import { ListFilters } from '../../components/list-filters';
import { orderColumns } from '../../components/orders-table';
import { PagedTable, usePaged } from '../../components/paged';
import { PAYMENT_LABELS } from '../../lib/payment';
import { orderKeys } from './queries';

export type OrdersSearch = {
  q?: string | undefined;
  status?: string | undefined;
  payment_status?: string | undefined;
  refund_requested?: string | undefined;
};
type Order = Schema<'Order'>;

const STATUSES = ['pending', 'delivered', 'completed', 'cancelled', 'refunded'] as const;

/** Orders: filtered by status and payment, found by number or the buyer's email. */
export function Orders() {
  const me = useMe();
  const search = useSearch({ from: '/app/orders' });
  const navigate = useNavigate({ from: '/orders' });
  const q = search.q?.trim();
  const list = usePaged(orderKeys.list(search), (cursor) =>
    unwrap(
      api.GET('/orders', {
        params: {
          query: {
            limit: 25,
            ...cursor,
            ...(search.status ? { status: search.status as Order['status'] } : {}),
            ...(search.payment_status
              ? { payment_status: search.payment_status as Order['payment_status'] }
              : {}),
            ...(search.refund_requested === 'true' || search.refund_requested === 'false'
              ? { refund_requested: search.refund_requested }
              : {}),
            ...(q ? (q.includes('@') ? { email: q } : { order_number: q.replace(/^#/, '') }) : {}),
          },
        },
      }),
    ),
  );
  return (
    <>
      <h1>Orders</h1>
      <ListFilters
        search={{ label: 'Find an order', hint: "Order number or the buyer's email" }}
        filters={[
          {
            name: 'status',
            label: 'Status',
            any: 'Any status',
            options: STATUSES.map((s) => [s, s[0]?.toUpperCase() + s.slice(1)] as const),
          },
          {
            name: 'payment_status',
            label: 'Payment',
            any: 'Paid or not',
            options: Object.entries(PAYMENT_LABELS),
          },
          {
            name: 'refund_requested',
            label: 'Refund request',
            any: 'Asked or not',
            options: [
              ['true', 'Refund requested'],
              ['false', 'No refund request'],
            ],
          },
        ]}
        values={search}
        onChange={(next) => void navigate({ search: next })}
      />
      <PagedTable
        list={list}
        caption="Orders"
        what="orders"
        empty="No order matches."
        columns={orderColumns(me.shop.currency)}
      />
    </>
  );
}
