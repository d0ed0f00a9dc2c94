import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ApiError, api, newIdempotencyKey, type Schema, unwrap, writeHeaders } from '../api/client';
import { useMe } from '../components/Layout';
import {
  Checkbox,
  ConfirmDialog,
  ErrorNotice,
  formatDate,
  Loading,
  Notice,
  SelectField,
  TextField,
} from '../components/ui';
import { formatMoney, parseMajor, toMajorInput } from '../lib/money';
import { paymentLabel } from '../lib/payment';
import { can } from '../lib/scopes';

type Order = Schema<'Order'>;
type Transition = 'mark-paid' | 'deliver' | 'complete' | 'cancel' | 'refund';

const LABELS: Record<Transition, { action: string; title: string; explain: string }> = {
  'mark-paid': {
    action: 'Mark as paid',
    title: 'Mark this order as paid?',
    explain: 'Record that the money arrived outside the payment provider. The buyer gets an email.',
  },
  deliver: {
    action: 'Mark as delivered',
    title: 'Mark this order as delivered?',
    explain: 'The refund window starts now. The buyer gets an email.',
  },
  complete: {
    action: 'Complete',
    title: 'Complete this order?',
    explain: 'The order is closed. The refund window still applies.',
  },
  cancel: {
    action: 'Cancel order',
    title: 'Cancel this order?',
    explain: 'Stock held by its lines comes back. The buyer gets an email. This cannot be undone.',
  },
  refund: {
    action: 'Refund',
    title: 'Refund this order?',
    explain:
      'The money goes back to the buyer, who gets an email. The order becomes refunded once all that was paid is refunded.',
  },
};

/** What the order's state allows, as the API's transition table says. */
function allowed(order: Order): Transition[] {
  // Partly refunded is still paid: the rest can be refunded, and it is never marked paid again.
  const paid =
    order.payment_status === 'fully-paid' || order.payment_status === 'partially-refunded';
  const out: Transition[] = [];
  if (!paid && order.status !== 'cancelled' && order.status !== 'refunded') out.push('mark-paid');
  if (order.status === 'pending') out.push('deliver', 'cancel');
  if (order.status === 'delivered') out.push('complete');
  if (paid && (order.status === 'delivered' || order.status === 'completed')) out.push('refund');
  return out;
}

/** One order: lines, totals, buyer, address, shipping, history, and the changes it allows. */
export function OrderDetail({ id }: { id: string }) {
  const me = useMe();
  const queryClient = useQueryClient();
  const order = useQuery({
    queryKey: ['order', id],
    queryFn: () => unwrap(api.GET('/orders/{id}', { params: { path: { id } } })),
  });
  const history = useQuery({
    queryKey: ['audit', 'order', id],
    queryFn: () =>
      unwrap(
        api.GET('/audit', {
          params: { query: { resource_type: 'order', resource_id: id, limit: 50 } },
        }),
      ),
    enabled: can(me.scopes, 'admin'),
  });
  const [open, setOpen] = useState<Transition | null>(null);
  const [method, setMethod] = useState<'cash_on_delivery' | 'bank_transfer'>('bank_transfer');
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string>();
  const key = useRef(newIdempotencyKey());

  const change = useMutation({
    mutationFn: async ({ verb, current }: { verb: Transition; current: Order }) => {
      const params = { path: { id } };
      const headers = writeHeaders(key.current, current.version);
      switch (verb) {
        case 'mark-paid':
          return unwrap(api.POST('/orders/{id}/mark-paid', { params, headers, body: { method } }));
        case 'deliver':
          return unwrap(api.POST('/orders/{id}/deliver', { params, headers }));
        case 'complete':
          return unwrap(api.POST('/orders/{id}/complete', { params, headers }));
        case 'cancel':
          return unwrap(api.POST('/orders/{id}/cancel', { params, headers }));
        case 'refund': {
          const parsed = parseMajor(amount, current.currency || me.shop.currency);
          if (!parsed.ok)
            throw new ApiError(400, 'FORM', parsed.message, [
              { field: 'amount', message: parsed.message },
            ]);
          return unwrap(
            api.POST('/orders/{id}/refund', {
              params,
              headers,
              body: {
                amount: parsed.minor,
                restock,
                ...(reason.trim() ? { reason: reason.trim() } : {}),
              },
            }),
          );
        }
      }
    },
    onSuccess: (updated, { verb }) => {
      key.current = newIdempotencyKey();
      queryClient.setQueryData(['order', id], updated);
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['audit', 'order', id] });
      setDone(`${LABELS[verb].action}: done.`);
      setOpen(null);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'FORM') setAmountError(error.message);
    },
  });

  if (order.isPending) return <Loading what="the order" />;
  if (order.error) {
    return (
      <>
        <h1>Order</h1>
        <ErrorNotice error={order.error} />
      </>
    );
  }
  const o = order.data;
  const currency = o.currency || me.shop.currency;
  const money = (minor: number) => formatMoney(minor, currency);
  const writable = can(me.scopes, 'orders:write');
  const start = (verb: Transition) => {
    change.reset();
    setDone(undefined);
    setAmountError(undefined);
    if (verb === 'refund') setAmount(toMajorInput(o.paid_amount - o.refunded_amount, currency));
    setOpen(verb);
  };
  const stale = change.error instanceof ApiError && change.error.status === 412;

  return (
    <>
      <p>
        <Link to="/orders">← Orders</Link>
      </p>
      <h1>Order #{o.order_number}</h1>
      <p>
        <span className={`badge badge-${o.status}`}>{o.status}</span>{' '}
        <span className="badge">{paymentLabel(o.payment_status)}</span> · placed{' '}
        {formatDate(o.created_at)}
      </p>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {stale ? (
        <Notice tone="warning">
          <p>This order changed since you opened it; nothing was done.</p>
          <button type="button" onClick={() => void order.refetch().then(() => change.reset())}>
            Reload the order
          </button>
        </Notice>
      ) : null}
      {change.error && !stale && !open ? <ErrorNotice error={change.error} /> : null}
      {writable && allowed(o).length > 0 ? (
        <div className="actions">
          {allowed(o).map((verb) => (
            <button
              key={verb}
              type="button"
              className={verb === 'cancel' ? 'danger' : undefined}
              onClick={() => start(verb)}
            >
              {LABELS[verb].action}
            </button>
          ))}
        </div>
      ) : null}
      <div className="columns">
        <section aria-labelledby="lines">
          <h2 id="lines">Items</h2>
          <div className="table-wrap">
            <table>
              <caption className="sr-only">Items</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Quantity</th>
                  <th scope="col">Price</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {o.lines.map((line) => (
                  <tr key={line.id}>
                    <td>
                      {line.title}
                      {line.variation_key ? (
                        <span className="muted"> · {line.variation_key}</span>
                      ) : null}
                      {line.sku ? <span className="muted"> · SKU {line.sku}</span> : null}
                    </td>
                    <td>{line.quantity}</td>
                    <td>{money(line.unit_amount)}</td>
                    <td>{money(line.total_amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="totals">
            <div>
              <dt>Products</dt>
              <dd>{money(o.products_amount)}</dd>
            </div>
            {o.discount_amount ? (
              <div>
                <dt>Discount</dt>
                <dd>−{money(o.discount_amount)}</dd>
              </div>
            ) : null}
            <div>
              <dt>Shipping</dt>
              <dd>{money(o.shipping_amount)}</dd>
            </div>
            <div>
              <dt>Tax</dt>
              <dd>{money(o.tax_amount)}</dd>
            </div>
            <div className="total">
              <dt>Total</dt>
              <dd>{money(o.total_amount)}</dd>
            </div>
            <div>
              <dt>Paid</dt>
              <dd>{money(o.paid_amount)}</dd>
            </div>
            {o.refunded_amount ? (
              <div>
                <dt>Refunded</dt>
                <dd>{money(o.refunded_amount)}</dd>
              </div>
            ) : null}
          </dl>
        </section>
        <section aria-labelledby="buyer">
          <h2 id="buyer">Buyer</h2>
          <p>
            {o.name}
            <br />
            <a href={`mailto:${o.email}`}>{o.email}</a>
            {o.phone ? (
              <>
                <br />
                {o.phone}
              </>
            ) : null}
          </p>
          {Object.values(o.shipping_address).some(Boolean) ? (
            <>
              <h3>Address</h3>
              <p>
                {[o.shipping_address.apartment, o.shipping_address.room].filter(Boolean).join(', ')}
                <br />
                {[o.shipping_address.town, o.shipping_address.city].filter(Boolean).join(', ')}
              </p>
            </>
          ) : null}
          <h3>Shipping</h3>
          <p>{o.shipping ? `${o.shipping.name} (${o.shipping.kind})` : 'None'}</p>
          {o.note ? (
            <>
              <h3>Note</h3>
              <p>{o.note}</p>
            </>
          ) : null}
        </section>
      </div>
      <section aria-labelledby="timeline">
        <h2 id="timeline">History</h2>
        <ol className="timeline">
          <li>{formatDate(o.created_at)}: placed</li>
          {o.paid_at ? (
            <li>
              {formatDate(o.paid_at)}: paid
              {o.payment_method ? ` (${o.payment_method.replace(/_/g, ' ')})` : ''}
            </li>
          ) : null}
          {o.delivered_at ? <li>{formatDate(o.delivered_at)}: delivered</li> : null}
          {o.completed_at ? <li>{formatDate(o.completed_at)}: completed</li> : null}
          {o.cancelled_at ? <li>{formatDate(o.cancelled_at)}: cancelled</li> : null}
          {o.refund_requested_at ? (
            <li>{formatDate(o.refund_requested_at)}: refund requested</li>
          ) : null}
          {o.refunded_at ? (
            <li>
              {formatDate(o.refunded_at)}: refunded {money(o.refunded_amount)}
            </li>
          ) : null}
          {(history.data?.data ?? []).map((e) => (
            <li key={e.id}>
              {formatDate(e.created_at)}: {e.action} by {e.key_prefix ?? 'the platform'} (
              {Object.keys(e.changes).join(', ')})
            </li>
          ))}
        </ol>
      </section>
      {open ? (
        <ConfirmDialog
          open
          title={LABELS[open].title}
          confirmLabel={LABELS[open].action}
          danger={open === 'cancel' || open === 'refund'}
          busy={change.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={() => change.mutate({ verb: open, current: o })}
        >
          <p>{LABELS[open].explain}</p>
          {open === 'mark-paid' ? (
            <SelectField
              label="How was it paid?"
              value={method}
              onChange={(e) => setMethod(e.target.value as typeof method)}
            >
              <option value="bank_transfer">Bank transfer</option>
              <option value="cash_on_delivery">Cash on delivery</option>
            </SelectField>
          ) : null}
          {open === 'refund' ? (
            <>
              <TextField
                label={`Amount to refund (${currency})`}
                inputMode="decimal"
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                error={
                  amountError ??
                  (change.error instanceof ApiError
                    ? change.error.fieldMessage('amount')
                    : undefined)
                }
                hint={`At most ${money(o.paid_amount - o.refunded_amount)}`}
              />
              <Checkbox
                label="Put the items back in stock"
                checked={restock}
                onChange={(e) => setRestock(e.target.checked)}
              />
              <TextField
                label="Reason (optional)"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </>
          ) : null}
          {change.error && !(change.error instanceof ApiError && change.error.code === 'FORM') ? (
            <ErrorNotice error={change.error} />
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
