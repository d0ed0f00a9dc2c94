import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { StorefrontHostRow } from '../../../identity/storefront-origin';
import { uuidOrNull } from '../../../lib/uuid';
import type { PricingRow } from '../../checkout/service';
import { type ProviderRow, shopPaymentProviderSql } from '../../payments/queries';
import { type CheckoutPickup, checkoutPickupSql } from '../../pickup-locations/queries';
import { type CheckoutRate, checkoutRateSql } from '../../shipping-rates/queries';
import { orderContextQuery } from '../queries/place';

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
 * SQL: the context of an order in one statement (orderContextQuery), with the parts other
 * modules own given by them: the payment provider checkout may use (payments), the chosen
 * rate (shipping rates) and pickup point (pickup locations). The database runs it as
 * `public.order_context(shop, rate, pickup, idempotency_key)`, rendered from here
 * (scripts/db/rendered-sql.ts), so each connection plans it once.
 */
export const orderContextSql = (shop: SQL, rate: SQL, pickup: SQL, idempotencyKey: SQL): SQL =>
  orderContextQuery(shop, idempotencyKey, {
    provider: shopPaymentProviderSql(shop, { activeOnly: true }),
    rate: checkoutRateSql(shop, rate),
    pickup: checkoutPickupSql(shop, pickup),
  });

type OrderContextInput = {
  shippingId?: string | null | undefined;
  pickupLocationId?: string | null | undefined;
  idempotencyKey: string | null;
};

/** SQL: the call of public.order_context, a row source of one row (`OrderContextRow`). */
export const orderContextCall = (shopId: string, input: OrderContextInput): SQL =>
  sql`public.order_context(${shopId}::uuid, ${uuidOrNull(input.shippingId)}::uuid,
    ${uuidOrNull(input.pickupLocationId)}::uuid, ${input.idempotencyKey}::text)`;

/** The context of an order (public.order_context), unexecuted so it can join a batch. */
export const orderContext = (db: Db, shopId: string, input: OrderContextInput) =>
  db.execute<OrderContextRow>(sql`select * from ${orderContextCall(shopId, input)}`);

/**
 * What placing an order reads, in one statement: its context (as JSON, `context`) and
 * checkout's `pricing` of its cart (`pricingJson`'s columns).
 */
export const selectOrderRead = (db: Db, shopId: string, input: OrderContextInput, pricing: SQL) =>
  db.execute<PricingRow & { context: OrderContextRow | null }>(sql`
    select (select row_to_json(c) from ${orderContextCall(shopId, input)} c) as context, ${pricing}`);
