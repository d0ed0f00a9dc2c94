import { type Database, DB_STATEMENT_TIMEOUT_MS } from '../../../db/client';
import { refusalOf } from '../../../db/refusal';
import { ApiError, type ErrorDetail } from '../../../errors';
import { DependencyUnavailableError, errorChain } from '../../../lib/dependency';
import { accessLinkCte, newAccessLink } from '../../auth/access-links';
import { shortageDetails, stockKeyOf, stockNeeds } from '../../checkout/plan';
import { COUPON_REFUSALS, recordRedemptionQuery, takeCouponUseQuery } from '../../coupons/queries';
import type { PendingEmail, QueuedEmail } from '../../mail/outbox';
import type { OrderPlan } from '../queries/place';
import { type SettledOrder, settleOrderQuery, soldOutRefusal } from '../queries/stock';
import {
  boundStatementsQuery,
  committedOrderQueries,
  grantDownloadsQuery,
  insertOrderQuery,
  ORDER_REFUSALS,
  openOrderWriteQuery,
} from '../queries/write';

/** Another request with the same Idempotency-Key created the order first. */
export class IdempotentReplay extends Error {
  constructor() {
    super('order already created for this Idempotency-Key');
    this.name = 'IdempotentReplay';
  }
}

/** Time kept back from a batch's statements for the answer to reach the worker. */
const STATEMENT_MARGIN_MS = 500;

/**
 * The order's number when its batch committed after this request stopped waiting for the
 * answer, else null. Asked once, with a wait of its own (the request's budget is spent).
 */
async function committedLate(database: Database, shopId: string, id: string) {
  const { db } = database.withBudget(DB_STATEMENT_TIMEOUT_MS);
  try {
    const [, , found] = await db.batch([
      boundStatementsQuery(db, DB_STATEMENT_TIMEOUT_MS - STATEMENT_MARGIN_MS),
      ...committedOrderQueries(db, shopId, id),
    ]);
    return (found.rows[0] as { orderNumber: string } | undefined)?.orderNumber ?? null;
  } catch {
    return null;
  }
}

const orderInvalid = (details: ErrorDetail[]) =>
  new ApiError('ORDER_VALIDATION_FAILED', { details });

/** The answer to a batch its own statements refused, or null when it failed otherwise. */
function refusalError(plan: OrderPlan, error: unknown): Error | null {
  const refusal = refusalOf(error);
  if (!refusal) return null;
  const coupon = (message: string) => orderInvalid([{ field: 'coupons.0', message }]);
  switch (refusal.reason) {
    case ORDER_REFUSALS.replay:
      return new IdempotentReplay();
    case ORDER_REFUSALS.stock: {
      const short = new Set(refusal.detail.split(','));
      return orderInvalid(shortageDetails(plan.lines, (line) => short.has(stockKeyOf(line))));
    }
    case COUPON_REFUSALS.usedUp:
      return coupon('The coupon has been used up.');
    case COUPON_REFUSALS.alreadyUsed:
      return coupon('You have already used this coupon.');
    default:
      return null;
  }
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
 * Writes the whole order as one batch: one transaction in one round trip, in this order: its
 * statements' bound, the mark of its write in flight (committedLate waits on it) and a
 * lock-free read that refuses the order when its stock is already sold out, one statement;
 * the order with its customer and its sign-in link, one statement, and download grants,
 * which lock nothing another order waits for; then the contended rows, always in the same
 * order: the coupon's uses and redemption, then one statement that takes the stock of its
 * products and variants and, only when nothing is short, the shop's next order number,
 * inserts the order's lines (whose triggers update the products' sales counts), and queues
 * the confirmation email and the merchant's new-order notice (when the shop has a contact
 * address) in the outbox and the `order.created` webhook event with that number. The product
 * rows, their sales rows and the shop's counter are locked for that last statement and the
 * COMMIT only, so the buyers of one product queue for one statement each, and the buyers of
 * different products share only the counter, for less. A statement that finds the order must
 * not be written (stock short, coupon spent, Idempotency-Key used) refuses the whole batch,
 * so nothing is left behind; a used Idempotency-Key raises IdempotentReplay.
 */
export async function writeOrder(
  database: Database,
  plan: OrderPlan,
  confirmation: (order: { id: string; orderNumber: string; linkId: string }) => QueuedEmail,
  notice: ((order: { id: string; orderNumber: string }) => QueuedEmail) | null = null,
): Promise<{
  id: string;
  orderNumber: string;
  emails: PendingEmail[];
  webhookDeliveries: string[];
}> {
  const db = database.writeBatch;
  const { shopId, coupon } = plan;
  const id = crypto.randomUUID();
  const link = await newAccessLink({ shopId, orderId: id, email: plan.contact.email });
  const digital = [...new Set(plan.lines.filter((l) => l.isDigital).map((l) => l.productId))];
  const needs = [...stockNeeds(plan.lines).values()];
  // The emails are written before the number is known to this code: the batch puts it in.
  const placeholder = `ordernumber${crypto.randomUUID().replaceAll('-', '')}`;
  const emails = [confirmation({ id, orderNumber: placeholder, linkId: link.linkId })];
  if (notice) emails.push(notice({ id, orderNumber: placeholder }));
  const event = orderCreatedData(plan, id, '');
  let results: Awaited<ReturnType<typeof db.batch>>;
  try {
    results = await db.batch([
      // What the request may still wait, less a margin for the answer's way back.
      openOrderWriteQuery(
        db,
        id,
        database.budget.remainingMs - STATEMENT_MARGIN_MS,
        needs.length > 0 ? soldOutRefusal(shopId, needs) : null,
      ),
      insertOrderQuery(db, plan, id, accessLinkCte(link)),
      ...(digital.length > 0 ? [grantDownloadsQuery(db, shopId, id, digital)] : []),
      ...(coupon
        ? [
            takeCouponUseQuery(db, shopId, coupon.id),
            recordRedemptionQuery(db, {
              shopId,
              couponId: coupon.id,
              orderId: id,
              amountMinor: coupon.amountMinor,
            }),
          ]
        : []),
      settleOrderQuery(db, { shopId, orderId: id, lines: plan.lines }, needs, {
        emails,
        placeholder,
        event,
      }),
    ]);
  } catch (error) {
    const refused = refusalError(plan, error);
    if (refused) throw refused;
    const unanswered = [...errorChain(error)].some((e) => e instanceof DependencyUnavailableError);
    const orderNumber = unanswered ? await committedLate(database, shopId, id) : null;
    // Committed after all: the buyer is told so. Its emails and webhook deliveries wait in the
    // outbox as pending rows due now (next_attempt_at defaults to now()), which the cron's
    // deliverDueEmails and deliverDueWebhooks send; none is sent after this response.
    if (orderNumber) return { id, orderNumber, emails: [], webhookDeliveries: [] };
    throw error;
  }
  const settled = (results.at(-1) as { rows: SettledOrder[] }).rows[0];
  const orderNumber = settled?.orderNumber;
  if (!orderNumber) throw new Error('the order to number was not found');
  const queued = settled.emails ?? [];
  if (queued.length !== emails.length) throw new Error('the emails were not queued');
  return { id, orderNumber, emails: queued, webhookDeliveries: settled.ids ?? [] };
}
