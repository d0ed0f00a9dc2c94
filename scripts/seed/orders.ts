import type { OrderShippingSnapshot } from '../../src/db/schema';
import { newId, type SaleWindow, type ShopPlan } from './plan';

export type OrderSeed = {
  number: number;
  /** Key of a customer or guest added before. */
  buyer: string;
  daysAgo: number;
  status: 'pending' | 'delivered' | 'completed' | 'cancelled' | 'refunded';
  paid?: boolean;
  refund?: 'requested' | 'refunded';
  /** Days between placing and delivery, for delivered, completed and refunded orders. */
  deliveredAfterDays?: number;
  /** Product slug, quantity and, for variant products, the values as `M/Sand`. */
  lines: Array<[slug: string, quantity: number, variant?: string]>;
  shipping: { rate: string } | { pickup: string };
  coupon?: string;
  note?: string;
};

/** The price a buyer paid on a given day: the sale price while its window was open. */
function priceOn(priceMinor: number, sale: SaleWindow | null, day: Date): number {
  if (!sale || sale.priceMinor >= priceMinor) return priceMinor;
  const started = !sale.startsAt || sale.startsAt <= day;
  const running = !sale.endsAt || sale.endsAt > day;
  return started && running ? sale.priceMinor : priceMinor;
}

/**
 * Totals in minor units, the way checkout computes them: the coupon comes off the
 * products, tax is charged on the discounted products, shipping is added untaxed.
 */
export function orderTotals(
  productsTotal: number,
  shippingTotal: number,
  coupon: { kind: 'percentage' | 'fixed'; value: number } | undefined,
  taxPercent: number,
) {
  const couponTotal = !coupon
    ? 0
    : coupon.kind === 'percentage'
      ? Math.round((productsTotal * coupon.value) / 100)
      : Math.min(coupon.value, productsTotal);
  const taxTotal = Math.round(((productsTotal - couponTotal) * taxPercent) / 100);
  const cartTotal = productsTotal - couponTotal + shippingTotal + taxTotal;
  return { couponTotal, taxTotal, cartTotal };
}

/** Orders with their lines, coupon redemptions, download grants and the shop's order counter. */
export function addOrders(plan: ShopPlan, list: OrderSeed[], taxPercent: number): void {
  const shopId = plan.shopId;
  for (const o of list) {
    const party = plan.parties.get(o.buyer);
    if (!party) throw new Error(`seed order ${o.number} refers to unknown buyer "${o.buyer}"`);
    const id = newId();
    const placed = plan.at(-o.daysAgo);
    const lines = o.lines.map(([slug, quantity, label]) => {
      const product = plan.product(slug);
      const variant = label === undefined ? undefined : product.variants.get(label);
      if (label !== undefined && !variant) throw new Error(`no variant ${label} of ${slug}`);
      const unit = variant
        ? priceOn(variant.priceMinor, variant.sale, placed)
        : priceOn(product.priceMinor, product.sale, placed);
      return { slug, product, variant, quantity, unit };
    });
    const productsTotal = lines.reduce((sum, l) => sum + l.unit * l.quantity, 0);
    const shipping: OrderShippingSnapshot = (() => {
      if ('rate' in o.shipping) {
        const rate = plan.rates.get(o.shipping.rate);
        if (!rate) throw new Error(`unknown rate ${o.shipping.rate}`);
        return { kind: 'standard', id: rate.id, name: rate.title, priceMinor: rate.priceMinor };
      }
      const pickup = plan.pickups.get(o.shipping.pickup);
      if (!pickup) throw new Error(`unknown pickup ${o.shipping.pickup}`);
      return { kind: 'pickup', id: pickup.id, name: pickup.name, priceMinor: pickup.feeMinor };
    })();
    const coupon = o.coupon ? plan.coupons.get(o.coupon) : undefined;
    const totals = orderTotals(productsTotal, shipping.priceMinor, coupon, taxPercent);
    const paidAt = o.paid ? plan.at(-o.daysAgo + 0.01) : null;
    const delivered =
      o.deliveredAfterDays === undefined ? null : plan.at(-o.daysAgo + o.deliveredAfterDays);

    plan.rows.orders.push({
      id,
      shopId,
      orderNumber: String(o.number),
      customerId: party.id,
      email: party.email,
      name: party.name,
      phone: party.phone,
      ...(shipping.kind === 'standard' ? party.address : {}),
      note: o.note ?? '',
      status: o.status,
      paymentStatus: o.paid ? 'fully-paid' : 'unpaid',
      refundState: o.refund ?? 'none',
      productsTotalMinor: productsTotal,
      shippingTotalMinor: shipping.priceMinor,
      couponTotalMinor: totals.couponTotal,
      taxTotalMinor: totals.taxTotal,
      cartTotalMinor: totals.cartTotal,
      paidTotalMinor: o.paid ? totals.cartTotal : 0,
      shipping,
      coupons:
        coupon && o.coupon
          ? [{ id: coupon.id, code: o.coupon, amountMinor: totals.couponTotal }]
          : [],
      deliveredAt: delivered,
      paidAt,
      createdAt: placed,
      updatedAt: delivered ?? placed,
    });
    plan.orders.set(o.number, {
      id,
      party,
      lines: new Map(lines.map((l) => [l.slug, l.variant?.key ?? ''])),
    });
    for (const [position, l] of lines.entries()) {
      plan.rows.orderLines.push({
        shopId,
        orderId: id,
        productId: l.product.id,
        variantId: l.variant?.id ?? null,
        title: l.product.title,
        variationKey: l.variant?.key ?? '',
        sku: l.variant?.sku ?? l.product.sku,
        quantity: l.quantity,
        unitPriceMinor: l.unit,
        totalMinor: l.unit * l.quantity,
        isDigital: l.product.isDigital,
        position,
        createdAt: placed,
      });
      if (!paidAt || !l.product.isDigital) continue;
      for (const [i, file] of l.product.files.entries()) {
        plan.rows.downloadGrants.push({
          shopId,
          orderId: id,
          productId: l.product.id,
          fileId: file.id,
          downloadLimit: file.downloadLimit,
          downloadCount: i === 0 ? 1 : 0,
          expiresAt:
            file.downloadDays === null
              ? null
              : new Date(paidAt.getTime() + file.downloadDays * 86_400_000),
          createdAt: paidAt,
        });
      }
    }
    if (coupon) {
      plan.rows.couponRedemptions.push({
        shopId,
        couponId: coupon.id,
        orderId: id,
        customerId: party.id,
        email: party.email,
        amountMinor: totals.couponTotal,
        createdAt: placed,
      });
      const row = plan.rows.coupons.find((c) => c.id === coupon.id);
      if (row) row.usedCount = (row.usedCount ?? 0) + 1;
    }
  }
  // New orders continue numbering after the seeded ones.
  plan.rows.orderCounters.push({
    shopId,
    lastNumber: Math.max(1000, ...list.map((o) => o.number)),
  });
}
