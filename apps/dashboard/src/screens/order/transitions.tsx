/** The order's state changes (mark paid, deliver, complete, cancel, refund), each confirmed first. */
import { useState } from 'react';
import { ApiError, api, unwrap } from '../../api/client';
import { useMe } from '../../components/Layout';
import { Checkbox, ConfirmDialog, Notice, SelectField, TextField } from '../../components/ui';
import { formatMoney, parseMajor, toMajorInput } from '../../lib/money';
import { type Order, useOrderWrite, WriteProblem } from './order-write';

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

type Form = {
  method: 'cash_on_delivery' | 'bank_transfer';
  amount: string;
  restock: boolean;
  reason: string;
};

/** The buttons of the changes the order allows, and the dialog that confirms one. */
export function OrderActions({ order }: { order: Order }) {
  const me = useMe();
  const currency = order.currency || me.shop.currency;
  const money = (minor: number) => formatMoney(minor, currency);
  const [open, setOpen] = useState<Transition | null>(null);
  const [form, setForm] = useState<Form>({
    method: 'bank_transfer',
    amount: '',
    restock: false,
    reason: '',
  });
  const [done, setDone] = useState<string>();
  const edit = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const params = { path: { id: order.id } };

  const change = useOrderWrite<Transition>(
    order,
    async (verb, headers) => {
      switch (verb) {
        case 'mark-paid':
          return unwrap(
            api.POST('/orders/{id}/mark-paid', { params, headers, body: { method: form.method } }),
          );
        case 'deliver':
          return unwrap(api.POST('/orders/{id}/deliver', { params, headers }));
        case 'complete':
          return unwrap(api.POST('/orders/{id}/complete', { params, headers }));
        case 'cancel':
          return unwrap(api.POST('/orders/{id}/cancel', { params, headers }));
        case 'refund': {
          const parsed = parseMajor(form.amount, currency);
          if (!parsed.ok)
            throw new ApiError(400, 'FORM', parsed.message, [
              { field: 'amount', message: parsed.message },
            ]);
          const reason = form.reason.trim();
          return unwrap(
            api.POST('/orders/{id}/refund', {
              params,
              headers,
              body: { amount: parsed.minor, restock: form.restock, ...(reason ? { reason } : {}) },
            }),
          );
        }
      }
    },
    () => {
      if (open) setDone(`${LABELS[open].action}: done.`);
      setOpen(null);
    },
  );

  const start = (verb: Transition) => {
    change.reset();
    setDone(undefined);
    if (verb === 'refund')
      edit({ amount: toMajorInput(order.paid_amount - order.refunded_amount, currency) });
    setOpen(verb);
  };
  const verbs = allowed(order);

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
              {LABELS[verb].action}
            </button>
          ))}
        </div>
      ) : null}
      {open ? (
        <ConfirmDialog
          open
          title={LABELS[open].title}
          confirmLabel={LABELS[open].action}
          danger={open === 'cancel' || open === 'refund'}
          busy={change.isPending}
          onCancel={() => setOpen(null)}
          onConfirm={() => change.mutate(open)}
        >
          <p>{LABELS[open].explain}</p>
          {open === 'mark-paid' ? (
            <SelectField
              label="How was it paid?"
              value={form.method}
              onChange={(e) => edit({ method: e.target.value as Form['method'] })}
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
                value={form.amount}
                onChange={(e) => edit({ amount: e.target.value })}
                error={change.fieldError('amount')}
                hint={`At most ${money(order.paid_amount - order.refunded_amount)}`}
              />
              <Checkbox
                label="Put the items back in stock"
                checked={form.restock}
                onChange={(e) => edit({ restock: e.target.checked })}
              />
              <TextField
                label="Reason (optional)"
                value={form.reason}
                onChange={(e) => edit({ reason: e.target.value })}
              />
            </>
          ) : null}
          <WriteProblem write={change} fields={open === 'refund' ? ['amount'] : []} />
        </ConfirmDialog>
      ) : null}
    </>
  );
}
