import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { api, type Schema, unwrap } from '../../api/client';
import { ListFilters } from '../../components/list-filters';
import { type Column, PagedTable, usePaged } from '../../components/paged';
import { formatDate } from '../../components/ui';
import { filtered } from '../../lib/list';
import { customerKeys } from './queries';

export type CustomersSearch = { q?: string | undefined; status?: string | undefined };
type Customer = Schema<'Customer'>;
type Status = Customer['status'];

export const CUSTOMER_STATUS: Record<Status, string> = {
  active: 'Active',
  inactive: 'Inactive',
  blacklisted: 'Blocked',
};

const COLUMNS: Column<Customer>[] = [
  {
    label: 'Customer',
    value: (c) => (
      <>
        <Link to="/customers/$id" params={{ id: c.id }}>
          {c.name || c.email}
        </Link>
        <br />
        <span className="muted">{c.email}</span>
      </>
    ),
  },
  {
    label: 'Status',
    value: (c) => <span className={`badge badge-${c.status}`}>{CUSTOMER_STATUS[c.status]}</span>,
  },
  { label: 'Last signed in', value: (c) => formatDate(c.last_login_at) },
];

/** Customers: searched by email or name and filtered by status, on the server. */
export function Customers() {
  const search = useSearch({ from: '/app/customers' });
  const navigate = useNavigate({ from: '/customers' });
  const list = usePaged(customerKeys.list(search), (cursor) =>
    unwrap(
      api.GET('/customers', {
        params: {
          query: {
            limit: 25,
            ...cursor,
            ...(search.q ? { search: search.q } : {}),
            ...(search.status ? { status: search.status as Status } : {}),
          },
        },
      }),
    ),
  );
  return (
    <>
      <h1>Customers</h1>
      <ListFilters
        search={{ label: 'Find a customer', hint: 'Part of the email or the name' }}
        filters={[
          {
            name: 'status',
            label: 'Status',
            any: 'Any status',
            options: Object.entries(CUSTOMER_STATUS),
          },
        ]}
        values={search}
        onChange={(next) => void navigate({ search: next })}
      />
      <PagedTable
        list={list}
        caption="Customers"
        what="customers"
        empty={filtered(search) ? 'No customer matches.' : 'No customers yet.'}
        columns={COLUMNS}
      />
    </>
  );
}
