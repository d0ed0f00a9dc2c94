/**
 * The shipping address, and its correction before anything ships. The API owns when a
 * correction is allowed: its refusal is shown in the form, with what it names.
 */
import { useState } from 'react';
import { ApiError, api, unwrap } from '../../api/client';
import { Notice, TextField } from '../../components/ui';
import { rebase } from '../../lib/rebase';
import { type Order, useOrderWrite, WriteProblem } from './order-write';

type Address = Order['shipping_address'];
const FIELDS = [
  { name: 'apartment', label: 'Apartment or building' },
  { name: 'room', label: 'Room or floor' },
  { name: 'town', label: 'Town' },
  { name: 'city', label: 'City or district' },
] as const satisfies readonly { name: keyof Address; label: string }[];

export function ShippingAddress({ order, writable }: { order: Order; writable: boolean }) {
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<string>();
  const a = order.shipping_address;
  return (
    <section aria-labelledby="address">
      <h3 id="address">Shipping address</h3>
      {done ? <Notice tone="success">{done}</Notice> : null}
      {Object.values(a).some(Boolean) ? (
        <p className="address">
          {[
            [a.apartment, a.room],
            [a.town, a.city],
          ]
            .map((line) => line.filter(Boolean).join(', '))
            .filter(Boolean)
            .join('\n')}
        </p>
      ) : (
        <p className="muted">No address.</p>
      )}
      {writable && !editing ? (
        <button
          type="button"
          onClick={() => {
            setDone(undefined);
            setEditing(true);
          }}
        >
          Correct the address
        </button>
      ) : null}
      {editing ? (
        <AddressForm
          order={order}
          onClose={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            setDone('Shipping address corrected.');
          }}
        />
      ) : null}
    </section>
  );
}

function AddressForm({
  order,
  onClose,
  onDone,
}: {
  order: Order;
  onClose: () => void;
  onDone: () => void;
}) {
  const [opened, setOpened] = useState<Address>(order.shipping_address);
  const [typed, setTyped] = useState<Address>(order.shipping_address);
  const save = useOrderWrite<Address>(
    order,
    (draft, headers) => {
      const body = Object.fromEntries(
        FIELDS.filter((f) => draft[f.name] !== opened[f.name]).map((f) => [
          f.name,
          draft[f.name].trim(),
        ]),
      );
      if (Object.keys(body).length === 0) {
        const message = 'Change a field first.';
        throw new ApiError(400, 'FORM', message, [{ field: 'town', message }]);
      }
      return unwrap(
        api.PATCH('/orders/{id}/shipping-address', {
          params: { path: { id: order.id } },
          headers,
          body,
        }),
      );
    },
    onDone,
  );
  const write = {
    ...save,
    reload: async () => {
      const latest = await save.reload();
      if (!latest) return;
      setTyped(rebase(opened, typed, latest.shipping_address));
      setOpened(latest.shipping_address);
    },
  };
  return (
    <form
      className="order-form"
      noValidate
      aria-label="Correct the shipping address"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(typed);
      }}
    >
      <p className="muted">Possible until something ships.</p>
      {FIELDS.map((f) => (
        <TextField
          key={f.name}
          label={f.label}
          value={typed[f.name]}
          onChange={(e) => setTyped((t) => ({ ...t, [f.name]: e.target.value }))}
          error={save.fieldError(f.name)}
        />
      ))}
      <WriteProblem write={write} fields={FIELDS.map((f) => f.name)} />
      <div className="actions">
        <button type="button" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save address'}
        </button>
      </div>
    </form>
  );
}
