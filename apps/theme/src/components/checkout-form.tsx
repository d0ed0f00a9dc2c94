/**
 * The checkout form as the shop's settings shape it: contact, the delivery address unless
 * `removeAddress`, the standard rates and pickup locations that are active (those the bag does
 * not qualify for shown disabled, with the reason), and a note.
 */

import type { Schema } from '@storefront-api/client';
import type { DeliveryOption } from '../lib/quote';

type Profile = Schema<'Customer'>;

/** The hidden field carrying the order's Idempotency-Key. */
export const ORDER_KEY_FIELD = 'orderKey';

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

/** The delivery choices, those the bag does not qualify for disabled with the reason, and a refusal beside them. */
function DeliveryFieldset({
  options,
  chosen,
  error,
}: {
  options: DeliveryOption[];
  chosen: string;
  error: string | null;
}) {
  return (
    <fieldset class="form" aria-describedby={error ? 'delivery-error' : undefined}>
      <legend>Delivery</legend>
      {error ? (
        <p class="error" id="delivery-error" role="alert">
          {error}
        </p>
      ) : null}
      {options.map((o) => (
        <label style="display:flex;gap:8px;font-weight:400">
          <input
            type="radio"
            name="delivery"
            value={o.value}
            checked={chosen === o.value}
            disabled={o.unavailable !== null}
            required
          />
          <span>
            {o.label}
            {o.unavailable ? (
              <small style="display:block">Unavailable. {o.unavailable}</small>
            ) : null}
            {o.hint ? <small style="display:block">{o.hint}</small> : null}
          </span>
        </label>
      ))}
      <button type="submit" name="intent" value="quote" class="ghost" formnovalidate>
        Update total
      </button>
    </fieldset>
  );
}

export function CheckoutForm({
  orderKey,
  error,
  deliveryError,
  value,
  profile,
  removeAddress,
  options,
  chosen,
}: {
  /**
   * The order's Idempotency-Key, one per checkout page view and kept when the form comes back:
   * a double click or a retry after an unanswered post replays the first order.
   */
  orderKey: string;
  error: string | null;
  /** Why the API refused the delivery chosen, shown beside the options. */
  deliveryError: string | null;
  /** The value a field shows: what was posted back, else `fallback`. */
  value: (name: string, fallback?: string) => string;
  profile: Profile | null;
  removeAddress: boolean;
  options: DeliveryOption[];
  /** The delivery option selected: the one posted if the bag qualifies for it, else the cheapest. */
  chosen: string;
}) {
  const user = profile?.user;
  const address = profile?.shipping;
  return (
    <form method="post" action="/checkout" class="form" aria-label="Checkout">
      <input type="hidden" name={ORDER_KEY_FIELD} value={orderKey} />
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
          <Input
            label="Postal code"
            name="postalCode"
            autocomplete="postal-code"
            value={value('postalCode', address?.postalCode)}
          />
        </fieldset>
      )}
      {options.length ? (
        <DeliveryFieldset options={options} chosen={chosen} error={deliveryError} />
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
