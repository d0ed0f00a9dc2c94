/**
 * What an order will cost, as the bag and the checkout show it: the API's own arithmetic
 * (`@storefront-api/pricing`) over the amounts the API answered, so the total shown is the
 * total charged. Amounts come in and go out in the shop's currency; the sums run in minor units.
 */
import {
  currencyDigits,
  orderTotals,
  preselectedRate,
  productsTotalMinor,
  rateStatus,
  type TaxRule,
  toAmount,
  toMinor,
} from '@storefront-api/pricing';
import { formatPrice } from './money';

/** The parts of GET /settings a quote reads. */
export type QuoteSettings = {
  shipping: {
    active: boolean;
    removeAddress: boolean;
    standardActive: boolean;
    pickupActive: boolean;
    standard: Array<{
      _id: string;
      title: string;
      price: number;
      description: string;
      default: boolean;
      minOrder?: number | null;
    }>;
    pickup: Array<{
      _id: string;
      name: string;
      buildingName: string;
      fee: number;
      openingHours: string;
    }>;
  };
  tax: TaxRule;
};

/** A delivery choice of the checkout, `standard:<id>` or `pickup:<id>`, and why it is unavailable. */
export type DeliveryOption = {
  value: string;
  /** The option's name; `label` adds its fee. */
  title: string;
  label: string;
  hint: string;
  priceMinor: number;
  minOrderMinor: number | null;
  /** Why the bag cannot choose it; null when it can. */
  unavailable: string | null;
};

export type Quote = {
  products: number;
  discount: number;
  /** The delivery fee of the chosen option; null while none is chosen (or none is needed). */
  delivery: number | null;
  deliveryLabel: string | null;
  tax: number;
  /** Whether the shop's prices include its tax (the total adds none). */
  taxIncluded: boolean;
  taxRate: number;
  total: number;
  options: DeliveryOption[];
  /** The option the form selects: the one asked for if the bag qualifies, else the cheapest. */
  chosen: string;
};

/** The delivery options the settings offer, each marked unavailable with its reason when the bag does not qualify. */
export function deliveryOptions(
  ship: QuoteSettings['shipping'],
  orderValueMinor: number,
  currency: string,
): DeliveryOption[] {
  if (!ship.active) return [];
  const digits = currencyDigits(currency);
  const money = (minor: number) => formatPrice(toAmount(minor, digits), currency);
  const standard: DeliveryOption[] =
    ship.standardActive && !ship.removeAddress
      ? ship.standard.map((s) => {
          const rate = {
            priceMinor: toMinor(s.price, digits),
            minOrderMinor: s.minOrder == null ? null : toMinor(s.minOrder, digits),
          };
          const status = rateStatus(rate, orderValueMinor);
          return {
            value: `standard:${s._id}`,
            title: s.title,
            label: `${s.title}, ${rate.priceMinor ? money(rate.priceMinor) : 'free'}`,
            hint: s.description,
            ...rate,
            unavailable: status.available
              ? null
              : `For orders of ${money(status.minOrderMinor)} or more: add ${money(status.missingMinor)} to your bag.`,
          };
        })
      : [];
  const pickup: DeliveryOption[] = ship.pickupActive
    ? ship.pickup.map((p) => {
        const fee = toMinor(p.fee, digits);
        return {
          value: `pickup:${p._id}`,
          title: `Pick up at ${p.name}`,
          label: `Pick up at ${p.name}, ${fee ? money(fee) : 'free'}`,
          hint: [p.buildingName, p.openingHours].filter(Boolean).join(' · '),
          priceMinor: fee,
          minOrderMinor: null,
          unavailable: null,
        };
      })
    : [];
  return [...standard, ...pickup];
}

/**
 * The order's cost: products (the hydrated lines' unit prices times their quantities), the
 * coupon's discount as POST /coupons answered it, the delivery `asked` for (if the bag qualifies for it, else the cheapest it
 * qualifies for), and the tax, inclusive or added as the shop says.
 */
export function quoteOrder(input: {
  lines: Array<{ unitPrice: number; quantity: number; item?: { needsShipping?: boolean } }>;
  discount: number;
  settings: QuoteSettings;
  currency: string;
  asked?: string | undefined;
}): Quote {
  const digits = currencyDigits(input.currency);
  const minor = (amount: number) => toMinor(amount, digits);
  const products = productsTotalMinor(
    input.lines.map((l) => ({ unitMinor: minor(l.unitPrice), quantity: l.quantity })),
  );
  const discount = Math.min(minor(input.discount), products);
  // As checkout decides: nothing to deliver (digital or shipping-free lines only), no delivery.
  const delivered = input.lines.some((l) => l.item?.needsShipping !== false);
  const options = delivered
    ? deliveryOptions(input.settings.shipping, products - discount, input.currency)
    : [];
  const open = options.filter((o) => !o.unavailable);
  const chosenOption =
    open.find((o) => o.value === input.asked) ?? preselectedRate(open, products - discount);
  const totals = orderTotals(products, discount, chosenOption?.priceMinor ?? 0, input.settings.tax);
  const amount = (m: number) => toAmount(m, digits);
  return {
    products: amount(totals.productsTotalMinor),
    discount: amount(totals.couponTotalMinor),
    delivery: chosenOption ? amount(totals.shippingTotalMinor) : null,
    deliveryLabel: chosenOption?.title ?? null,
    tax: amount(totals.taxTotalMinor),
    taxIncluded: Boolean(input.settings.tax.inclusive),
    taxRate: input.settings.tax.active ? input.settings.tax.value : 0,
    total: amount(totals.cartTotalMinor),
    options,
    chosen: chosenOption?.value ?? '',
  };
}

/** One row of a totals column: an amount (a discount shown subtracted) or a plain text. */
export type TotalRow = { label: string; amount?: number; discount?: boolean; text?: string };

/** The rows of a quote's totals column and its last row, the total to pay. */
export function quoteRows(
  quote: Quote,
  coupon: string | null,
): { rows: TotalRow[]; total: { label: string; amount: number } } {
  const rows: TotalRow[] = [{ label: 'Products', amount: quote.products }];
  if (quote.discount > 0)
    rows.push({
      label: coupon ? `Discount (${coupon})` : 'Discount',
      amount: quote.discount,
      discount: true,
    });
  if (quote.options.length > 0)
    rows.push(
      quote.delivery === null
        ? { label: 'Delivery', text: 'Choose an option' }
        : { label: `Delivery: ${quote.deliveryLabel}`, amount: quote.delivery },
    );
  if (quote.taxRate > 0)
    rows.push({
      label: quote.taxIncluded
        ? `Includes ${quote.taxRate}% VAT`
        : `Tax (${quote.taxRate}%, added)`,
      amount: quote.tax,
    });
  return { rows, total: { label: 'Total to pay', amount: quote.total } };
}

/** How the shop's prices stand to tax: "incl. VAT" or "plus tax", or nothing without tax. */
export const taxNote = (tax: TaxRule): string | null =>
  tax.active ? (tax.inclusive ? `incl. ${tax.value}% VAT` : `plus ${tax.value}% tax`) : null;
