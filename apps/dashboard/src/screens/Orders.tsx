import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, type Schema, unwrap } from '../api/client';
import { useMe } from '../components/Layout';
import { OrdersTable } from '../components/OrdersTable';
import { ErrorNotice, Loading, Pager, SelectField, TextField } from '../components/ui';
import { useCursor } from '../lib/list';
import { PAYMENT_LABELS } from '../lib/payment';

export type OrdersSearch = {
  q?: string | undefined;
  status?: string | undefined;
  payment_status?: string | undefined;
};
type Order = Schema<'Order'>;

const PAGE = 25;

/** Orders: filtered by status and payment, found by number or the buyer's email. */
export function Orders() {
  const me = useMe();
  const search = useSearch({ from: '/app/orders' });
  const navigate = useNavigate({ from: '/orders' });
  const pager = useCursor();
  const [query, setQuery] = useState(search.q ?? '');
  const q = search.q?.trim();
  const list = useQuery({
    queryKey: ['orders', search, pager.cursor],
    queryFn: () =>
      unwrap(
        api.GET('/orders', {
          params: {
            query: {
              limit: PAGE,
              ...pager.cursor,
              ...(search.status ? { status: search.status as Order['status'] } : {}),
              ...(search.payment_status
                ? { payment_status: search.payment_status as Order['payment_status'] }
                : {}),
              ...(q
                ? q.includes('@')
                  ? { email: q }
                  : { order_number: q.replace(/^#/, '') }
                : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const filter = (next: OrdersSearch) => {
    pager.reset();
    void navigate({ search: { ...search, ...next } });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    filter({ q: query.trim() || undefined });
  };
  const rows = list.data?.data ?? [];
  return (
    <>
      <h1>Orders</h1>
      <div className="filters">
        <search className="search">
          <form onSubmit={submit}>
            <TextField
              label="Find an order"
              type="search"
              hint="Order number or the buyer's email"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
            <button type="submit">Search</button>
          </form>
        </search>
        <SelectField
          label="Status"
          value={search.status ?? ''}
          onChange={(e) => filter({ status: e.target.value || undefined })}
        >
          <option value="">Any status</option>
          <option value="pending">Pending</option>
          <option value="delivered">Delivered</option>
          <option value="completed">Completed</option>
          <option value="cancelled">Cancelled</option>
          <option value="refunded">Refunded</option>
        </SelectField>
        <SelectField
          label="Payment"
          value={search.payment_status ?? ''}
          onChange={(e) => filter({ payment_status: e.target.value || undefined })}
        >
          <option value="">Paid or not</option>
          {Object.entries(PAYMENT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorNotice error={list.error} />
      {list.isPending ? <Loading what="orders" /> : null}
      {list.data && rows.length === 0 ? <p>No order matches.</p> : null}
      {rows.length > 0 ? (
        <OrdersTable
          orders={rows}
          caption={`Orders, page ${pager.page + 1}`}
          currency={me.shop.currency}
          busy={list.isFetching}
        />
      ) : null}
      <Pager
        hasPrevious={pager.page > 0}
        hasNext={pager.hasNext(list.data?.has_more ?? false)}
        onPrevious={() => pager.previous(rows[0]?.id)}
        onNext={() => pager.next(rows.at(-1)?.id)}
      />
    </>
  );
}
