/**
 * The checkout form as the shop's settings shape it: contact, the delivery address unless
 * `removeAddress`, the standard rates and pickup locations that are active, and a note.
 */

import type { Schema } from '@storefront-api/client';
import type { Settings } from '../api';
import { formatPrice } from '../lib/money';

type Profile = Schema<'Customer'>;
export type DeliveryOption = { value: string; label: string; hint: string; checked: boolean };

/** The delivery choices the settings offer, each `standard:<id>` or `pickup:<id>`. */
export function deliveryOptions(ship: Settings['shipping'], currency: string): DeliveryOption[] {
  if (!ship.active) return [];
  return [
    ...(ship.standardActive && !ship.removeAddress
      ? ship.standard.map((s) => ({
          value: `standard:${s._id}`,
          label: `${s.title}, ${formatPrice(s.price, currency)}`,
          hint: s.description,
          checked: s.default,
        }))
      : []),
    ...(ship.pickupActive
      ? ship.pickup.map((p) => ({
          value: `pickup:${p._id}`,
          label: `Pick up at ${p.name}${p.fee ? `, ${formatPrice(p.fee, currency)}` : ', free'}`,
          hint: [p.buildingName, p.openingHours].filter(Boolean).join(' · '),
          checked: false,
        }))
      : []),
  ];
}

function Input({
  label,
  name,
  value,
  type,
  required,
  autocomplete,
}: {
  label: string;
  name: string;
  value: string;
  type?: string;
  required?: boolean;
  autocomplete?: string;
}) {
  return (
    <label>
      {label}
      <input
        name={name}
        type={type}
        required={required}
        autocomplete={autocomplete}
        value={value}
      />
    </label>
  );
}

export function CheckoutForm({
  error,
  value,
  profile,
  removeAddress,
  options,
}: {
  error: string | null;
  /** The value a field shows: what was posted after a refusal, else `fallback`. */
  value: (name: string, fallback?: string) => string;
  profile: Profile | null;
  removeAddress: boolean;
  options: DeliveryOption[];
}) {
  const user = profile?.user;
  const address = profile?.shipping;
  const chosen = value(
    'delivery',
    options.find((o) => o.checked)?.value ?? options[0]?.value ?? '',
  );
  return (
    <form method="post" action="/checkout" class="form" aria-label="Checkout">
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <fieldset class="form">
        <legend>Contact</legend>
        <Input
          label="Full name"
          name="name"
          required
          autocomplete="name"
          value={value('name', user?.name)}
        />
        <Input
          label="Email"
          name="email"
          type="email"
          required
          autocomplete="email"
          value={value('email', user?.email)}
        />
        <Input
          label="Phone"
          name="phone"
          type="tel"
          required
          autocomplete="tel"
          value={value('phone', user?.phone)}
        />
      </fieldset>
      {removeAddress ? null : (
        <fieldset class="form">
          <legend>Delivery address</legend>
          <Input
            label="Town or city"
            name="town"
            required
            autocomplete="address-level2"
            value={value('town', address?.town)}
          />
          <Input
            label="District or area (optional)"
            name="city"
            autocomplete="address-level3"
            value={value('city', address?.city)}
          />
          <Input
            label="Street and number (optional)"
            name="apartment"
            autocomplete="address-line1"
            value={value('apartment', address?.apartment)}
          />
          <Input
            label="Apartment, floor or room (optional)"
            name="room"
            value={value('room', address?.room)}
          />
        </fieldset>
      )}
      {options.length ? (
        <fieldset class="form">
          <legend>Delivery</legend>
          {options.map((o) => (
            <label style="display:flex;gap:8px;font-weight:400">
              <input
                type="radio"
                name="delivery"
                value={o.value}
                checked={chosen === o.value}
                required
              />
              <span>
                {o.label}
                {o.hint ? <small style="display:block">{o.hint}</small> : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <label>
        Note for the shop (optional)
        <textarea name="note" rows={3}>
          {value('note')}
        </textarea>
      </label>
      <button type="submit">Place order</button>
    </form>
  );
}
