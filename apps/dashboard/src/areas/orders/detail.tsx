import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api, unwrap } from '../../api/client';
import { useMe } from '../../components/layout';
import { ErrorNotice, formatDate, Loading } from '../../components/ui';
import { paymentLabel } from '../../lib/payment';
import { can } from '../../lib/scopes';
import { ShippingAddress } from './address';
import { Fulfilments } from './fulfilment';
import { OrderLines } from './lines';
import { OrderNotes } from './notes';
import { Refunds } from './refund';
import { OrderTimeline } from './timeline';
import { OrderActions } from './transitions';
import './order.css';
import { orderKeys } from './queries';

/**
 * One order, laid out as Shopify's admin order page: items and fulfilment, shipments, refunds
 * and the timeline on the left; buyer, shipping address and internal notes on the right.
 */
export function OrderDetail({ id }: { id: string }) {
  const me = useMe();
  const order = useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => unwrap(api.GET('/orders/{id}', { params: { path: { id } } })),
  });

  if (order.isPending) return <Loading what="the order" />;
  if (order.error) {
    return (
      <>
        <h1>Order</h1>
        <ErrorNotice error={order.error} />
      </>
    );
  }
  const o = order.data;
  const currency = o.currency || me.shop.currency;
  const writable = can(me.scopes, 'orders:write');

  return (
    <>
      <p>
        <Link to="/orders">← Orders</Link>
      </p>
      <h1>Order #{o.order_number}</h1>
      <p>
        <span className={`badge badge-${o.status}`}>{o.status}</span>{' '}
        <span className="badge">{paymentLabel(o.payment_status)}</span> · placed{' '}
        {formatDate(o.created_at)}
      </p>
      {writable ? <OrderActions order={o} /> : null}
      <div className="columns">
        <div className="stack">
          <OrderLines order={o} currency={currency} writable={writable} />
          <Fulfilments order={o} />
          <Refunds order={o} currency={currency} />
          <OrderTimeline order={o} currency={currency} />
        </div>
        <div className="stack">
          <section aria-labelledby="buyer">
            <h2 id="buyer">Buyer</h2>
            <p>
              {o.name}
              <br />
              <a href={`mailto:${o.email}`}>{o.email}</a>
              {o.phone ? (
                <>
                  <br />
                  {o.phone}
                </>
              ) : null}
            </p>
            <ShippingAddress order={o} writable={writable} />
            <h3>Shipping</h3>
            <p>{o.shipping ? `${o.shipping.name} (${o.shipping.kind})` : 'None'}</p>
            {o.note ? (
              <>
                <h3>Buyer’s note</h3>
                <p>{o.note}</p>
              </>
            ) : null}
          </section>
          <OrderNotes order={o} writable={writable} />
        </div>
      </div>
    </>
  );
}
