import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, api, newIdempotencyKey, unwrap, writeHeaders } from '../../api/client';
import { useMe } from '../../components/layout';
import { OrdersTable } from '../../components/orders-table';
import { ConfirmDialog, ErrorNotice, formatDate, Loading, Notice } from '../../components/ui';
import { can } from '../../lib/scopes';
import { CUSTOMER_STATUS } from './list';
import { customerKeys } from './queries';

type Change = 'block' | 'unblock' | 'erase';

/** What erasure removes and what the books keep, as the API does it. */
const ERASES = [
  'the email (replaced by a placeholder), the name and the phone',
  'the saved address, sign-in codes and links, and every session',
  'the newsletter subscription and the emails sent to them',
  'the name on their reviews',
  'the email, phone and note on their orders',
];

/** A customer: profile, address, orders and reviews; block or unblock, export, erase. */
export function CustomerDetail({ id }: { id: string }) {
  const me = useMe();
  const writable = can(me.scopes, 'customers:write');
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<Change | null>(null);
  const [done, setDone] = useState<string>();
  const customer = useQuery({
    queryKey: customerKeys.detail(id),
    queryFn: () => unwrap(api.GET('/customers/{id}', { params: { path: { id } } })),
  });
  // Reviews come with the export: what the shop holds about the customer.
  const held = useQuery({
    queryKey: customerKeys.export(id),
    queryFn: () => unwrap(api.GET('/customers/{id}/export', { params: { path: { id } } })),
  });
  const change = useMutation({
    mutationFn: async (what: Change) => {
      const headers = writeHeaders(newIdempotencyKey(), customer.data?.version);
      const path = { id };
      if (what === 'erase')
        return unwrap(api.POST('/customers/{id}/erase', { params: { path }, headers, body: {} }));
      return unwrap(
        api.PATCH('/customers/{id}', {
          params: { path },
          headers,
          body: { status: what === 'block' ? 'blacklisted' : 'active' },
        }),
      );
    },
    onSuccess: (_, what) => {
      setConfirm(null);
      setDone(
        what === 'erase'
          ? 'Personal data erased.'
          : what === 'block'
            ? 'Customer blocked: they are signed out and cannot sign in.'
            : 'Customer unblocked.',
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customerKeys.detail(id) }),
  });
  const stale = change.error instanceof ApiError && change.error.status === 412;

  if (customer.isPending) return <Loading what="the customer" />;
  if (customer.error) {
    return (
      <>
        <h1>Customer</h1>
        <ErrorNotice error={customer.error} />
      </>
    );
  }
  const c = customer.data;
  const erased = c.erased_at !== null;
  const download = () => {
    if (!held.data) return;
    const url = URL.createObjectURL(
      new Blob([JSON.stringify(held.data, null, 2)], { type: 'application/json' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = `customer-${c.id}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const reviews = held.data?.reviews ?? [];

  return (
    <>
      <p>
        <Link to="/customers">← Customers</Link>
      </p>
      <h1>{erased ? 'Erased customer' : c.name || c.email}</h1>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {stale ? (
        <Notice tone="warning">
          This customer changed since the page was opened, so nothing was done. The page has been
          reloaded: check it and try again.
        </Notice>
      ) : confirm === null ? (
        <ErrorNotice error={change.error} />
      ) : null}
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          <span className={`badge badge-${c.status}`}>{CUSTOMER_STATUS[c.status]}</span>
          {erased ? ` · erased ${formatDate(c.erased_at)}` : null}
        </dd>
        <dt>Email</dt>
        <dd>{c.email}</dd>
        <dt>Phone</dt>
        <dd>{c.phone || '—'}</dd>
        <dt>Address</dt>
        <dd>
          {c.address
            ? [
                c.address.apartment,
                c.address.room,
                c.address.town,
                c.address.city,
                c.address.postal_code,
              ]
                .filter(Boolean)
                .join(', ')
            : '—'}
        </dd>
        <dt>Customer since</dt>
        <dd>{formatDate(c.created_at)}</dd>
      </dl>
      <div className="actions">
        <button type="button" onClick={download} disabled={!held.data}>
          Download their data (JSON)
        </button>
        {writable && !erased ? (
          <>
            <button
              type="button"
              onClick={() => {
                change.reset();
                setConfirm(c.status === 'blacklisted' ? 'unblock' : 'block');
              }}
            >
              {c.status === 'blacklisted' ? 'Unblock' : 'Block'}
            </button>
            <button
              type="button"
              className="danger"
              onClick={() => {
                change.reset();
                setConfirm('erase');
              }}
            >
              Erase personal data
            </button>
          </>
        ) : null}
      </div>
      <section aria-labelledby="customer-orders">
        <h2 id="customer-orders">Orders</h2>
        {c.orders.length === 0 ? (
          <p>No orders yet.</p>
        ) : (
          <OrdersTable orders={c.orders} caption="Their orders" currency={me.shop.currency} />
        )}
      </section>
      <section aria-labelledby="customer-reviews">
        <h2 id="customer-reviews">Reviews</h2>
        <ErrorNotice error={held.error} />
        {held.isPending ? <Loading what="reviews" /> : null}
        {held.data && reviews.length === 0 ? <p>No reviews.</p> : null}
        {reviews.length > 0 ? (
          <ul className="plain">
            {reviews.map((r, i) => (
              <li key={String(r.id ?? i)}>
                <strong>{String(r.rating ?? '?')} / 5</strong> · {String(r.status ?? '')}
                <p>{String(r.comment ?? '')}</p>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm === 'erase'
            ? `Erase ${c.name || c.email}'s personal data?`
            : confirm === 'block'
              ? `Block ${c.name || c.email}?`
              : `Unblock ${c.name || c.email}?`
        }
        confirmLabel={confirm === 'erase' ? 'Erase' : confirm === 'block' ? 'Block' : 'Unblock'}
        danger={confirm !== 'unblock'}
        busy={change.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => confirm && change.mutate(confirm)}
      >
        {confirm === 'erase' ? (
          <>
            <p>This cannot be undone. What goes:</p>
            <ul>
              {ERASES.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p>
              Their {c.orders.length} {c.orders.length === 1 ? 'order keeps' : 'orders keep'} the
              number, lines, amounts, name and delivery address for the books.
            </p>
          </>
        ) : confirm === 'block' ? (
          <p>They are signed out at once and cannot sign in or check out with their account.</p>
        ) : (
          <p>They can sign in again.</p>
        )}
        <ErrorNotice error={change.error} />
      </ConfirmDialog>
    </>
  );
}
