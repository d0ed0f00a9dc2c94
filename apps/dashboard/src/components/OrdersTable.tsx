import { Link } from '@tanstack/react-router';
import type { Schema } from '../api/client';
import { formatMoney } from '../lib/money';
import { paymentLabel } from '../lib/payment';
import { formatDate } from './ui';

/** Orders as rows: number (to the order), placed, buyer, status, payment, total. */
export function OrdersTable({
  orders,
  caption,
  currency,
  busy,
}: {
  orders: Schema<'Order'>[];
  caption: string;
  currency: string;
  busy?: boolean;
}) {
  return (
    <div className="table-wrap">
      <table aria-busy={busy}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Buyer</th>
            <th scope="col">Status</th>
            <th scope="col">Payment</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <td>
                <Link to="/orders/$id" params={{ id: o.id }}>
                  #{o.order_number}
                </Link>
              </td>
              <td>{formatDate(o.created_at)}</td>
              <td>
                {o.name}
                <br />
                <span className="muted">{o.email}</span>
              </td>
              <td>
                <span className={`badge badge-${o.status}`}>{o.status}</span>
              </td>
              <td>{paymentLabel(o.payment_status)}</td>
              <td>{formatMoney(o.total_amount, o.currency || currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
