import type { Db } from '../../../db/client';
import type { StorefrontHostRow } from '../../../identity/storefront-origin';
import { type ProviderRow, shopPaymentProviderSql } from '../../payments/queries';
import { type CheckoutPickup, checkoutPickupSql } from '../../pickup-locations/queries';
import { type CheckoutRate, checkoutRateSql } from '../../shipping-rates/queries';
import { selectOrderContext } from '../queries/place';

export type OrderContextRow = {
  document: unknown;
  provider: ProviderRow | null;
  host: StorefrontHostRow | null;
  rate: CheckoutRate | null;
  pickup: CheckoutPickup | null;
  /** The order an earlier request with the same Idempotency-Key created. */
  replay: { id: string; requestHash: string | null } | null;
};

/**
 * The context of an order in one statement (selectOrderContext), with the parts other
 * modules own given by them: the payment provider checkout may use (payments), the chosen
 * rate (shipping rates) and pickup point (pickup locations).
 */
export const orderContext = (
  db: Db,
  shopId: string,
  input: {
    shippingId?: string | null | undefined;
    pickupLocationId?: string | null | undefined;
    idempotencyKey: string | null;
  },
) =>
  selectOrderContext<OrderContextRow>(db, shopId, input.idempotencyKey, {
    provider: shopPaymentProviderSql(shopId, { activeOnly: true }),
    rate: checkoutRateSql(shopId, input.shippingId),
    pickup: checkoutPickupSql(shopId, input.pickupLocationId),
  });
