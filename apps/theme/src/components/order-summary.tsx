/**
 * What the bag, the checkout, the confirmation and an order page show alike: the lines of a
 * hydrated bag and a column of totals.
 */
import type { BagLine } from '../lib/cart';
import { imageUrl } from '../lib/images';
import { formatPrice } from '../lib/money';
import { type Quote, quoteRows, type TotalRow } from '../lib/quote';

/** An order's status in the customer's words. */
export const STATUS_LABEL: Record<string, string> = {
  pending: 'Being prepared',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

type VariantLabel = { variation?: { optionsValues?: Array<{ value: { value: string } }> } | null };

/** The option values of a hydrated line's variant ("M / Sand"), when the API names them. */
const variantLabel = (item: BagLine['item']) =>
  (item as VariantLabel).variation?.optionsValues?.map((o) => o.value.value).join(' / ');

function QuantityForms({ line }: { line: BagLine }) {
  const title = line.item.title;
  return (
    <div class="inline">
      <form method="post" action="/bag/update" class="inline">
        <input type="hidden" name="productId" value={line.productId} />
        <input type="hidden" name="variationKey" value={line.variationKey} />
        <label>
          <span class="sr">Quantity of {title}</span>
          <input
            type="number"
            name="quantity"
            min="0"
            max="99"
            value={String(line.quantity)}
            style="width:5em"
          />
        </label>
        <button type="submit" class="ghost">
          Update<span class="sr"> {title}</span>
        </button>
      </form>
      <form method="post" action="/bag/update">
        <input type="hidden" name="productId" value={line.productId} />
        <input type="hidden" name="variationKey" value={line.variationKey} />
        <input type="hidden" name="remove" value="1" />
        <button type="submit" class="ghost">
          Remove<span class="sr"> {title}</span>
        </button>
      </form>
    </div>
  );
}

/** The bag's lines as a table; `editable` adds the quantity and remove forms. */
export function BagLines({
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
          const label = variantLabel(l.item);
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
              <td>{editable ? <QuantityForms line={l} /> : l.quantity}</td>
              <td>{formatPrice(l.lineTotal, currency)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A column of totals; rows without an amount or a text are left out, and `total` is the last,
 * bold row. `style` places the column (the confirmation's sits on the left).
 */
export function Totals({
  rows,
  total,
  currency,
  style,
  children,
}: {
  rows: Array<TotalRow | null | false>;
  total?: { label: string; amount: number };
  currency: string;
  style?: string;
  children?: unknown;
}) {
  const shown = rows.filter(
    (r): r is TotalRow => !!r && (r.amount !== undefined || r.text !== undefined),
  );
  return (
    <div class="totals" style={style}>
      {shown.map((r) => (
        <div>
          <span>{r.label}</span>
          <span>
            {r.amount === undefined
              ? r.text
              : `${r.discount ? '−' : ''}${formatPrice(r.amount, currency)}`}
          </span>
        </div>
      ))}
      {total ? (
        <div>
          <strong>{total.label}</strong>
          <strong>{formatPrice(total.amount, currency)}</strong>
        </div>
      ) : null}
      {children as never}
    </div>
  );
}

/**
 * An order's cost as the bag and the checkout show it (`quoteRows`): products, the discount,
 * the delivery chosen, the tax (said to be included or added) and the total that will be charged.
 */
export function QuoteTotals({
  quote,
  coupon,
  currency,
  children,
}: {
  quote: Quote;
  coupon: string | null;
  currency: string;
  children?: unknown;
}) {
  const { rows, total } = quoteRows(quote, coupon);
  return (
    <Totals currency={currency} rows={rows} total={total}>
      {children}
    </Totals>
  );
}

/** What the bag and the checkout say when there is nothing in the bag. */
export const EmptyBag = () => (
  <p>
    Your bag is empty. <a href="/shop">Continue shopping</a>
  </p>
);
