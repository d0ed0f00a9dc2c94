import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { paymentProviderKind } from '../../../db/schema';
import { isUuid } from '../../../lib/uuid';
import type { PickupRow, RateRow } from '../../checkout/shipping';
import { type StorefrontHostRow, storefrontHostJson } from '../../seo/storefront-origin';

/** The shop's active payment provider and its credentials. */
export type ProviderRow = {
  id: string;
  provider: (typeof paymentProviderKind.enumValues)[number];
  secretKey: string;
  webhookSecret: string;
};

export type CheckoutContextRow = {
  document: unknown;
  provider: ProviderRow | null;
  host: StorefrontHostRow | null;
  rate: RateRow | null;
  pickup: PickupRow | null;
  /** The order an earlier request with the same Idempotency-Key created. */
  replay: { id: string; requestHash: string | null } | null;
};

const uuidOrNull = (value: string | null | undefined) => (value && isUuid(value) ? value : null);

/**
 * Everything checkout needs besides the catalogue, in one statement: settings, the active
 * payment provider, the storefront host, the chosen rate / pickup point (active only) and
 * the order an Idempotency-Key already produced. Unexecuted, so it can join a batch.
 */
export function selectCheckoutContext(
  db: Db,
  shopId: string,
  input: {
    shippingId?: string | null;
    pickupLocationId?: string | null;
    idempotencyKey: string | null;
  },
) {
  return db.execute<CheckoutContextRow>(sql`
    select
      (select s.document from shop_settings s where s.shop_id = k.id) as document,
      (select json_build_object('id', pp.id, 'provider', pp.provider, 'secretKey', pp.secret_key,
          'webhookSecret', pp.webhook_secret)
        from payment_providers pp where pp.shop_id = k.id and pp.active
        order by pp.created_at limit 1) as provider,
      ${storefrontHostJson(shopId)} as host,
      (select json_build_object('id', r.id, 'title', r.title, 'priceMinor', r.price_minor,
          'minOrderMinor', r.min_order_minor)
        from shipping_rates r
        where r.shop_id = k.id and r.id = ${uuidOrNull(input.shippingId)}::uuid and r.active) as rate,
      (select json_build_object('id', p.id, 'name', p.name, 'feeMinor', p.fee_minor)
        from pickup_locations p
        where p.shop_id = k.id and p.id = ${uuidOrNull(input.pickupLocationId)}::uuid and p.active)
        as pickup,
      (select json_build_object('id', o.id, 'requestHash', o.request_hash)
        from orders o where o.shop_id = k.id and o.idempotency_key = ${input.idempotencyKey})
        as replay
    from (select ${shopId}::uuid as id) k
  `);
}

/** What a placed order answers with: its confirmation, or the payment it waits for. */
export type OrderOutcome = {
  id: string;
  orderNumber: string;
  email: string;
  paymentStatus: 'unpaid' | 'fully-paid';
  paymentProvider: string | null;
  paymentUrl: string | null;
  productsTotalMinor: number;
  couponTotalMinor: number;
  shippingTotalMinor: number;
  taxTotalMinor: number;
  cartTotalMinor: number;
  shippingName: string | null;
  lines: Array<{
    productId: string | null;
    title: string;
    quantity: number;
    unitPriceMinor: number;
  }>;
};

/** A placed order as its first answer showed it (for Idempotency-Key replays), in one statement. */
export async function selectOrderOutcome(db: Db, shopId: string, orderId: string) {
  const result = await db.execute<OrderOutcome>(sql`
    select o.id, o.order_number as "orderNumber", o.email, o.payment_status as "paymentStatus",
      o.payment_provider as "paymentProvider", o.payment_url as "paymentUrl",
      o.products_total_minor as "productsTotalMinor", o.coupon_total_minor as "couponTotalMinor",
      o.shipping_total_minor as "shippingTotalMinor", o.tax_total_minor as "taxTotalMinor",
      o.cart_total_minor as "cartTotalMinor", o.shipping->>'name' as "shippingName",
      (select coalesce(json_agg(json_build_object('productId', l.product_id, 'title', l.title,
          'quantity', l.quantity, 'unitPriceMinor', l.unit_price_minor)
          order by l.position, l.id), '[]'::json)
        from order_lines l where l.shop_id = o.shop_id and l.order_id = o.id) as lines
    from orders o where o.shop_id = ${shopId} and o.id = ${orderId}
  `);
  return result.rows[0] ?? null;
}
