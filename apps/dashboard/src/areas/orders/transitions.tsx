/**
 * The order's state changes (mark paid, deliver, complete, cancel), each confirmed first, and
 * the Refund button, whose dialog (refund.tsx) asks the amount and what goes back to stock.
 */
import { useState } from 'react';
import { api, unwrap } from '../../api/client';
import { useMe } from '../../components/layout';
import { ConfirmDialog, Notice, SelectField } from '../../components/ui';
import { formatMoney } from '../../lib/money';
import { can, scopeLabel } from '../../lib/scopes';
import { type Order, useOrderWrite, WriteProblem } from './order-write';
import { leftToRefund, RefundDialog } from './refund';

type Transition = 'mark-paid' | 'deliver' | 'complete' | 'cancel';
type Action = Transition | 'refund';

const LABELS: Record<Transition, { action: string; title: string; explain: string }> = {
  'mark-paid': {
    action: 'Mark as paid',
    title: 'Mark this order as paid?',
    explain:
      'Record that the money arrived outside the payment provider. No email goes to the buyer.',
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
    explain:
      'Stock held by its lines comes back. The buyer gets an email saying what was refunded. This cannot be undone.',
  },
};

/** Payments the merchant recorded by hand: their refunds go back by hand too. */
const BY_HAND = ['cash_on_delivery', 'bank_transfer'];

/**
 * What cancelling gives back of the payment, said before the merchant confirms: the API
 * refunds what is paid and not refunded yet (through the provider when paid there).
 */
export function cancelMoney(order: Order, currency: string): string {
  if (!cancelRefunds(order)) return 'No payment was taken, so no money goes back.';
  const back = leftToRefund(order);
  const amount = formatMoney(back, currency);
  return BY_HAND.includes(order.payment_method ?? '')
    ? `${amount} is recorded as refunded: it was paid by hand, so give it back the same way.`
    : `${amount} goes back to the buyer through the payment provider.`;
}

/** The buttons in the order a merchant meets them; the buyer's refund request is not among them. */
const ACTIONS: ReadonlyArray<{ action: Action; api: Order['available_actions'][number] }> = [
  { action: 'mark-paid', api: 'mark_paid' },
  { action: 'deliver', api: 'deliver' },
  { action: 'cancel', api: 'cancel' },
  { action: 'complete', api: 'complete' },
  { action: 'refund', api: 'refund' },
];

/**
 * Whether the action gives money back: a refund, or cancelling an order with money left to
 * refund. The API asks `orders:refund` for those (403 MERCHANT_SCOPE_MISSING without it).
 */
const movesMoney = (action: Action, order: Order) =>
  action === 'refund' || (action === 'cancel' && cancelRefunds(order));

/** Cancelling refunds what is paid and not refunded yet. */
const cancelRefunds = (order: Order) =>
  (order.payment_status === 'fully-paid' || order.payment_status === 'partially-refunded') &&
  leftToRefund(order) > 0;

/**
 * What the order's state allows now, as the API says (`available_actions`), and the member's
 * scopes let them do.
 */
const allowed = (order: Order, mayRefund: boolean): Action[] =>
  ACTIONS.filter((a) => order.available_actions.includes(a.api))
    .map((a) => a.action)
    .filter((action) => mayRefund || !movesMoney(action, order));

type Method = 'cash_on_delivery' | 'bank_transfer';

/** The buttons of the changes the order allows, and the dialog that confirms one. */
export function OrderActions({ order }: { order: Order }) {
  const me = useMe();
  const currency = order.currency || me.shop.currency;
  const [open, setOpen] = useState<Action | null>(null);
  const [method, setMethod] = useState<Method>('bank_transfer');
  const [done, setDone] = useState<string>();
  const params = { path: { id: order.id } };

  const change = useOrderWrite<Transition>(
    order,
    async (verb, headers) => {
      switch (verb) {
        case 'mark-paid':
          return unwrap(api.POST('/orders/{id}/mark-paid', { params, headers, body: { method } }));
        case 'deliver':
          return unwrap(api.POST('/orders/{id}/deliver', { params, headers }));
        case 'complete':
          return unwrap(api.POST('/orders/{id}/complete', { params, headers }));
        case 'cancel':
          return unwrap(api.POST('/orders/{id}/cancel', { params, headers }));
      }
    },
    () => {
      if (open && open !== 'refund') setDone(`${LABELS[open].action}: done.`);
      setOpen(null);
    },
  );

  const start = (verb: Action) => {
    change.reset();
    setDone(undefined);
    setOpen(verb);
  };
  const mayRefund = can(me.scopes, 'orders:refund');
  const verbs = allowed(order, mayRefund);
  const withheld = !mayRefund && allowed(order, true).some((a) => movesMoney(a, order));

  return (
    <>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {verbs.length > 0 ? (
        <div className="actions">
          {verbs.map((verb) => (
            <button
              key={verb}
              type="button"
              className={verb === 'cancel' ? 'danger' : undefined}
              onClick={() => start(verb)}
            >
              {verb === 'refund' ? 'Refund' : LABELS[verb].action}
            </button>
          ))}
        </div>
      ) : null}
      {withheld ? (
        <p className="muted">
          Refunding or cancelling a paid order needs the “{scopeLabel('orders:refund')}” permission,
          which your role does not have.
        </p>
      ) : null}
      {open === 'refund' ? (
        <RefundDialog
          order={order}
          currency={currency}
          onClose={() => setOpen(null)}
          onDone={(message) => {
            setDone(message);
            setOpen(null);
          }}
        />
      ) : open ? (
        <ConfirmDialog
          open
          title={LABELS[open].title}
          confirmLabel={LABELS[open].action}
          danger={open === 'cancel'}
          busy={change.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={() => change.mutate(open)}
        >
          {open === 'cancel' ? (
            <p className="cancel-refund">{cancelMoney(order, currency)}</p>
          ) : null}
          <p>{LABELS[open].explain}</p>
          {open === 'mark-paid' ? (
            <SelectField
              label="How was it paid?"
              value={method}
              onChange={(e) => setMethod(e.target.value as Method)}
            >
              <option value="bank_transfer">Bank transfer</option>
              <option value="cash_on_delivery">Cash on delivery</option>
            </SelectField>
          ) : null}
          <WriteProblem write={change} fields={[]} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}
