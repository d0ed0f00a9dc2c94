import { type Database, type Tx, withTransaction } from '../../../db/client';
import { accessLinks, emailOutbox } from '../../../db/schema';
import { ApiError, type ErrorDetail } from '../../../errors';
import { newAccessLink } from '../../auth/access-links';
import type { CheckoutPlan } from '../../checkout/service';
import { shortageDetails, stockKeyOf, stockNeeds } from '../../checkout/service';
import { recordRedemption, takeCouponUse } from '../../coupons/queries';
import type { QueuedEmail } from '../../mail/outbox';
import { grantDownloads, insertOrder, insertOrderLines, takeStock } from '../queries/place';

/** Everything the server decided about an order before writing it. */
export type OrderPlan = CheckoutPlan & {
  shopId: string;
  /** The signed-in customer the order belongs to; null links it by email instead. */
  customerId: string | null;
  contact: {
    email: string;
    name: string;
    phone: string;
    town: string;
    city: string;
    apartment: string;
    room: string;
    note: string;
  };
  idempotencyKey: string | null;
  requestHash: string | null;
  paymentProvider: string | null;
};

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

/**
 * Writes the whole order in one transaction: number, customer link, order and lines,
 * stock, coupon usage and redemption, download grants, sign-in link and the confirmation
 * email in the outbox. Any failure leaves nothing behind; an Idempotency-Key another
 * request already used raises IdempotentReplay.
 */
export async function writeOrder(
  database: Database,
  plan: OrderPlan,
  confirmation: (order: { id: string; orderNumber: string; linkId: string }) => QueuedEmail,
): Promise<{ id: string; orderNumber: string; emailId: string }> {
  const id = crypto.randomUUID();
  const link = await newAccessLink({ shopId: plan.shopId, orderId: id, email: plan.contact.email });
  const digital = [...new Set(plan.lines.filter((l) => l.isDigital).map((l) => l.productId))];
  return withTransaction(database, async (tx) => {
    const orderNumber = await insertOrder(tx, plan, id);
    if (orderNumber === null) throw new IdempotentReplay();
    await insertOrderLines(tx, plan.shopId, id, plan.lines);
    await takeOrderStock(tx, plan);
    await redeemCoupon(tx, plan, id);
    if (digital.length > 0) await grantDownloads(tx, plan.shopId, id, digital);
    await tx.insert(accessLinks).values(link.row);
    const [email] = await tx
      .insert(emailOutbox)
      .values(confirmation({ id, orderNumber, linkId: link.linkId }))
      .returning({ id: emailOutbox.id });
    if (!email) throw new Error('the confirmation email was not queued');
    return { id, orderNumber, emailId: email.id };
  });
}
