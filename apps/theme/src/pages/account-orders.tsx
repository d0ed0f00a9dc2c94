/** GET /account/orders: the signed-in customer's orders, ten to a page. */
import { STATUS_LABEL } from '../components/order-summary';
import { ACCOUNT_PATTERN, accountPage, customerProfile } from '../customer';
import type { ThemeContext } from '../env';
import { formatPrice } from '../lib/money';
import { ctxOf } from '../render';

type Orders = Exclude<Awaited<ReturnType<typeof load>>, Response>;

export async function load(c: ThemeContext) {
  const profile = await customerProfile(c);
  const api = c.get('customerApi');
  if (!profile || !api) return c.redirect('/account?next=/account/orders', 303);
  const page = Math.max(1, Number(c.req.query('page')) || 1);
  const { data } = await api.GET('/orders', { params: { query: { page, limit: 10 } } });
  return { page, data: data ?? null };
}

export function render(c: ThemeContext, { page, data }: Orders) {
  const ctx = ctxOf(c);
  return accountPage(
    c,
    ACCOUNT_PATTERN.orders,
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
                  <a href={`/account/orders/${o._id}`}>Order {o.orderNumber}</a>
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
          {page > 1 ? <a href={`/account/orders?page=${page - 1}`}>Previous</a> : null}
          <span>
            Page {page} of {data.totalPages}
          </span>
          {page < data.totalPages ? <a href={`/account/orders?page=${page + 1}`}>Next</a> : null}
        </nav>
      ) : null}
    </>,
  );
}
