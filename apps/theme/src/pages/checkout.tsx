/**
 * Checkout: the form as the settings (read fresh) shape it, POST /orders, then the payment
 * link or the confirmation, and the success page a customer reaches either way.
 */
import type { Schema } from '@storefront-api/client';
import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { loadSettings } from '../api';
import { BagLines, EmptyBag, QuoteTotals, Totals } from '../components/order-summary';
import type { ThemeEnv } from '../env';
import { cartBody } from '../lib/cart';
import { COOKIE } from '../lib/cookies';
import { field } from '../lib/forms';
import { quoteOrder, taxNote } from '../lib/quote';
import { ctxOf, renderPage } from '../render';
import { getCart, getCoupon, queueEvent, setCart, setCoupon, setOrderOutcome } from '../session';
import { currentCoupon, hydratedBag } from './bag-state';
import { CheckoutForm } from './checkout-form';
import { customerProfile } from './customer';

type C = Context<ThemeEnv>;
type Confirmation = Schema<'OrderConfirmation'>;
/** What the success page is told in a cookie: the confirmation, or that a payment is under way. */
type Outcome = { confirmation: Confirmation } | { paying: true };

/** The API enforces the checkout settings on POST /orders: the theme reads them as they are now. */
async function freshSettings(c: C) {
  const settings = await loadSettings(c.get('api'), c.env.STOREFRONT_API_KEY, { maxAgeMs: 0 });
  c.set('settings', settings);
  return settings;
}

/**
 * POST /checkout: "Update total" shows the form again priced with the delivery chosen;
 * otherwise the order as the API takes it, then the payment link or the confirmation.
 */
export async function placeOrder(c: C) {
  const form = await c.req.parseBody();
  if (field(form, 'intent') === 'quote') return checkout(c, { values: form });
  const settings = await freshSettings(c);
  const cart = getCart(c);
  const profile = await customerProfile(c);
  if (settings.checkout.requiresAccount && !profile)
    return c.redirect('/dashboard?next=/checkout', 303);
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
  const { data, error } = await client.POST('/orders', { body });
  if (!data) return checkout(c, { error: error?.code ?? 'ORDER_FAILED', values: form });
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
};

/**
 * GET /checkout, and the form posted back: after "Update total" (`posted` without an error) or a
 * refusal (`posted.error`), the fields keep what was posted and the total follows the delivery
 * chosen. A refused delivery option is explained beside the options.
 */
export async function checkout(c: C, posted?: { error?: string; values: Record<string, unknown> }) {
  // A refusal comes from placeOrder, which has just read the settings fresh.
  const settings = posted?.error ? c.get('settings') : await freshSettings(c);
  const ctx = ctxOf(c);
  const profile = await customerProfile(c);
  const { lines, cart } = await hydratedBag(c);
  const coupon = await currentCoupon(c, cart);
  const needsAccount = settings.checkout.requiresAccount && !profile;
  const failed = posted?.error;
  const message = failed
    ? (ORDER_ERRORS[failed] ?? `The order could not be placed (${failed}).`)
    : null;
  const deliveryRefused = failed === 'INVALID_SHIPPING_ID';
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
          This shop asks you to <a href="/dashboard?next=/checkout">sign in</a> before ordering.
        </p>
      ) : (
        <div class="product">
          <CheckoutForm
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

function readOutcome(c: C): Outcome | null {
  try {
    const parsed = JSON.parse(getCookie(c, COOKIE.order) ?? 'null') as Outcome | null;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * GET /checkout/success: the confirmation of an order placed without payment, or the return
 * from the payment provider (the bag is emptied then, and the order counted as completed).
 */
export async function success(c: C) {
  const ctx = ctxOf(c);
  const outcome = readOutcome(c);
  deleteCookie(c, COOKIE.order, { path: '/checkout' });
  const order = outcome && 'confirmation' in outcome ? outcome.confirmation : null;
  if (outcome && 'paying' in outcome) {
    setCart(c, []);
    setCoupon(c, null);
    const orderId = c.req.query('order');
    if (orderId) queueEvent(c, 'complete_checkout', { orderId });
  }
  return renderPage(
    c,
    { url: '/checkout/success', fallbackTitle: 'Thank you for your order', noindex: true },
    <>
      <h1>Thank you for your order</h1>
      {order ? (
        <section aria-label="Order confirmation">
          <p>
            Order <strong>{order.orderNumber}</strong> is placed. A confirmation is on its way to
            your inbox, with a link to follow your order.
          </p>
          <ul>
            {order.products.map((p) => (
              <li>
                {p.quantity} × {p.title}
              </li>
            ))}
          </ul>
          <Totals
            currency={ctx.currency}
            style="margin-left:0"
            rows={[
              { label: 'Products', amount: order.productsTotal },
              order.couponTotal > 0 && {
                label: 'Discount',
                amount: order.couponTotal,
                discount: true,
              },
              { label: 'Delivery', amount: order.shippingTotal },
              {
                label: c.get('settings').tax.inclusive ? 'Of which tax' : 'Tax',
                amount: order.taxTotal,
              },
            ]}
            total={{ label: 'Total', amount: order.cartTotal }}
          />
        </section>
      ) : (
        <p>Your payment is being confirmed; the order email will follow shortly.</p>
      )}
      <p>
        <a href="/shop">Continue shopping</a>
      </p>
    </>,
  );
}
