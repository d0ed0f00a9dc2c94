/**
 * Shipping an order as Shopify's "Fulfil items" does it: which lines and how many leave now,
 * with carrier and tracking; and the fulfilments so far with their tracking links.
 */
import { useState } from 'react';
import { ApiError, api, unwrap } from '../../api/client';
import { ConfirmDialog, formatDate, TextField } from '../../components/ui';
import { countOf } from '../../lib/text';
import { type Order, useOrderWrite, WriteProblem } from './order-write';

/** What of a line has not shipped yet. */
export const leftOf = (line: Order['lines'][number]) =>
  Math.max(0, line.quantity - line.fulfilled_quantity);

/** Whether the order can ship anything more (the API's shippable states, something left). */
export const canFulfil = (order: Order) =>
  ['pending', 'delivered', 'completed'].includes(order.status) &&
  order.lines.some((l) => leftOf(l) > 0);

export const lineName = (line: Order['lines'][number]) =>
  line.variant_label ? `${line.title} (${line.variant_label})` : line.title;

const FIELDS = ['lines', 'carrier', 'tracking_number', 'tracking_url'] as const;

type Form = { quantities: Record<string, string>; carrier: string; number: string; url: string };

/** The body the API takes, or an error naming the field at fault, as the API's would. */
function bodyOf(order: Order, form: Form) {
  const lines: { line_id: string; quantity: number }[] = [];
  for (const line of order.lines.filter((l) => leftOf(l) > 0)) {
    const typed = (form.quantities[line.id] ?? '').trim();
    const quantity = typed === '' ? 0 : Number(typed);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > leftOf(line)) {
      const message = `Between 0 and ${leftOf(line)} for ${lineName(line)}.`;
      throw new ApiError(400, 'FORM', message, [{ field: 'lines', message }]);
    }
    if (quantity > 0) lines.push({ line_id: line.id, quantity });
  }
  if (lines.length === 0) {
    const message = 'Choose at least one item to fulfil.';
    throw new ApiError(400, 'FORM', message, [{ field: 'lines', message }]);
  }
  return {
    lines,
    ...(form.carrier.trim() ? { carrier: form.carrier.trim() } : {}),
    ...(form.number.trim() ? { tracking_number: form.number.trim() } : {}),
    ...(form.url.trim() ? { tracking_url: form.url.trim() } : {}),
  };
}

export function FulfilDialog({
  order,
  onClose,
  onDone,
}: {
  order: Order;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const open = order.lines.filter((l) => leftOf(l) > 0);
  const [form, setForm] = useState<Form>(() => ({
    quantities: Object.fromEntries(open.map((l) => [l.id, String(leftOf(l))])),
    carrier: '',
    number: '',
    url: '',
  }));
  const edit = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const fulfil = useOrderWrite<Form>(
    order,
    (typed, headers) =>
      unwrap(
        api.POST('/orders/{id}/fulfillments', {
          params: { path: { id: order.id } },
          headers,
          body: bodyOf(order, typed),
        }),
      ),
    (updated) => {
      const shipped = updated.fulfillments.at(-1)?.lines.reduce((n, l) => n + l.quantity, 0) ?? 0;
      onDone(`Fulfilled ${countOf(shipped, 'item')}.`);
    },
  );
  const linesError = fulfil.fieldError('lines');

  return (
    <ConfirmDialog
      open
      title="Fulfil items"
      confirmLabel="Fulfil"
      busy={fulfil.isPending}
      onCancel={onClose}
      onConfirm={() => fulfil.mutate(form)}
    >
      <fieldset
        className="fulfil-lines"
        aria-describedby={linesError ? 'fulfil-lines-error' : undefined}
      >
        <legend>Items to ship now</legend>
        {open.map((line) => (
          <TextField
            key={line.id}
            label={`Quantity of ${lineName(line)}`}
            hint={`${leftOf(line)} of ${line.quantity} not shipped yet`}
            type="number"
            inputMode="numeric"
            min={0}
            max={leftOf(line)}
            value={form.quantities[line.id] ?? ''}
            onChange={(e) =>
              edit({ quantities: { ...form.quantities, [line.id]: e.target.value } })
            }
          />
        ))}
        {linesError ? (
          <p className="field-error" id="fulfil-lines-error">
            {linesError}
          </p>
        ) : null}
      </fieldset>
      <TextField
        label="Carrier (optional)"
        value={form.carrier}
        onChange={(e) => edit({ carrier: e.target.value })}
        error={fulfil.fieldError('carrier')}
      />
      <TextField
        label="Tracking number (optional)"
        value={form.number}
        onChange={(e) => edit({ number: e.target.value })}
        error={fulfil.fieldError('tracking_number')}
      />
      <TextField
        label="Tracking URL (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="The buyer's shipping email links to it; it must start with https://"
        value={form.url}
        onChange={(e) => edit({ url: e.target.value })}
        error={fulfil.fieldError('tracking_url')}
      />
      <p className="muted">The buyer gets a shipping email with the tracking link.</p>
      <WriteProblem write={fulfil} fields={FIELDS} />
    </ConfirmDialog>
  );
}

/** The shipments so far, each with its items and tracking link. */
export function Fulfilments({ order }: { order: Order }) {
  if (order.fulfillments.length === 0) return null;
  const names = new Map(order.lines.map((l) => [l.id, lineName(l)]));
  return (
    <section aria-labelledby="fulfilments">
      <h2 id="fulfilments">Fulfilments</h2>
      <ol className="order-cards fulfilments">
        {order.fulfillments.map((f, i) => (
          <li key={f.id}>
            <h3>
              Fulfilment {i + 1}
              <span className="muted"> · {formatDate(f.created_at)}</span>
            </h3>
            <ul>
              {f.lines.map((l) => (
                <li key={l.line_id}>
                  {l.quantity} × {names.get(l.line_id) ?? 'a removed line'}
                </li>
              ))}
            </ul>
            <p>
              {f.carrier || 'No carrier'}
              {f.tracking_number ? ` · ${f.tracking_number}` : ''}
              {f.tracking_url ? (
                <>
                  {' · '}
                  <a href={f.tracking_url} target="_blank" rel="noreferrer">
                    Track shipment<span className="sr-only"> {i + 1}</span>
                  </a>
                </>
              ) : null}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
