/** /account/orders/:id: one order of the signed-in customer (lines, totals, refunds), its paid downloads and its review forms. */
import { STATUS_LABEL, Totals } from '../components/order-summary';
import { ACCOUNT_PATTERN, accountPage, customerProfile } from '../customer';
import type { ThemeContext } from '../env';
import { field } from '../lib/forms';
import { formatPrice } from '../lib/money';
import { ctxOf } from '../render';

type Order = Exclude<Awaited<ReturnType<typeof load>>, Response | null>;

const REVIEWABLE = new Set(['delivered', 'completed', 'cancelled', 'refunded']);

/** The payment state in words: refunded in full, in part, paid or not yet. */
function paymentWords(o: { paymentStatus: string; refundStatus: string; refunds: unknown[] }) {
  if (o.refundStatus === 'DONE') return 'refunded in full';
  if (o.refunds.length) return 'paid, partly refunded';
  return o.paymentStatus === 'fully-paid' ? 'paid' : 'not paid yet';
}

export async function load(c: ThemeContext) {
  const id = c.req.param('id') ?? '';
  const profile = await customerProfile(c);
  const api = c.get('customerApi');
  if (!profile || !api)
    return c.redirect(`/account?next=/account/orders/${encodeURIComponent(id)}`, 303);
  const [{ data }, mine] = await Promise.all([
    api.GET('/orders/{id}', { params: { path: { id } } }),
    api.GET('/reviews/my', { params: { query: { orderId: id } } }),
  ]);
  if (!data) return null;
  return {
    o: data.data,
    reviewed: new Set((mine.data?.data ?? []).map((r) => r.productId)),
    notice: c.req.query('review'),
    dlError: c.req.query('download'),
  };
}

export function render(c: ThemeContext, order: Order | null) {
  if (!order)
    return accountPage(c, ACCOUNT_PATTERN.order, 'Order not found', <h1>Order not found</h1>);
  const { o, reviewed, notice, dlError } = order;
  const ctx = ctxOf(c);
  const canReview = c.get('settings').reviews.allowReviews && REVIEWABLE.has(o.status);
  return accountPage(
    c,
    ACCOUNT_PATTERN.order,
    `Order ${o.orderNumber}`,
    <>
      <h1>Order {o.orderNumber}</h1>
      <p>
        {STATUS_LABEL[o.status] ?? o.status} · placed {o.date.slice(0, 10)} · {paymentWords(o)}
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
      <Totals
        currency={ctx.currency}
        rows={[
          { label: 'Products', amount: o.productsTotal },
          o.couponTotal > 0 && { label: 'Discount', amount: o.couponTotal, discount: true },
          {
            label: `Delivery${o.shipping ? ` (${o.shipping.name})` : ''}`,
            amount: o.shippingTotal,
          },
          { label: 'Tax', amount: o.taxTotal },
        ]}
        total={{ label: 'Total', amount: o.cartTotal }}
      />
      {o.refunds.length ? (
        <section aria-labelledby="refunds">
          <h2 id="refunds">Refunds</h2>
          <ul>
            {o.refunds.map((r) => (
              <li>
                {formatPrice(r.amount, ctx.currency)} refunded on {r.createdAt.slice(0, 10)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {o.paymentStatus === 'fully-paid' && o.downloadables.length ? (
        <section aria-labelledby="downloads">
          <h2 id="downloads">Downloads</h2>
          <ul>
            {o.downloadables.flatMap((d) =>
              d.files.map((f) => (
                <li>
                  <form method="post" action={`/account/orders/${o._id}/download`} class="inline">
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
                action={`/account/orders/${o._id}/review`}
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
        <a href="/account/orders">All orders</a>
      </p>
    </>,
  );
}

/** POST /account/orders/:id/review: a review of one of the order's products. */
export async function review(c: ThemeContext) {
  const id = c.req.param('id') ?? '';
  const api = c.get('customerApi');
  if (!api) return c.redirect('/account', 303);
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
    `/account/orders/${encodeURIComponent(id)}?review=${error ? encodeURIComponent(error.code) : 'sent'}`,
    303,
  );
}

/** POST /account/orders/:id/download: the file streams from the API to the browser; nothing is kept here. */
export async function download(c: ThemeContext) {
  const id = c.req.param('id') ?? '';
  const api = c.get('customerApi');
  if (!api) return c.redirect('/account', 303);
  const form = await c.req.parseBody();
  const { response, error } = await api.POST('/orders/download-files/{id}', {
    params: { path: { id } },
    body: { fileId: field(form, 'fileId'), productId: field(form, 'productId') },
    parseAs: 'stream',
  });
  if (error || !response.ok) {
    return c.redirect(
      `/account/orders/${encodeURIComponent(id)}?download=${encodeURIComponent((error as { code?: string } | undefined)?.code ?? String(response.status))}`,
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
