import type { Schema } from '@storefront-api/client';
import type { Context } from 'hono';
import { apiClient } from '../api';
import type { ThemeEnv } from '../env';
import { formatPrice } from '../lib/money';
import { ctxOf, renderPage } from '../render';
import { deviceId, setToken } from '../session';

type C = Context<ThemeEnv>;
type Profile = Schema<'Customer'>;

const field = (form: Record<string, unknown>, name: string) => {
  const v = form[name];
  return typeof v === 'string' ? v.trim() : '';
};
const SIGNED_OUT_CODES = new Set([
  'SESSION_EXPIRED',
  'AUTH_TOKEN_INVALID',
  'AUTH_TOKEN_DEVICE_MISMATCH',
  'AUTH_USER_NOT_FOUND',
  'AUTH_TOKEN_MISSING',
]);
const profiles = new WeakMap<object, Promise<Profile | null>>();

/** The signed-in customer (GET /auth), once per request; a token the API refuses is discarded. */
export function customerProfile(c: C): Promise<Profile | null> {
  const api = c.get('customerApi');
  if (!api) return Promise.resolve(null);
  let found = profiles.get(c.req.raw);
  if (!found) {
    found = api.GET('/auth').then(({ data, error }) => {
      if (data) return data.data;
      if (error && SIGNED_OUT_CODES.has(error.code)) setToken(c, null);
      return null;
    });
    profiles.set(c.req.raw, found);
  }
  return found;
}

const nextPath = (raw: string | undefined) =>
  raw && /^\/[a-z0-9/_-]*$/i.test(raw) && !raw.startsWith('//') ? raw : '/dashboard';

const ERRORS: Record<string, string> = {
  ACCOUNT_NOT_FOUND: 'No account uses that email yet. Place an order to create one.',
  ACCOUNT_BLACKLISTED: 'This account cannot sign in.',
  ACCOUNT_INACTIVE: 'This account is not active.',
  TOO_MANY_LOGIN_ATTEMPTS: 'Too many attempts. Wait a while and try again.',
  INVALID_CODE: 'That code is not right. Check the email and try again.',
  VERIFICATION_NOT_VALID: 'That code has expired. Ask for a new one.',
  TOO_MANY_VERIFY_ATTEMPTS: 'Too many wrong codes. Ask for a new one.',
  INVALID_ACCESS_LINK: 'That link is not valid. Sign in with a code instead.',
  ACCESS_LINK_EXPIRED: 'That link has expired. Sign in with a code instead.',
  ORDER_CANCELLED: 'That order was cancelled, so its link no longer signs you in.',
  ORDER_HAS_REFUND: 'That order was refunded, so its link no longer signs you in.',
  PHONE_NUMBER_INVALID: 'That phone number is not valid.',
};
const message = (code: string | undefined) =>
  code ? (ERRORS[code] ?? `Something went wrong (${code}).`) : 'Something went wrong.';

function SignIn({ error, next, email }: { error?: string; next: string; email?: string }) {
  return (
    <>
      <h1>Sign in</h1>
      <p>We email you a 6-digit code: no password needed.</p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="post" action="/dashboard/sign-in" class="form">
        <input type="hidden" name="next" value={next} />
        <label>
          Email
          <input type="email" name="email" required autocomplete="email" value={email ?? ''} />
        </label>
        <button type="submit">Email me a code</button>
      </form>
    </>
  );
}

function CodeForm({
  email,
  id,
  next,
  error,
}: {
  email: string;
  id: string;
  next: string;
  error?: string;
}) {
  return (
    <>
      <h1>Enter your code</h1>
      <p role="status">We sent a 6-digit code to {email}.</p>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
      <form method="post" action="/dashboard/verify" class="form">
        <input type="hidden" name="email" value={email} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="next" value={next} />
        <label>
          Code from the email
          <input
            name="code"
            inputmode="numeric"
            pattern="[0-9]{6}"
            maxlength={6}
            required
            autocomplete="one-time-code"
          />
        </label>
        <button type="submit">Sign in</button>
      </form>
    </>
  );
}

const accountPage = (c: C, url: string, title: string, body: unknown, status?: 200 | 422) =>
  renderPage(
    c,
    { url, fallbackTitle: title, noindex: true, ...(status ? { status } : {}) },
    body as never,
  );

export async function dashboard(c: C) {
  const profile = await customerProfile(c);
  const next = nextPath(c.req.query('next'));
  if (!profile) return accountPage(c, '/dashboard', 'Sign in', <SignIn next={next} />);
  const s = profile.shipping;
  const saved = c.req.query('saved') === '1';
  const error = c.req.query('error');
  return accountPage(
    c,
    '/dashboard',
    'Your account',
    <>
      <h1>Hello, {profile.user.name || profile.user.email}</h1>
      <p>
        Signed in as {profile.user.email}. <a href="/dashboard/orders">Your orders</a>
      </p>
      {saved ? <p role="status">Your details are saved.</p> : null}
      {error ? (
        <p class="error" role="alert">
          {message(error)}
        </p>
      ) : null}
      <form method="post" action="/dashboard/profile" class="form" aria-labelledby="details">
        <h2 id="details">Your details</h2>
        <label>
          Name
          <input name="name" required autocomplete="name" value={profile.user.name} />
        </label>
        <label>
          Phone
          <input name="phone" type="tel" required autocomplete="tel" value={profile.user.phone} />
        </label>
        <label>
          Town or city
          <input name="town" required autocomplete="address-level2" value={s?.town ?? ''} />
        </label>
        <label>
          District or area
          <input name="city" autocomplete="address-level3" value={s?.city ?? ''} />
        </label>
        <label>
          Street and number
          <input name="apartment" autocomplete="address-line1" value={s?.apartment ?? ''} />
        </label>
        <label>
          Apartment, floor or room
          <input name="room" value={s?.room ?? ''} />
        </label>
        <label>
          Postal code
          <input name="postalCode" autocomplete="postal-code" value={s?.postalCode ?? ''} />
        </label>
        <button type="submit">Save details</button>
      </form>
      <form method="post" action="/dashboard/sign-out">
        <h2>Sign out</h2>
        <button type="submit" class="ghost">
          Sign out
        </button>
      </form>
    </>,
  );
}

export async function requestCode(c: C) {
  const form = await c.req.parseBody();
  const email = field(form, 'email');
  const next = nextPath(field(form, 'next'));
  const { data, error } = await c.get('api').POST('/auth', { body: { email } });
  const id = data && 'data' in data ? (data.data as { id?: string } | undefined)?.id : undefined;
  if (!data || !id)
    return accountPage(
      c,
      '/dashboard',
      'Sign in',
      <SignIn next={next} email={email} error={message(error?.code)} />,
      422,
    );
  return accountPage(
    c,
    '/dashboard',
    'Enter your code',
    <CodeForm email={email} id={id} next={next} />,
  );
}

const tokenOf = (data: unknown) => {
  const d = data as { token?: string; data?: { token?: string } } | undefined;
  return d?.token ?? d?.data?.token ?? null;
};

export async function verifyCode(c: C) {
  const form = await c.req.parseBody();
  const email = field(form, 'email');
  const id = field(form, 'id');
  const next = nextPath(field(form, 'next'));
  const api = apiClient(c.env, { deviceId: deviceId(c) });
  const { data, error } = await api.POST('/auth/verify', {
    body: { email, id, code: field(form, 'code'), event: 'login' },
  });
  const token = tokenOf(data);
  if (!token)
    return accountPage(
      c,
      '/dashboard',
      'Enter your code',
      <CodeForm email={email} id={id} next={next} error={message(error?.code)} />,
      422,
    );
  setToken(c, token);
  return c.redirect(next, 303);
}

/** GET /auth/access: the order email's link signs the customer in (POST /auth/access) and opens the order. */
export async function accessLink(c: C) {
  const id = c.req.query('id') ?? '';
  const email = c.req.query('email') ?? '';
  const order = c.req.query('order') ?? '';
  const api = apiClient(c.env, { deviceId: deviceId(c) });
  const { data, error } = await api.POST('/auth/access', { body: { id, email, order } });
  const token = tokenOf(data);
  if (!token)
    return accountPage(
      c,
      '/dashboard',
      'Sign in',
      <SignIn next="/dashboard/orders" email={email} error={message(error?.code)} />,
      422,
    );
  setToken(c, token);
  return c.redirect(`/dashboard/orders/${encodeURIComponent(order)}`, 303);
}

export async function saveProfile(c: C) {
  const api = c.get('customerApi');
  if (!api) return c.redirect('/dashboard', 303);
  const form = await c.req.parseBody();
  const { error } = await api.PATCH('/auth', {
    body: {
      name: field(form, 'name'),
      phone: field(form, 'phone'),
      town: field(form, 'town'),
      city: field(form, 'city'),
      apartment: field(form, 'apartment'),
      room: field(form, 'room'),
      postalCode: field(form, 'postalCode'),
    },
  });
  return c.redirect(
    error ? `/dashboard?error=${encodeURIComponent(error.code)}` : '/dashboard?saved=1',
    303,
  );
}

export function signOut(c: C) {
  setToken(c, null);
  return c.redirect('/dashboard', 303);
}

const STATUS_LABEL: Record<string, string> = {
  pending: 'Being prepared',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export async function orders(c: C) {
  const profile = await customerProfile(c);
  const api = c.get('customerApi');
  if (!profile || !api) return c.redirect('/dashboard?next=/dashboard/orders', 303);
  const page = Math.max(1, Number(c.req.query('page')) || 1);
  const { data } = await api.GET('/orders', { params: { query: { page, limit: 10 } } });
  const ctx = ctxOf(c);
  return accountPage(
    c,
    '/dashboard/orders',
    'Your orders',
    <>
      <h1>Your orders</h1>
      {!data || data.data.length === 0 ? (
        <p>No orders yet.</p>
      ) : (
        <table>
          <caption class="sr">Orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Date</th>
              <th scope="col">Status</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((o) => (
              <tr>
                <td>
                  <a href={`/dashboard/orders/${o._id}`}>Order {o.orderNumber}</a>
                </td>
                <td>{o.date.slice(0, 10)}</td>
                <td>{STATUS_LABEL[o.status] ?? o.status}</td>
                <td>{formatPrice(o.cartTotal, ctx.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.totalPages > 1 ? (
        <nav class="pager" aria-label="Pages">
          {page > 1 ? <a href={`/dashboard/orders?page=${page - 1}`}>Previous</a> : null}
          <span>
            Page {page} of {data.totalPages}
          </span>
          {page < data.totalPages ? <a href={`/dashboard/orders?page=${page + 1}`}>Next</a> : null}
        </nav>
      ) : null}
    </>,
  );
}

const REVIEWABLE = new Set(['delivered', 'completed', 'cancelled', 'refunded']);

export async function orderDetail(c: C) {
  const id = c.req.param('id') ?? '';
  const profile = await customerProfile(c);
  const api = c.get('customerApi');
  if (!profile || !api)
    return c.redirect(`/dashboard?next=/dashboard/orders/${encodeURIComponent(id)}`, 303);
  const [{ data }, mine] = await Promise.all([
    api.GET('/orders/{id}', { params: { path: { id } } }),
    api.GET('/reviews/my', { params: { query: { orderId: id } } }),
  ]);
  if (!data)
    return accountPage(c, '/dashboard/orders/:id', 'Order not found', <h1>Order not found</h1>);
  const o = data.data;
  const ctx = ctxOf(c);
  const reviewed = new Set((mine.data?.data ?? []).map((r) => r.productId));
  const canReview = c.get('settings').reviews.allowReviews && REVIEWABLE.has(o.status);
  const notice = c.req.query('review');
  const dlError = c.req.query('download');
  return accountPage(
    c,
    '/dashboard/orders/:id',
    `Order ${o.orderNumber}`,
    <>
      <h1>Order {o.orderNumber}</h1>
      <p>
        {STATUS_LABEL[o.status] ?? o.status} · placed {o.date.slice(0, 10)} ·{' '}
        {o.paymentStatus === 'fully-paid' ? 'paid' : 'not paid yet'}
      </p>
      {notice === 'sent' ? (
        <p role="status">Thank you: your review waits for the shop's approval.</p>
      ) : null}
      {notice && notice !== 'sent' ? (
        <p class="error" role="alert">
          The review was not saved ({notice}).
        </p>
      ) : null}
      {dlError ? (
        <p class="error" role="alert">
          The download is not available ({dlError}).
        </p>
      ) : null}
      <table>
        <caption class="sr">Ordered products</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Quantity</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {o.products.map((p) => (
            <tr>
              <td>{p.title}</td>
              <td>{p.quantity}</td>
              <td>{formatPrice(p.price, ctx.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="totals">
        <div>
          <span>Products</span>
          <span>{formatPrice(o.productsTotal, ctx.currency)}</span>
        </div>
        {o.couponTotal ? (
          <div>
            <span>Discount</span>
            <span>−{formatPrice(o.couponTotal, ctx.currency)}</span>
          </div>
        ) : null}
        <div>
          <span>Delivery{o.shipping ? ` (${o.shipping.name})` : ''}</span>
          <span>{formatPrice(o.shippingTotal, ctx.currency)}</span>
        </div>
        <div>
          <span>Tax</span>
          <span>{formatPrice(o.taxTotal, ctx.currency)}</span>
        </div>
        <div>
          <strong>Total</strong>
          <strong>{formatPrice(o.cartTotal, ctx.currency)}</strong>
        </div>
      </div>
      {o.paymentStatus === 'fully-paid' && o.downloadables.length ? (
        <section aria-labelledby="downloads">
          <h2 id="downloads">Downloads</h2>
          <ul>
            {o.downloadables.flatMap((d) =>
              d.files.map((f) => (
                <li>
                  <form method="post" action={`/dashboard/orders/${o._id}/download`} class="inline">
                    <input type="hidden" name="productId" value={d._id} />
                    <input type="hidden" name="fileId" value={f._id} />
                    <button type="submit" class="ghost">
                      Download {f.title || f.filename}
                    </button>
                  </form>
                </li>
              )),
            )}
          </ul>
        </section>
      ) : null}
      {canReview ? (
        <section aria-labelledby="review">
          <h2 id="review">Review your products</h2>
          {o.products.map((p) =>
            reviewed.has(p._id) ? (
              <p>You reviewed {p.title}.</p>
            ) : (
              <form
                method="post"
                action={`/dashboard/orders/${o._id}/review`}
                class="form"
                aria-label={`Review ${p.title}`}
              >
                <input type="hidden" name="productId" value={p._id} />
                <input type="hidden" name="variationLabel" value={p.variationKey} />
                <h3>{p.title}</h3>
                <label>
                  Rating for {p.title}
                  <select name="rating" required>
                    {[5, 4, 3, 2, 1].map((n) => (
                      <option value={String(n)}>{`${n} star${n === 1 ? '' : 's'}`}</option>
                    ))}
                  </select>
                </label>
                <label>
                  Your review of {p.title}
                  <textarea name="comment" rows={3} required maxlength={2000} />
                </label>
                <button type="submit">Send review</button>
              </form>
            ),
          )}
        </section>
      ) : null}
      <p>
        <a href="/dashboard/orders">All orders</a>
      </p>
    </>,
  );
}

export async function sendReview(c: C) {
  const id = c.req.param('id') ?? '';
  const api = c.get('customerApi');
  if (!api) return c.redirect('/dashboard', 303);
  const form = await c.req.parseBody();
  const { error } = await api.POST('/reviews', {
    body: {
      orderId: id,
      productId: field(form, 'productId'),
      variationLabel: field(form, 'variationLabel'),
      rating: Number(field(form, 'rating')),
      comment: field(form, 'comment'),
    },
  });
  return c.redirect(
    `/dashboard/orders/${encodeURIComponent(id)}?review=${error ? encodeURIComponent(error.code) : 'sent'}`,
    303,
  );
}

/** The file streams from the API to the browser; nothing is kept here. */
export async function download(c: C) {
  const id = c.req.param('id') ?? '';
  const api = c.get('customerApi');
  if (!api) return c.redirect('/dashboard', 303);
  const form = await c.req.parseBody();
  const { response, error } = await api.POST('/orders/download-files/{id}', {
    params: { path: { id } },
    body: { fileId: field(form, 'fileId'), productId: field(form, 'productId') },
    parseAs: 'stream',
  });
  if (error || !response.ok) {
    return c.redirect(
      `/dashboard/orders/${encodeURIComponent(id)}?download=${encodeURIComponent((error as { code?: string } | undefined)?.code ?? String(response.status))}`,
      303,
    );
  }
  const headers = new Headers();
  for (const h of ['content-type', 'content-disposition', 'content-length']) {
    const v = response.headers.get(h);
    if (v) headers.set(h, v);
  }
  headers.set('cache-control', 'private, no-store');
  return new Response(response.body, { status: 200, headers });
}
