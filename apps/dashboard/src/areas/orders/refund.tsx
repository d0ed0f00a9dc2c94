/**
 * Refunding as Shopify's "Refund" does it: an amount in the shop's currency (what is left to
 * refund offered), a reason, and how many of each line go back to stock, in one
 * `POST /orders/{id}/refunds`; and the refunds so far with what each put back.
 */
import { useState } from 'react';
import { ApiError, api, unwrap } from '../../api/client';
import { ConfirmDialog, formatDate, TextField } from '../../components/ui';
import { formatMoney, parseMajor, toMajorInput } from '../../lib/money';
import { countOf } from '../../lib/text';
import { lineName } from './fulfilment';
import { type Order, useOrderWrite, WriteProblem } from './order-write';

type Line = Order['lines'][number];

/** What was paid and not refunded yet: the most a refund may give back. */
export const leftToRefund = (order: Order) =>
  Math.max(0, order.paid_amount - order.refunded_amount);

/** What of a line can still go back to stock: none once it holds no stock (untracked, released). */
const restockableOf = (line: Line) =>
  line.stock_held ? Math.max(0, line.quantity - line.restocked_quantity) : 0;

const FIELDS = ['amount', 'reason', 'restock'] as const;

type Form = { amount: string; reason: string; restock: Record<string, string> };

const formError = (field: (typeof FIELDS)[number], message: string) =>
  new ApiError(400, 'FORM', message, [{ field, message }]);

/** The body the API takes, or an error naming the field at fault, as the API's would. */
function bodyOf(order: Order, form: Form, currency: string) {
  const parsed = parseMajor(form.amount, currency);
  if (!parsed.ok) throw formError('amount', parsed.message);
  const left = leftToRefund(order);
  if (parsed.minor > left) {
    throw formError('amount', `At most ${formatMoney(left, currency)} is left to refund.`);
  }
  const restock: { line_id: string; quantity: number }[] = [];
  for (const line of order.lines.filter((l) => restockableOf(l) > 0)) {
    const typed = (form.restock[line.id] ?? '').trim();
    const quantity = typed === '' ? 0 : Number(typed);
    const most = restockableOf(line);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > most) {
      throw formError('restock', `Between 0 and ${most} for ${lineName(line)}.`);
    }
    if (quantity > 0) restock.push({ line_id: line.id, quantity });
  }
  const reason = form.reason.trim();
  return { amount: parsed.minor, restock, ...(reason ? { reason } : {}) };
}

/** What the refund just recorded did, in words. */
function summary(refund: Order['refunds'][number] | undefined, currency: string) {
  if (!refund) return 'Refunded.';
  const back = refund.restock.reduce((n, l) => n + l.quantity, 0);
  const stock = back > 0 ? ` ${countOf(back, 'item')} back in stock.` : '';
  return `Refunded ${formatMoney(refund.amount, currency)}.${stock}`;
}

export function RefundDialog({
  order,
  currency,
  onClose,
  onDone,
}: {
  order: Order;
  currency: string;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [form, setForm] = useState<Form>(() => ({
    amount: toMajorInput(leftToRefund(order), currency),
    reason: '',
    restock: {},
  }));
  const edit = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const refund = useOrderWrite<Form>(
    order,
    (typed, headers) =>
      unwrap(
        api.POST('/orders/{id}/refunds', {
          params: { path: { id: order.id } },
          headers,
          body: bodyOf(order, typed, currency),
        }),
      ),
    (updated) => onDone(summary(updated.refunds.at(-1), currency)),
  );
  const restockable = order.lines.filter((l) => restockableOf(l) > 0);
  const held = order.lines.filter((l) => restockableOf(l) === 0);
  // The API names a line it refused by its id; the merchant knows it by its name.
  const names = new Map(order.lines.map((l) => [l.id, lineName(l)]));
  const restockError = refund
    .fieldError('restock')
    ?.replace(/[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}/gi, (id) => names.get(id) ?? id);

  return (
    <ConfirmDialog
      open
      title="Refund this order?"
      confirmLabel="Refund"
      danger
      busy={refund.isPending}
      onCancel={onClose}
      onConfirm={() => refund.mutate(form)}
    >
      <p>
        The money goes back to the buyer, who gets an email. The order becomes refunded once all
        that was paid is refunded.
      </p>
      <TextField
        label={`Amount to refund (${currency})`}
        inputMode="decimal"
        value={form.amount}
        onChange={(e) => edit({ amount: e.target.value })}
        error={refund.fieldError('amount')}
        hint={`At most ${formatMoney(leftToRefund(order), currency)}`}
      />
      <TextField
        label="Reason (optional)"
        value={form.reason}
        onChange={(e) => edit({ reason: e.target.value })}
        error={refund.fieldError('reason')}
      />
      {restockable.length > 0 ? (
        <fieldset
          className="restock-lines"
          aria-describedby={restockError ? 'refund-restock-error' : undefined}
        >
          <legend>Put back in stock</legend>
          {restockable.map((line) => (
            <TextField
              key={line.id}
              label={`Restock quantity for ${lineName(line)}`}
              hint={`Up to ${restockableOf(line)}${line.restocked_quantity ? ` (${line.restocked_quantity} of ${line.quantity} back already)` : ''}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={restockableOf(line)}
              value={form.restock[line.id] ?? '0'}
              onChange={(e) => edit({ restock: { ...form.restock, [line.id]: e.target.value } })}
            />
          ))}
          {restockError ? (
            <p className="field-error" id="refund-restock-error">
              {restockError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {held.length > 0 ? (
        <p className="muted">
          {held.map(lineName).join(', ')} {held.length === 1 ? 'holds' : 'hold'} no stock to put
          back.
        </p>
      ) : null}
      <WriteProblem write={refund} fields={FIELDS} />
    </ConfirmDialog>
  );
}

/** The refunds so far, oldest first: when, how much, why, and what went back to stock. */
export function Refunds({ order, currency }: { order: Order; currency: string }) {
  if (order.refunds.length === 0) return null;
  const names = new Map(order.lines.map((l) => [l.id, lineName(l)]));
  return (
    <section aria-labelledby="refunds">
      <h2 id="refunds">Refunds</h2>
      <ol className="order-cards refunds">
        {order.refunds.map((r) => (
          <li key={r.id}>
            <h3>
              {formatMoney(r.amount, currency)} refunded
              <span className="muted">
                {' · '}
                <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
              </span>
            </h3>
            <p>{r.reason || <span className="muted">No reason given.</span>}</p>
            {r.restock.length > 0 ? (
              <p>
                Back in stock:{' '}
                {r.restock
                  .map((l) => `${names.get(l.line_id) ?? 'a removed line'} × ${l.quantity}`)
                  .join(', ')}
              </p>
            ) : (
              <p className="muted">Nothing went back to stock.</p>
            )}
            {r.provider_refund_id ? (
              <p className="muted">Payment provider refund {r.provider_refund_id}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
