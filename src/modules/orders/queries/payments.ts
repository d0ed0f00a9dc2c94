import { and, eq, isNull, sql } from 'drizzle-orm';
import type { CheckoutSession, PaymentEvent } from '../../../adapters/payments';
import type { Db } from '../../../db/client';
import { orders } from '../../../db/schema';
import { deliveryIdsOf, deliveryIdsSql, eventCtes } from '../../webhooks/events';
import { releaseCtes } from './release';

/*
 * What the payment provider changes on an order: the checkout session it opened, and the
 * outcome its notifications report (paid, or expired unpaid). The provider's events are
 * recorded once in `payment_events`, in the statement that acts on them.
 */

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

/** Inserts the event once, as CTE `event`: a replayed event inserts nothing, so the rest is a no-op. */
const eventOnce = (shopId: string, provider: string, event: PaymentEvent) => sql`
  event as (
    insert into payment_events (shop_id, provider, event_id, type)
    values (${shopId}, ${provider}, ${event.id}, ${event.type})
    on conflict (shop_id, provider, event_id) do nothing
    returning id
  )`;

/**
 * Records a webhook event once and acts on it for `orderId`, in one statement: a paid
 * checkout marks the order paid (with the shop's `order.paid` webhook event), an expired one
 * releases it. Other events are only recorded. Returns the webhook deliveries it wrote.
 */
export async function recordPaymentOutcome(
  db: Db,
  shopId: string,
  provider: string,
  event: PaymentEvent,
  orderId: string | null,
) {
  const expired = event.expiredCheckout;
  const result = await db.execute(
    expired
      ? releaseExpiredOrder(shopId, provider, event, orderId, expired.sessionId)
      : markOrderPaid(shopId, provider, event, orderId),
  );
  return deliveryIdsOf(result);
}

/**
 * The order is `fully-paid` only when the amount covers its total; the amount is
 * recorded either way.
 */
function markOrderPaid(
  shopId: string,
  provider: string,
  event: PaymentEvent,
  orderId: string | null,
) {
  const paid = event.paidCheckout;
  return sql`
    with ${eventOnce(shopId, provider, event)},
    paid as (
      update orders o set
        payment_status = case when ${paid?.amountMinor ?? 0}::bigint >= o.cart_total_minor
          then 'fully-paid'::payment_status else o.payment_status end,
        paid_total_minor = ${paid?.amountMinor ?? 0}::bigint,
        paid_at = now(),
        payment_session_id = coalesce(o.payment_session_id, ${paid?.sessionId ?? null}),
        version = o.version + 1,
        updated_at = now()
      where o.shop_id = ${shopId} and o.id = ${orderId}::uuid and o.payment_status = 'unpaid'
        and exists (select 1 from event)
      returning o.id, o.order_number, o.payment_status, o.paid_total_minor, o.cart_total_minor
    ),
    ${eventCtes(
      'paid_hook',
      shopId,
      'order.paid',
      sql`select jsonb_build_object('id', p.id, 'order_number', p.order_number,
        'payment_status', p.payment_status, 'paid_total', p.paid_total_minor,
        'total', p.cart_total_minor, 'provider', ${provider}::text) as data
      from paid p where p.payment_status = 'fully-paid'`,
    )}
    select ${deliveryIdsSql('paid_hook')} as ids
  `;
}

/**
 * A checkout that closed unpaid cancels its order, when the order is still pending and
 * unpaid and the session is the one it opened, and gives back what the order held: the
 * stock its lines took and its coupon use (the redemption is removed, so the customer's
 * own limit is restored too).
 */
function releaseExpiredOrder(
  shopId: string,
  provider: string,
  event: PaymentEvent,
  orderId: string | null,
  sessionId: string,
) {
  return sql`
    with ${eventOnce(shopId, provider, event)},
    released as (
      update orders o set status = 'cancelled', cancelled_at = now(), version = o.version + 1,
        updated_at = now()
      where o.shop_id = ${shopId} and o.id = ${orderId}::uuid and o.status = 'pending'
        and o.payment_status = 'unpaid' and o.payment_session_id = ${sessionId}
        and exists (select 1 from event)
      returning o.id
    ), ${releaseCtes(shopId, { coupons: true })}
    select 1
  `;
}
