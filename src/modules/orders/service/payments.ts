import { shopChanged } from '../../../adapters/generations';
import type { CheckoutSession, PaymentEvent } from '../../../adapters/payments';
import type { Services } from '../../../app-env';
import { uuidOrNull } from '../../../lib/uuid';
import { deliverWebhooksAfterResponse } from '../../webhooks/delivery';
import { recordPaymentOutcome, saveCheckoutSession } from '../queries/payments';

/**
 * What a verified provider event does to the shop's orders: recorded once (replays are
 * no-ops); a paid checkout marks its order fully paid when the amount covers the total, an
 * expired one releases its order. The order is taken from the session only when the session
 * was opened by this shop. The payments module's webhook route calls it (as `SettlePayment`).
 */
export async function settlePaymentEvent(
  services: Services,
  shopId: string,
  provider: string,
  event: PaymentEvent,
) {
  const ref = event.paidCheckout ?? event.expiredCheckout;
  const orderId = ref && ref.shopId === shopId ? uuidOrNull(ref.orderId) : null;
  const db = services.database.db;
  const deliveries = await recordPaymentOutcome(db, shopId, provider, event, orderId);
  deliverWebhooksAfterResponse(services, deliveries);
  // A paid or released order changes stock the catalogue shows.
  if (orderId) await shopChanged(services, shopId);
}

/** Keeps the checkout session the provider opened for an order (the first one wins). */
export const rememberCheckout =
  (services: Services, shopId: string, orderId: string, provider: string) =>
  (session: CheckoutSession) =>
    saveCheckoutSession(services.database.db, shopId, orderId, provider, session);
