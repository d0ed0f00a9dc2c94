/** The customer's orders, and what an order's page posts: a review, a download. */
import type { Context } from 'hono';
import type { ThemeEnv } from '../env';
import { field } from '../lib/forms';
import { formatPrice } from '../lib/money';
import { ctxOf } from '../render';
import { accountPage, customerProfile } from './customer';

type C = Context<ThemeEnv>;

export const STATUS_LABEL: Record<string, string> = {
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
