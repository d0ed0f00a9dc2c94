import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, type Schema, unwrap } from '../api/client';
import { ErrorNotice, formatDate, Loading, Pager, SelectField, TextField } from '../components/ui';
import { useCursor } from '../lib/list';

export type CustomersSearch = { q?: string | undefined; status?: string | undefined };
type Status = Schema<'Customer'>['status'];

export const CUSTOMER_STATUS: Record<Status, string> = {
  active: 'Active',
  inactive: 'Inactive',
  blacklisted: 'Blocked',
};

/** Customers: searched by email or name and filtered by status, on the server. */
export function Customers() {
  const search = useSearch({ from: '/app/customers' });
  const navigate = useNavigate({ from: '/customers' });
  const pager = useCursor();
  const [query, setQuery] = useState(search.q ?? '');
  const list = useQuery({
    queryKey: ['customers', search, pager.cursor],
    queryFn: () =>
      unwrap(
        api.GET('/customers', {
          params: {
            query: {
              limit: 25,
              ...pager.cursor,
              ...(search.q ? { search: search.q } : {}),
              ...(search.status ? { status: search.status as Status } : {}),
            },
          },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const filter = (next: CustomersSearch) => {
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
      <h1>Customers</h1>
      <div className="filters">
        <search className="search">
          <form onSubmit={submit}>
            <TextField
              label="Find a customer"
              type="search"
              hint="Part of the email or the name"
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
          {Object.entries(CUSTOMER_STATUS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
      </div>
      <ErrorNotice error={list.error} />
      {list.isPending ? <Loading what="customers" /> : null}
      {list.data && rows.length === 0 ? (
        <p>{search.q || search.status ? 'No customer matches.' : 'No customers yet.'}</p>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table aria-busy={list.isFetching}>
            <caption className="sr-only">Customers, page {pager.page + 1}</caption>
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col">Status</th>
                <th scope="col">Last signed in</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link to="/customers/$id" params={{ id: c.id }}>
                      {c.name || c.email}
                    </Link>
                    <br />
                    <span className="muted">{c.email}</span>
                  </td>
                  <td>
                    <span className={`badge badge-${c.status}`}>{CUSTOMER_STATUS[c.status]}</span>
                  </td>
                  <td>{formatDate(c.last_login_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
