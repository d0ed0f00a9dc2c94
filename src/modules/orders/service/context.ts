import type { Db } from '../../../db/client';
import type { StorefrontHostRow } from '../../../identity/storefront-origin';
import {
  type PickupRow,
  pickupLocationSql,
  type RateRow,
  shippingRateSql,
} from '../../checkout/queries';
import { type ProviderRow, shopPaymentProviderSql } from '../../payments/queries';
import { selectOrderContext } from '../queries/place';

export type OrderContextRow = {
  document: unknown;
  provider: ProviderRow | null;
  host: StorefrontHostRow | null;
  rate: RateRow | null;
  pickup: PickupRow | null;
  /** The order an earlier request with the same Idempotency-Key created. */
  replay: { id: string; requestHash: string | null } | null;
};

/**
 * The context of an order in one statement (selectOrderContext), with the parts other
 * modules own given by them: the payment provider checkout may use (payments), the chosen
 * rate and pickup point (checkout).
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
    rate: shippingRateSql(shopId, input.shippingId),
    pickup: pickupLocationSql(shopId, input.pickupLocationId),
  });
