/**
 * GET /checkout/success: the confirmation of an order placed without payment, or the return
 * from the payment provider (the bag is emptied then, and the order counted as completed).
 */
import type { Schema } from '@storefront-api/client';
import { deleteCookie, getCookie } from 'hono/cookie';
import { Totals } from '../components/order-summary';
import type { ThemeContext } from '../env';
import { COOKIE } from '../lib/cookies';
import { ctxOf, renderPage } from '../render';
import { queueEvent, setCart, setCoupon } from '../session';

type Confirmation = Schema<'OrderConfirmation'>;
/** What this page is told in a cookie: the confirmation, or that a payment is under way. */
export type Outcome = { confirmation: Confirmation } | { paying: true };

function readOutcome(c: ThemeContext): Outcome | null {
  try {
    const parsed = JSON.parse(getCookie(c, COOKIE.order) ?? 'null') as Outcome | null;
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

export function load(c: ThemeContext) {
  const outcome = readOutcome(c);
  deleteCookie(c, COOKIE.order, { path: '/checkout' });
  const order = outcome && 'confirmation' in outcome ? outcome.confirmation : null;
  if (outcome && 'paying' in outcome) {
    setCart(c, []);
    setCoupon(c, null);
    const orderId = c.req.query('order');
    if (orderId) queueEvent(c, 'complete_checkout', { orderId });
  }
  return { order };
}

export function render(c: ThemeContext, { order }: { order: Confirmation | null }) {
  const ctx = ctxOf(c);
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
