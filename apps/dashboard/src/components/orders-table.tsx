import { Link } from '@tanstack/react-router';
import type { Schema } from '../api/client';
import { formatMoney } from '../lib/money';
import { paymentLabel } from '../lib/payment';
import { type Column, DataTable } from './paged';
import { formatDate } from './ui';

type Order = Schema<'Order'>;

/** An order's columns: number (to the order), placed, buyer, status, payment, total. */
export const orderColumns = (currency: string): Column<Order>[] => [
  {
    label: 'Order',
    value: (o) => (
      <Link to="/orders/$id" params={{ id: o.id }}>
        #{o.order_number}
      </Link>
    ),
  },
  { label: 'Placed', value: (o) => formatDate(o.created_at) },
  {
    label: 'Buyer',
    value: (o) => (
      <>
        {o.name}
        <br />
        <span className="muted">{o.email}</span>
      </>
    ),
  },
  { label: 'Status', value: (o) => <span className={`badge badge-${o.status}`}>{o.status}</span> },
  { label: 'Payment', value: (o) => paymentLabel(o.payment_status) },
  { label: 'Total', value: (o) => formatMoney(o.total_amount, o.currency || currency) },
];

/** Orders as rows, outside a paged list (a customer's orders). */
export function OrdersTable({
  orders,
  caption,
  currency,
}: {
  orders: Order[];
  caption: string;
  currency: string;
}) {
  return <DataTable rows={orders} caption={caption} columns={orderColumns(currency)} />;
}
