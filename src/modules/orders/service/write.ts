import { type Database, type Tx, withTransaction } from '../../../db/client';
import { ApiError, type ErrorDetail } from '../../../errors';
import { newAccessLink, saveAccessLink } from '../../auth/access-links';
import { shortageDetails, stockKeyOf, stockNeeds } from '../../checkout/plan';
import { recordRedemption, takeCouponUse } from '../../coupons/queries';
import { type QueuedEmail, queueEmailsIn } from '../../mail/outbox';
import { emitEvent } from '../../webhooks/events';
import type { OrderPlan } from '../queries/place';
import {
  grantDownloads,
  insertOrder,
  insertOrderLines,
  numberOrder,
  takeStock,
} from '../queries/place';

/** Another request with the same Idempotency-Key created the order first. */
export class IdempotentReplay extends Error {
  constructor() {
    super('order already created for this Idempotency-Key');
    this.name = 'IdempotentReplay';
  }
}

const orderInvalid = (details: ErrorDetail[]) =>
  new ApiError('ORDER_VALIDATION_FAILED', { details });

/** Takes the stock the order needs; any product or variant not served fails the whole order. */
async function takeOrderStock(tx: Tx, plan: OrderPlan) {
  const needs = [...stockNeeds(plan.lines).values()];
  if (needs.length === 0) return;
  const taken = await takeStock(tx, plan.shopId, needs);
  const short = shortageDetails(plan.lines, (line) => !taken.has(stockKeyOf(line)));
  if (short.length > 0) throw orderInvalid(short);
}

/** Counts the coupon's use, then records the redemption for the order's email (coupons/queries). */
async function redeemCoupon(tx: Tx, plan: OrderPlan, orderId: string) {
  const { coupon } = plan;
  if (!coupon) return;
  const refuse = (message: string) => orderInvalid([{ field: 'coupons.0', message }]);
  if (!(await takeCouponUse(tx, plan.shopId, coupon.id))) {
    throw refuse('The coupon has been used up.');
  }
  const recorded = await recordRedemption(tx, {
    shopId: plan.shopId,
    couponId: coupon.id,
    orderId,
    amountMinor: coupon.amountMinor,
  });
  if (!recorded) throw refuse('You have already used this coupon.');
}

/** The `order.created` webhook event's data: the order as the merchant API shows it (minor units). */
const orderCreatedData = (plan: OrderPlan, id: string, orderNumber: string) => ({
  id,
  order_number: orderNumber,
  status: 'pending',
  email: plan.contact.email,
  name: plan.contact.name,
  customer_id: plan.customerId,
  payment_provider: plan.paymentProvider,
  totals: {
    products: plan.totals.productsTotalMinor,
    coupons: plan.totals.couponTotalMinor,
    shipping: plan.totals.shippingTotalMinor,
    tax: plan.totals.taxTotalMinor,
    total: plan.totals.cartTotalMinor,
  },
  lines: plan.lines.map((l) => ({
    product_id: l.productId,
    variant_id: l.variantId,
    title: l.title,
    sku: l.sku,
    quantity: l.quantity,
    unit_price: l.unitPriceMinor,
  })),
});

/**
 * Writes the whole order in one transaction: customer link, order and lines, download
 * grants, sign-in link, stock, coupon usage and redemption, the order number, the
 * confirmation email and the merchant's new-order notice (when the shop has a contact
 * address) in the outbox, and the `order.created` webhook event. Locks on shared rows (a
 * product's stock, a coupon's uses, the shop's order counter) are taken as late as they can
 * be, so simultaneous orders queue on them for as few statements as possible. Any failure
 * leaves nothing behind; an Idempotency-Key another request already used raises
 * IdempotentReplay.
 */
export async function writeOrder(
  database: Database,
  plan: OrderPlan,
  confirmation: (order: { id: string; orderNumber: string; linkId: string }) => QueuedEmail,
  notice: ((order: { id: string; orderNumber: string }) => QueuedEmail) | null = null,
): Promise<{ id: string; orderNumber: string; emailIds: string[]; webhookDeliveries: string[] }> {
  const id = crypto.randomUUID();
  const link = await newAccessLink({ shopId: plan.shopId, orderId: id, email: plan.contact.email });
  const digital = [...new Set(plan.lines.filter((l) => l.isDigital).map((l) => l.productId))];
  return withTransaction(database, async (tx) => {
    if (!(await insertOrder(tx, plan, id))) throw new IdempotentReplay();
    await insertOrderLines(tx, plan.shopId, id, plan.lines);
    if (digital.length > 0) await grantDownloads(tx, plan.shopId, id, digital);
    await saveAccessLink(tx, link);
    await takeOrderStock(tx, plan);
    await redeemCoupon(tx, plan, id);
    const orderNumber = await numberOrder(tx, plan.shopId, id);
    const emails = [confirmation({ id, orderNumber, linkId: link.linkId })];
    if (notice) emails.push(notice({ id, orderNumber }));
    const queued = await queueEmailsIn(tx, emails);
    const data = orderCreatedData(plan, id, orderNumber);
    const webhookDeliveries = await emitEvent(tx, plan.shopId, 'order.created', data);
    return { id, orderNumber, emailIds: queued.map((e) => e.id), webhookDeliveries };
  });
}
