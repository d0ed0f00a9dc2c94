import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CheckoutSession, PaymentEvent } from '../../adapters/payments';
import type { Db } from '../../db/client';
import { orders, paymentProviders } from '../../db/schema';
import type { ProviderRow } from './checkout-queries';

/**
 * The provider whose secret signs the shop's webhooks: the active one, else the latest
 * (a session opened before the merchant switched payments off still reports its payment).
 */
export async function selectWebhookProvider(db: Db, shopId: string): Promise<ProviderRow | null> {
  const [row] = await db
    .select({
      id: paymentProviders.id,
      provider: paymentProviders.provider,
      secretKey: paymentProviders.secretKey,
      webhookSecret: paymentProviders.webhookSecret,
    })
    .from(paymentProviders)
    .where(eq(paymentProviders.shopId, shopId))
    .orderBy(desc(paymentProviders.active), desc(paymentProviders.createdAt))
    .limit(1);
  return row ?? null;
}

/** Remembers the checkout session of an order (the first one wins). */
export async function saveCheckoutSession(
  db: Db,
  shopId: string,
  orderId: string,
  provider: string,
  session: CheckoutSession,
) {
  await db
    .update(orders)
    .set({
      paymentProvider: provider,
      paymentSessionId: session.id,
      paymentUrl: session.url,
      updatedAt: new Date(),
    })
    .where(and(eq(orders.shopId, shopId), eq(orders.id, orderId), isNull(orders.paymentUrl)));
}

/**
 * Records a webhook event once and, for a paid checkout of `orderId`, marks the order paid,
 * in one statement: a replayed event inserts nothing and so changes nothing. The order is
 * `fully-paid` only when the amount covers its total; the amount is recorded either way.
 */
export async function recordPaymentEvent(
  db: Db,
  shopId: string,
  provider: string,
  event: PaymentEvent,
  orderId: string | null,
) {
  const paid = event.paidCheckout;
  await db.execute(sql`
    with event as (
      insert into payment_events (shop_id, provider, event_id, type)
      values (${shopId}, ${provider}, ${event.id}, ${event.type})
      on conflict (shop_id, provider, event_id) do nothing
      returning id
    )
    update orders o set
      payment_status = case when ${paid?.amountMinor ?? 0}::int >= o.cart_total_minor
        then 'fully-paid'::payment_status else o.payment_status end,
      paid_total_minor = ${paid?.amountMinor ?? 0}::int,
      paid_at = now(),
      payment_session_id = coalesce(o.payment_session_id, ${paid?.sessionId ?? null}),
      updated_at = now()
    where o.shop_id = ${shopId} and o.id = ${orderId}::uuid and o.payment_status = 'unpaid'
      and exists (select 1 from event)
  `);
}
