import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ProductGrid } from '../components';
import type { ThemeEnv } from '../env';
import {
  addToCart,
  type BagLine,
  type CartLine,
  cartBody,
  reconcile,
  setQuantity,
} from '../lib/cart';
import { COOKIE } from '../lib/cookies';
import { imageUrl } from '../lib/images';
import { formatPrice } from '../lib/money';
import { variantKey } from '../lib/variants';
import { ctxOf, renderPage } from '../render';
import {
  back,
  getCart,
  getCoupon,
  getWish,
  queueEvent,
  setCart,
  setCoupon,
  setWish,
} from '../session';
import { customerProfile } from './account';

type C = Context<ThemeEnv>;

const wantsJson = (c: C) => (c.req.header('accept') ?? '').includes('application/json');
const field = (form: Record<string, unknown>, name: string) => {
  const v = form[name];
  return typeof v === 'string' ? v : '';
};

/** The cart as the API hydrates it; lines it no longer offers drop out of the stored cart. */
export async function hydratedBag(c: C) {
  const cart = getCart(c);
  if (cart.length === 0)
    return { cart, lines: [] as BagLine[], subtotal: 0, dropped: [] as CartLine[] };
  const { data } = await c.get('api').POST('/products/cart', { body: { cart: cartBody(cart) } });
  if (!data)
    return { cart, lines: [] as BagLine[], subtotal: 0, dropped: [] as CartLine[], failed: true };
  const { lines, dropped, subtotal } = reconcile(cart, data.data);
  if (dropped.length)
    setCart(
      c,
      lines.map(({ productId, quantity, type, variationKey }) => ({
        productId,
        quantity,
        type,
        variationKey,
      })),
    );
  return { cart: lines as CartLine[], lines, subtotal, dropped };
}

/** POST /bag/add: the product form, with or without JavaScript. Refuses what is out of stock. */
export async function addToBag(c: C) {
  const form = await c.req.parseBody();
  const productId = field(form, 'productId');
  const quantity = Math.max(1, Math.min(99, Math.floor(Number(field(form, 'quantity')) || 1)));
  const api = c.get('api');
  const { data } = await api.GET('/products/{id}', { params: { path: { id: productId } } });
  if (!data)
    return wantsJson(c) ? c.json({ error: 'PRODUCT_NOT_FOUND' }, 404) : c.redirect('/shop', 303);
  const p = data.data;
  let key = '';
  let inStock = p.status === 'in-stock';
  if (p.hasVariantions) {
    const chosen: Record<string, string> = {};
    for (const o of p.options ?? []) chosen[o._id] = field(form, `option.${o._id}`);
    const k = variantKey(p.options ?? [], chosen);
    if (!k)
      return wantsJson(c)
        ? c.json({ error: 'CHOOSE_OPTIONS' }, 422)
        : c.redirect(`/product/${p.slug}`, 303);
    key = k;
    const v = await api.GET('/products/variant-details', {
      params: { query: { productId: p._id, variationKey: key } },
    });
    inStock = v.data?.data.status === 'in-stock';
  }
  if (!inStock) {
    if (wantsJson(c)) return c.json({ error: 'OUT_OF_STOCK' }, 409);
    return c.redirect(
      `/product/${p.slug}?${new URLSearchParams({ v: key, error: 'out-of-stock' })}`,
      303,
    );
  }
  const cart = addToCart(getCart(c), p._id, key, quantity);
  setCart(c, cart);
  queueEvent(c, 'add_to_cart', { productId: p._id, quantity });
  if (wantsJson(c)) return c.json({ count: cart.reduce((n, l) => n + l.quantity, 0) });
  return c.redirect('/bag', 303);
}

export async function updateBag(c: C) {
  const form = await c.req.parseBody();
  const productId = field(form, 'productId');
  const key = field(form, 'variationKey');
  const remove = field(form, 'remove') === '1';
  const quantity = remove ? 0 : Math.floor(Number(field(form, 'quantity')));
  setCart(c, setQuantity(getCart(c), productId, key, quantity));
  if (!(quantity >= 1)) queueEvent(c, 'remove_from_cart', { productId });
  return c.redirect('/bag', 303);
}

export async function applyCoupon(c: C) {
  const form = await c.req.parseBody();
  const code = field(form, 'code').trim().slice(0, 64);
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

/** The coupon kept in the bag, validated again against the cart as it is now. */
export async function currentCoupon(c: C, cart: CartLine[]) {
  const code = getCoupon(c);
  if (!code || cart.length === 0) return null;
  const { data } = await c
    .get('api')
    .POST('/coupons', { body: { coupons: [code], cart: cartBody(cart) } });
  if (!data) {
    setCoupon(c, null);
    return null;
  }
  return data.data;
}

function Lines({
  lines,
  currency,
  media,
  editable,
}: {
  lines: BagLine[];
  currency: string;
  media: string;
  editable: boolean;
}) {
  return (
    <table>
      <caption class="sr">Items in your bag</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Quantity</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => {
          const src = imageUrl(media, l.item.primaryImage);
          const variant = (
            l.item as { variation?: { optionsValues?: Array<{ value: { value: string } }> } | null }
          ).variation;
          const label = variant?.optionsValues?.map((o) => o.value.value).join(' / ');
          return (
            <tr class="bagline">
              <td>
                <div class="inline" style="align-items:center">
                  {src ? <img src={src} alt="" width="64" height="64" /> : null}
                  <div>
                    <a href={`/product/${l.item.slug}`}>{l.item.title}</a>
                    {label ? <div>{label}</div> : null}
                  </div>
                </div>
              </td>
              <td>{formatPrice(l.unitPrice, currency)}</td>
              <td>
                {editable ? (
                  <div class="inline">
                    <form method="post" action="/bag/update" class="inline">
                      <input type="hidden" name="productId" value={l.productId} />
                      <input type="hidden" name="variationKey" value={l.variationKey} />
                      <label>
                        <span class="sr">Quantity of {l.item.title}</span>
                        <input
                          type="number"
                          name="quantity"
                          min="0"
                          max="99"
                          value={String(l.quantity)}
                          style="width:5em"
                        />
                      </label>
                      <button type="submit" class="ghost">
                        Update<span class="sr"> {l.item.title}</span>
                      </button>
                    </form>
                    <form method="post" action="/bag/update">
                      <input type="hidden" name="productId" value={l.productId} />
                      <input type="hidden" name="variationKey" value={l.variationKey} />
                      <input type="hidden" name="remove" value="1" />
                      <button type="submit" class="ghost">
                        Remove<span class="sr"> {l.item.title}</span>
                      </button>
                    </form>
                  </div>
                ) : (
                  l.quantity
                )}
              </td>
              <td>{formatPrice(l.lineTotal, currency)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export async function bag(c: C) {
  const ctx = ctxOf(c);
  const { lines, subtotal, dropped, cart } = await hydratedBag(c);
  const coupon = await currentCoupon(c, cart);
  const couponError = c.req.query('coupon');
  const similar = cart.length
    ? await c.get('api').POST('/products/cart-similarities', {
        body: { cart: cartBody(cart) },
        params: { query: { limit: 4 } },
      })
    : null;
  const total = Math.max(0, subtotal - (coupon?.amount ?? 0));
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
        <p>
          Your bag is empty. <a href="/shop">Continue shopping</a>
        </p>
      ) : (
        <>
          <Lines lines={lines} currency={ctx.currency} media={ctx.media} editable />
          <div class="totals">
            <div>
              <span>Subtotal</span>
              <span data-subtotal>{formatPrice(subtotal, ctx.currency)}</span>
            </div>
            {coupon ? (
              <div>
                <span>Discount ({coupon.code})</span>
                <span>−{formatPrice(coupon.amount, ctx.currency)}</span>
              </div>
            ) : null}
            <div>
              <strong>Total before shipping</strong>
              <strong>{formatPrice(total, ctx.currency)}</strong>
            </div>
            <form method="post" action="/bag/coupon" class="inline">
              {coupon ? (
                <>
                  <input type="hidden" name="remove" value="1" />
                  <p>
                    Code <strong>{coupon.code}</strong> applied.
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
                      aria-describedby={couponError ? 'coupon-error' : undefined}
                    />
                  </label>
                  <button type="submit" class="ghost">
                    Apply
                  </button>
                </>
              )}
            </form>
            {couponError ? (
              <p class="error" id="coupon-error" role="alert">
                {COUPON_ERRORS[couponError] ?? 'That code could not be applied.'}
              </p>
            ) : null}
            <p>
              <a class="button" href="/checkout">
                Check out
              </a>
            </p>
          </div>
        </>
      )}
      {similar?.data?.data.data.length ? (
        <section aria-labelledby="similar">
          <h2 id="similar">Goes well with</h2>
          <ProductGrid items={similar.data.data.data} ctx={ctx} />
        </section>
      ) : null}
    </>,
  );
}

/** POST /checkout: the order as the API takes it; the payment link or the confirmation. */
export async function placeOrder(c: C) {
  const form = await c.req.parseBody();
  const settings = c.get('settings');
  const cart = getCart(c);
  const profile = await customerProfile(c);
  if (settings.checkout.requiresAccount && !profile)
    return c.redirect('/dashboard?next=/checkout', 303);
  if (cart.length === 0) return c.redirect('/bag', 303);
  const delivery = field(form, 'delivery');
  const [kind, id] = delivery.split(':');
  const noAddress = settings.shipping.removeAddress;
  const coupon = getCoupon(c);
  const body = {
    cart: cartBody(cart),
    name: field(form, 'name').trim(),
    email: field(form, 'email').trim(),
    phone: field(form, 'phone').trim(),
    town: noAddress ? '' : field(form, 'town').trim(),
    ...(noAddress
      ? {}
      : {
          city: field(form, 'city').trim(),
          apartment: field(form, 'apartment').trim(),
          room: field(form, 'room').trim(),
        }),
    note: field(form, 'note').trim(),
    ...(coupon ? { coupons: [coupon] } : {}),
    shippingId: kind === 'standard' && id ? id : null,
    pickupLocationId: kind === 'pickup' && id ? id : null,
    cartUserId: profile?.user._id ?? null,
  };
  const client = c.get('customerApi') ?? c.get('api');
  const { data, error } = await client.POST('/orders', { body });
  if (!data) return checkout(c, { error: error?.code ?? 'ORDER_FAILED', values: form });
  const result = data.data;
  if ('action' in result && result.action === 'CHECKOUT-LINK') {
    return c.redirect(result.link, 303);
  }
  const confirmation = result as {
    _id: string;
    orderNumber: string;
    cartTotal: number;
    taxTotal: number;
    shippingTotal: number;
    productsTotal: number;
    couponTotal?: number;
  };
  setCart(c, []);
  setCoupon(c, null);
  setCookie(c, COOKIE.order, JSON.stringify(confirmation).slice(0, 3000), {
    path: '/checkout',
    httpOnly: true,
    sameSite: 'Lax',
    maxAge: 3600,
  });
  queueEvent(c, 'complete_checkout', { orderId: confirmation._id });
  return c.redirect('/checkout/success', 303);
}

const ORDER_ERRORS: Record<string, string> = {
  ORDER_VALIDATION_FAILED:
    'Some details are missing or not valid, or an item sold out meanwhile. Check the form and your bag.',
  INVALID_SHIPPING_ID: 'Choose a delivery option.',
  PAYMENTS_NOT_ENABLED: 'The shop cannot take payments right now.',
};

export async function checkout(c: C, failed?: { error: string; values: Record<string, unknown> }) {
  const settings = c.get('settings');
  const ctx = ctxOf(c);
  const profile = await customerProfile(c);
  const { lines, subtotal, cart } = await hydratedBag(c);
  const coupon = await currentCoupon(c, cart);
  const ship = settings.shipping;
  const v = (name: string, fallback = '') => (failed ? field(failed.values, name) : fallback);
  const user = profile?.user;
  const address = profile?.shipping;
  const options = [
    ...(ship.active && ship.standardActive && !ship.removeAddress
      ? ship.standard.map((s) => ({
          value: `standard:${s._id}`,
          label: `${s.title}, ${formatPrice(s.price, ctx.currency)}`,
          hint: s.description,
          checked: s.default,
        }))
      : []),
    ...(ship.active && ship.pickupActive
      ? ship.pickup.map((p) => ({
          value: `pickup:${p._id}`,
          label: `Pick up at ${p.name}${p.fee ? `, ${formatPrice(p.fee, ctx.currency)}` : ', free'}`,
          hint: [p.buildingName, p.openingHours].filter(Boolean).join(' · '),
          checked: false,
        }))
      : []),
  ];
  const chosen = v('delivery', options.find((o) => o.checked)?.value ?? options[0]?.value ?? '');
  const needsAccount = settings.checkout.requiresAccount && !profile;
  return renderPage(
    c,
    {
      url: '/checkout',
      fallbackTitle: 'Checkout',
      noindex: true,
      status: failed ? 422 : 200,
      events: lines.length && !failed ? [{ event: 'begin_checkout', metadata: {} }] : [],
    },
    <>
      <h1>Checkout</h1>
      {lines.length === 0 ? (
        <p>
          Your bag is empty. <a href="/shop">Continue shopping</a>
        </p>
      ) : needsAccount ? (
        <p>
          This shop asks you to <a href="/dashboard?next=/checkout">sign in</a> before ordering.
        </p>
      ) : (
        <div class="product">
          <form method="post" action="/checkout" class="form" aria-label="Checkout">
            {failed ? (
              <p class="error" role="alert">
                {ORDER_ERRORS[failed.error] ?? `The order could not be placed (${failed.error}).`}
              </p>
            ) : null}
            <fieldset class="form">
              <legend>Contact</legend>
              <label>
                Full name
                <input
                  name="name"
                  required
                  autocomplete="name"
                  value={v('name', user?.name ?? '')}
                />
              </label>
              <label>
                Email
                <input
                  name="email"
                  type="email"
                  required
                  autocomplete="email"
                  value={v('email', user?.email ?? '')}
                />
              </label>
              <label>
                Phone
                <input
                  name="phone"
                  type="tel"
                  required
                  autocomplete="tel"
                  value={v('phone', user?.phone ?? '')}
                />
              </label>
            </fieldset>
            {ship.removeAddress ? null : (
              <fieldset class="form">
                <legend>Delivery address</legend>
                <label>
                  Town or city
                  <input
                    name="town"
                    required
                    autocomplete="address-level2"
                    value={v('town', address?.town ?? '')}
                  />
                </label>
                <label>
                  District or area (optional)
                  <input
                    name="city"
                    autocomplete="address-level3"
                    value={v('city', address?.city ?? '')}
                  />
                </label>
                <label>
                  Street and number (optional)
                  <input
                    name="apartment"
                    autocomplete="address-line1"
                    value={v('apartment', address?.apartment ?? '')}
                  />
                </label>
                <label>
                  Apartment, floor or room (optional)
                  <input name="room" value={v('room', address?.room ?? '')} />
                </label>
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
                {v('note')}
              </textarea>
            </label>
            <button type="submit">Place order</button>
          </form>
          <section aria-labelledby="summary">
            <h2 id="summary">Order summary</h2>
            <Lines lines={lines} currency={ctx.currency} media={ctx.media} editable={false} />
            <div class="totals">
              <div>
                <span>Subtotal</span>
                <span>{formatPrice(subtotal, ctx.currency)}</span>
              </div>
              {coupon ? (
                <div>
                  <span>Discount ({coupon.code})</span>
                  <span>−{formatPrice(coupon.amount, ctx.currency)}</span>
                </div>
              ) : null}
              {settings.tax.active ? (
                <div>
                  <span>Tax</span>
                  <span>{settings.tax.value}%, added to your order</span>
                </div>
              ) : null}
              <div>
                <span>Delivery</span>
                <span>As chosen</span>
              </div>
            </div>
            <p>
              <a href="/bag">Edit bag</a>
            </p>
          </section>
        </div>
      )}
    </>,
  );
}

export async function success(c: C) {
  const ctx = ctxOf(c);
  let order: {
    _id: string;
    orderNumber: string;
    cartTotal: number;
    taxTotal: number;
    shippingTotal: number;
    productsTotal: number;
    couponTotal?: number;
    products?: Array<{ title: string; quantity: number }>;
  } | null = null;
  try {
    order = JSON.parse(getCookie(c, COOKIE.order) ?? 'null');
  } catch {
    order = null;
  }
  deleteCookie(c, COOKIE.order, { path: '/checkout' });
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
            {(order.products ?? []).map((p) => (
              <li>
                {p.quantity} × {p.title}
              </li>
            ))}
          </ul>
          <div class="totals" style="margin-left:0">
            <div>
              <span>Products</span>
              <span>{formatPrice(order.productsTotal, ctx.currency)}</span>
            </div>
            {order.couponTotal ? (
              <div>
                <span>Discount</span>
                <span>−{formatPrice(order.couponTotal, ctx.currency)}</span>
              </div>
            ) : null}
            <div>
              <span>Delivery</span>
              <span>{formatPrice(order.shippingTotal, ctx.currency)}</span>
            </div>
            <div>
              <span>Tax</span>
              <span>{formatPrice(order.taxTotal, ctx.currency)}</span>
            </div>
            <div>
              <strong>Total</strong>
              <strong>{formatPrice(order.cartTotal, ctx.currency)}</strong>
            </div>
          </div>
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

export async function wishAdd(c: C) {
  const form = await c.req.parseBody();
  const productId = field(form, 'productId');
  if (/^[A-Za-z0-9_-]{1,64}$/.test(productId)) {
    const list = getWish(c);
    if (!list.includes(productId)) {
      setWish(c, [productId, ...list]);
      queueEvent(c, 'add_to_wishlist', { productId });
    }
  }
  if (wantsJson(c)) return c.json({ ok: true });
  return back(c, '/wish-list');
}

export async function wishRemove(c: C) {
  const form = await c.req.parseBody();
  const productId = field(form, 'productId');
  setWish(
    c,
    getWish(c).filter((id) => id !== productId),
  );
  return c.redirect('/wish-list', 303);
}

export async function wishList(c: C) {
  const ids = getWish(c);
  const ctx = ctxOf(c);
  const api = c.get('api');
  const found = await Promise.all(
    ids.map((id) => api.GET('/products/{id}', { params: { path: { id } } })),
  );
  const products = found.flatMap((r) => (r.data ? [r.data.data] : []));
  return renderPage(
    c,
    { url: '/wish-list', fallbackTitle: 'Wish list', noindex: true },
    <>
      <h1>Wish list</h1>
      {products.length === 0 ? (
        <p>
          Nothing saved yet. <a href="/shop">Browse the shop</a>
        </p>
      ) : (
        <>
          <ProductGrid items={products} ctx={ctx} label="Saved products" />
          <h2>Remove</h2>
          <ul class="inline" style="list-style:none;padding:0">
            {products.map((p) => (
              <li>
                <form method="post" action="/wish-list/remove">
                  <input type="hidden" name="productId" value={p._id} />
                  <button type="submit" class="ghost">
                    Remove {p.title}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </>
      )}
    </>,
  );
}
