/**
 * /checkout: the form as the settings (read fresh) shape it; posted, the order (POST /orders),
 * then the payment link or the confirmation (/checkout/success).
 */
import { loadSettings } from '../api';
import { currentCoupon, hydratedBag } from '../bag-state';
import { CheckoutForm, ORDER_KEY_FIELD } from '../components/checkout-form';
import { BagLines, EmptyBag, QuoteTotals } from '../components/order-summary';
import { customerProfile } from '../customer';
import type { ThemeContext } from '../env';
import { cartBody } from '../lib/cart';
import { field } from '../lib/forms';
import { quoteOrder, taxNote } from '../lib/quote';
import { ctxOf, renderPage } from '../render';
import { getCart, getCoupon, queueEvent, setCart, setCoupon, setOrderOutcome } from '../session';
import type { Outcome } from './checkout-success';

/** The form posted back: its values, and the API's refusal when the order was not taken. */
type Posted = { error?: string; values: Record<string, unknown> };
type Checkout = Awaited<ReturnType<typeof load>>;

/** The API enforces the checkout settings on POST /orders: the theme reads them as they are now. */
async function freshSettings(c: ThemeContext) {
  const settings = await loadSettings(c.get('api'), c.env.STOREFRONT_API_KEY, { maxAgeMs: 0 });
  c.set('settings', settings);
  return settings;
}

/**
 * POST /checkout: "Update total" shows the form again priced with the delivery chosen;
 * otherwise the order as the API takes it, then the payment link or the confirmation.
 */
export async function place(c: ThemeContext) {
  const form = await c.req.parseBody();
  if (field(form, 'intent') === 'quote') return render(c, await load(c, { values: form }));
  const settings = await freshSettings(c);
  const cart = getCart(c);
  const profile = await customerProfile(c);
  if (settings.checkout.requiresAccount && !profile)
    return c.redirect('/account?next=/checkout', 303);
  if (cart.length === 0) return c.redirect('/bag', 303);
  const [kind, id] = field(form, 'delivery').split(':');
  const noAddress = settings.shipping.removeAddress;
  const coupon = getCoupon(c);
  const body = {
    cart: cartBody(cart),
    name: field(form, 'name'),
    email: field(form, 'email'),
    phone: field(form, 'phone'),
    town: noAddress ? '' : field(form, 'town'),
    ...(noAddress
      ? {}
      : {
          city: field(form, 'city'),
          apartment: field(form, 'apartment'),
          room: field(form, 'room'),
          postalCode: field(form, 'postalCode'),
        }),
    note: field(form, 'note'),
    ...(coupon ? { coupons: [coupon] } : {}),
    shippingId: kind === 'standard' && id ? id : null,
    pickupLocationId: kind === 'pickup' && id ? id : null,
    cartUserId: profile?.user._id ?? null,
  };
  const client = c.get('customerApi') ?? c.get('api');
  // The same form posted again (a double click, a retry after no answer) replays the first order.
  const key = field(form, ORDER_KEY_FIELD);
  const params = key ? { header: { 'idempotency-key': key } } : undefined;
  const { data, error } = await client.POST('/orders', { body, params });
  if (!data)
    return render(c, await load(c, { error: error?.code ?? 'ORDER_FAILED', values: form }));
  const result = data.data;
  if ('action' in result) {
    // The bag stays until the customer comes back paid: a cancelled payment returns to it.
    setOrderOutcome(c, JSON.stringify({ paying: true } satisfies Outcome));
    return c.redirect(result.link, 303);
  }
  setCart(c, []);
  setCoupon(c, null);
  const outcome: Outcome = { confirmation: result };
  setOrderOutcome(c, JSON.stringify(outcome).slice(0, 3000));
  queueEvent(c, 'complete_checkout', { orderId: result._id });
  return c.redirect('/checkout/success', 303);
}

const ORDER_ERRORS: Record<string, string> = {
  ORDER_VALIDATION_FAILED:
    'Some details are missing or not valid, or an item sold out meanwhile. Check the form and your bag.',
  INVALID_SHIPPING_ID:
    'This delivery option is not available for your order. Choose one of the options offered.',
  PAYMENTS_NOT_ENABLED: 'The shop cannot take payments right now.',
  IDEMPOTENCY_KEY_REUSED:
    'This order was already placed with the details first sent: its confirmation is in your email.',
};

/**
 * GET /checkout, and the form posted back: after "Update total" (`posted` without an error) or a
 * refusal (`posted.error`), the fields keep what was posted and the total follows the delivery
 * chosen. A refused delivery option is explained beside the options.
 */
export async function load(c: ThemeContext, posted?: Posted) {
  // A refusal comes from `place`, which has just read the settings fresh.
  const settings = posted?.error ? c.get('settings') : await freshSettings(c);
  const profile = await customerProfile(c);
  const { lines, cart } = await hydratedBag(c);
  const coupon = await currentCoupon(c, cart);
  return { settings, profile, lines, coupon, posted };
}

export function render(c: ThemeContext, { settings, profile, lines, coupon, posted }: Checkout) {
  const ctx = ctxOf(c);
  const needsAccount = settings.checkout.requiresAccount && !profile;
  const failed = posted?.error;
  const message = failed
    ? (ORDER_ERRORS[failed] ?? `The order could not be placed (${failed}).`)
    : null;
  const deliveryRefused = failed === 'INVALID_SHIPPING_ID';
  // A new key per page view; the form posted back keeps its own, so a resubmission replays.
  const orderKey = (posted && field(posted.values, ORDER_KEY_FIELD)) || crypto.randomUUID();
  const value = (name: string, fallback = '') => (posted ? field(posted.values, name) : fallback);
  const quote = quoteOrder({
    lines,
    discount: coupon?.amount ?? 0,
    settings,
    currency: ctx.currency,
    asked: posted ? field(posted.values, 'delivery') : undefined,
  });
  const note = taxNote(settings.tax);
  return renderPage(
    c,
    {
      url: '/checkout',
      fallbackTitle: 'Checkout',
      noindex: true,
      status: failed ? 422 : 200,
      events: lines.length && !posted ? [{ event: 'begin_checkout', metadata: {} }] : [],
    },
    <>
      <h1>Checkout</h1>
      {lines.length === 0 ? (
        <EmptyBag />
      ) : needsAccount ? (
        <p>
          This shop asks you to <a href="/account?next=/checkout">sign in</a> before ordering.
        </p>
      ) : (
        <div class="product">
          <CheckoutForm
            orderKey={orderKey}
            error={deliveryRefused ? null : message}
            deliveryError={deliveryRefused ? message : null}
            value={value}
            profile={profile}
            removeAddress={settings.shipping.removeAddress}
            options={quote.options}
            chosen={quote.chosen}
          />
          <section aria-labelledby="summary">
            <h2 id="summary">Order summary</h2>
            <BagLines lines={lines} currency={ctx.currency} media={ctx.media} editable={false} />
            {note ? <p class="note">Prices {note}.</p> : null}
            <QuoteTotals quote={quote} coupon={coupon?.code ?? null} currency={ctx.currency} />
            <p>
              <a href="/bag">Edit bag</a>
            </p>
          </section>
        </div>
      )}
    </>,
  );
}
