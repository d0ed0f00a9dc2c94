/** /bag: the page, and its form posts: adding (with or without the product island), quantities, the coupon, and the page. */

import { currentCoupon, hydratedBag } from '../bag-state';
import { ProductGrid } from '../components/catalogue';
import { BagLines, EmptyBag, QuoteTotals } from '../components/order-summary';
import type { ThemeContext } from '../env';
import { addToCart, cartBody, setQuantity } from '../lib/cart';
import { field, wantsJson } from '../lib/forms';
import { quoteOrder, taxNote } from '../lib/quote';
import { variantKey } from '../lib/variants';
import { ctxOf, prefetchMeta, renderPage } from '../render';
import { getCart, queueEvent, setCart, setCoupon } from '../session';

type Bag = Awaited<ReturnType<typeof load>>;

/** POST /bag/add: the product form, with or without JavaScript. Refuses what is out of stock. */
export async function add(c: ThemeContext) {
  const form = await c.req.parseBody();
  const json = wantsJson(c.req.header('accept'));
  const productId = field(form, 'productId');
  const quantity = Math.max(1, Math.min(99, Math.floor(Number(field(form, 'quantity')) || 1)));
  const api = c.get('api');
  const { data } = await api.GET('/products/{id}', { params: { path: { id: productId } } });
  if (!data) return json ? c.json({ error: 'PRODUCT_NOT_FOUND' }, 404) : c.redirect('/shop', 303);
  const p = data.data;
  let key = '';
  let inStock = p.status === 'in-stock';
  if (p.hasVariantions) {
    const chosen: Record<string, string> = {};
    for (const o of p.options ?? []) chosen[o._id] = field(form, `option.${o._id}`);
    const k = variantKey(p.options ?? [], chosen);
    if (!k)
      return json
        ? c.json({ error: 'CHOOSE_OPTIONS' }, 422)
        : c.redirect(`/product/${p.slug}`, 303);
    key = k;
    const v = await api.GET('/products/variant-details', {
      params: { query: { productId: p._id, variationKey: key } },
    });
    inStock = v.data?.data.status === 'in-stock';
  }
  if (!inStock) {
    if (json) return c.json({ error: 'OUT_OF_STOCK' }, 409);
    return c.redirect(
      `/product/${p.slug}?${new URLSearchParams({ v: key, error: 'out-of-stock' })}`,
      303,
    );
  }
  const cart = addToCart(getCart(c), p._id, key, quantity);
  setCart(c, cart);
  queueEvent(c, 'add_to_cart', { productId: p._id, quantity });
  if (json) return c.json({ count: cart.reduce((n, l) => n + l.quantity, 0) });
  return c.redirect('/bag', 303);
}

/** POST /bag/update: a line's quantity, or its removal. */
export async function update(c: ThemeContext) {
  const form = await c.req.parseBody();
  const productId = field(form, 'productId');
  const key = field(form, 'variationKey');
  const remove = field(form, 'remove') === '1';
  const quantity = remove ? 0 : Math.floor(Number(field(form, 'quantity')));
  setCart(c, setQuantity(getCart(c), productId, key, quantity));
  if (!(quantity >= 1)) queueEvent(c, 'remove_from_cart', { productId });
  return c.redirect('/bag', 303);
}

/** POST /bag/coupon: a discount code applied, or removed. */
export async function coupon(c: ThemeContext) {
  const form = await c.req.parseBody();
  const code = field(form, 'code').slice(0, 64);
  if (field(form, 'remove') === '1' || !code) {
    setCoupon(c, null);
    return c.redirect('/bag', 303);
  }
  const { data, error } = await c.get('api').POST('/coupons', {
    body: { coupons: [code], cart: cartBody(getCart(c)) },
  });
  if (!data)
    return c.redirect(
      `/bag?${new URLSearchParams({ coupon: error?.code ?? 'INVALID_COUPON' })}`,
      303,
    );
  setCoupon(c, data.data.code);
  return c.redirect('/bag', 303);
}

const COUPON_ERRORS: Record<string, string> = {
  INVALID_COUPON: 'That code is not valid for this bag.',
  COUPONS_DISABLED: 'This shop does not take discount codes right now.',
  COUPON_ZERO_TOTAL: 'A discount code cannot apply to a bag with nothing to pay.',
};

function CouponForm({ applied, error }: { applied: string | null; error: string | undefined }) {
  return (
    <>
      <form method="post" action="/bag/coupon" class="inline">
        {applied ? (
          <>
            <input type="hidden" name="remove" value="1" />
            <p>
              Code <strong>{applied}</strong> applied.
            </p>
            <button type="submit" class="ghost">
              Remove code
            </button>
          </>
        ) : (
          <>
            <label>
              Discount code
              <input
                name="code"
                autocomplete="off"
                aria-describedby={error ? 'coupon-error' : undefined}
              />
            </label>
            <button type="submit" class="ghost">
              Apply
            </button>
          </>
        )}
      </form>
      {error ? (
        <p class="error" id="coupon-error" role="alert">
          {COUPON_ERRORS[error] ?? 'That code could not be applied.'}
        </p>
      ) : null}
    </>
  );
}

export async function load(c: ThemeContext) {
  prefetchMeta(c, '/bag');
  const { lines, dropped, cart } = await hydratedBag(c);
  const [coupon, similar] = await Promise.all([
    currentCoupon(c, cart),
    cart.length
      ? c.get('api').POST('/products/cart-similarities', {
          body: { cart: cartBody(cart) },
          params: { query: { limit: 4 } },
        })
      : null,
  ]);
  return {
    lines,
    dropped,
    coupon,
    couponError: c.req.query('coupon'),
    similar: similar?.data?.data.data ?? [],
  };
}

export function render(c: ThemeContext, { lines, dropped, coupon, couponError, similar }: Bag) {
  const ctx = ctxOf(c);
  const settings = c.get('settings');
  const quote = quoteOrder({
    lines,
    discount: coupon?.amount ?? 0,
    settings,
    currency: ctx.currency,
  });
  const note = taxNote(settings.tax);
  return renderPage(
    c,
    { url: '/bag', fallbackTitle: 'Your bag' },
    <>
      <h1>Your bag</h1>
      {dropped.length ? (
        <p class="note" role="status">
          {dropped.length} item{dropped.length === 1 ? ' is' : 's are'} no longer available and left
          your bag.
        </p>
      ) : null}
      {lines.length === 0 ? (
        <EmptyBag />
      ) : (
        <>
          <BagLines lines={lines} currency={ctx.currency} media={ctx.media} editable />
          {note ? <p class="note">Prices {note}.</p> : null}
          <QuoteTotals quote={quote} coupon={coupon?.code ?? null} currency={ctx.currency}>
            {quote.options.length > 1 ? (
              <p class="note">
                Delivery shown is the cheapest option for this bag; choose another at checkout.
              </p>
            ) : null}
            <CouponForm applied={coupon?.code ?? null} error={couponError} />
            <p>
              <a class="button" href="/checkout">
                Check out
              </a>
            </p>
          </QuoteTotals>
        </>
      )}
      {similar.length ? (
        <section aria-labelledby="similar">
          <h2 id="similar">Goes well with</h2>
          <ProductGrid items={similar} ctx={ctx} />
        </section>
      ) : null}
    </>,
  );
}
