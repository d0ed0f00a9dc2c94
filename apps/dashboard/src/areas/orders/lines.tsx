/** The order's items with what has shipped of each, its totals, and "Fulfil items". */
import { useState } from 'react';
import { TableRegion } from '../../components/paged';
import { Notice } from '../../components/ui';
import { formatMoney } from '../../lib/money';
import { canFulfil, FulfilDialog, lineName } from './fulfilment';
import type { Order } from './order-write';

const FULFILMENT = {
  unfulfilled: 'Unfulfilled',
  partial: 'Partly fulfilled',
  fulfilled: 'Fulfilled',
};

export function OrderLines({
  order,
  currency,
  writable,
}: {
  order: Order;
  currency: string;
  writable: boolean;
}) {
  const money = (minor: number) => formatMoney(minor, currency);
  const [fulfilling, setFulfilling] = useState(false);
  const [done, setDone] = useState<string>();
  const o = order;
  return (
    <section aria-labelledby="lines">
      <div className="title-row">
        <h2 id="lines">
          Items <span className="badge">{FULFILMENT[o.fulfillment_status]}</span>
        </h2>
        {writable && canFulfil(o) ? (
          <button
            type="button"
            className="primary"
            onClick={() => {
              setDone(undefined);
              setFulfilling(true);
            }}
          >
            Fulfil items
          </button>
        ) : null}
      </div>
      {done ? <Notice tone="success">{done}</Notice> : null}
      <TableRegion label="Items">
        <table>
          <caption className="sr-only">Items</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
              <th scope="col">Shipped</th>
              <th scope="col" className="wide-only">
                Price
              </th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {o.lines.map((line) => (
              <tr key={line.id}>
                <td className="line-item">
                  {lineName(line)}
                  {line.sku ? <span className="muted"> · SKU {line.sku}</span> : null}
                  <span className="muted narrow-only"> · {money(line.unit_amount)} each</span>
                </td>
                <td>{line.quantity}</td>
                <td>{line.fulfilled_quantity}</td>
                <td className="wide-only">{money(line.unit_amount)}</td>
                <td>{money(line.total_amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <dl className="totals">
        <div>
          <dt>Products</dt>
          <dd>{money(o.products_amount)}</dd>
        </div>
        {o.discount_amount ? (
          <div>
            <dt>Discount</dt>
            <dd>−{money(o.discount_amount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping</dt>
          <dd>{money(o.shipping_amount)}</dd>
        </div>
        <div>
          <dt>Tax</dt>
          <dd>{money(o.tax_amount)}</dd>
        </div>
        <div className="total">
          <dt>Total</dt>
          <dd>{money(o.total_amount)}</dd>
        </div>
        <div>
          <dt>Paid</dt>
          <dd>{money(o.paid_amount)}</dd>
        </div>
        {o.refunded_amount ? (
          <div>
            <dt>Refunded</dt>
            <dd>{money(o.refunded_amount)}</dd>
          </div>
        ) : null}
      </dl>
      {fulfilling ? (
        <FulfilDialog
          order={o}
          onClose={() => setFulfilling(false)}
          onDone={(message) => {
            setDone(message);
            setFulfilling(false);
          }}
        />
      ) : null}
    </section>
  );
}
