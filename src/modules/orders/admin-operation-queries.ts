import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  orderFulfillmentLines,
  orderFulfillments,
  orderNotes,
  orderRefunds,
  type RefundRestock,
} from '../../db/schema/index';
import { stockBackCtes } from './queries/release';

/** Records a fulfilment and its lines; returns its id. */
export async function insertFulfillment(
  tx: Tx,
  shopId: string,
  orderId: string,
  values: { carrier: string; trackingNumber: string; trackingUrl: string | null },
  lines: Array<{ lineId: string; quantity: number }>,
) {
  const [row] = await tx
    .insert(orderFulfillments)
    .values({ shopId, orderId, ...values })
    .returning({ id: orderFulfillments.id });
  if (!row) throw new Error('insert returned no row');
  await tx.insert(orderFulfillmentLines).values(
    lines.map((l) => ({
      shopId,
      fulfillmentId: row.id,
      orderLineId: l.lineId,
      quantity: l.quantity,
    })),
  );
  return row.id;
}

/** Records a refund. */
export async function insertRefund(
  tx: Tx,
  shopId: string,
  orderId: string,
  values: {
    amountMinor: number;
    reason: string;
    restock: RefundRestock[];
    providerRefundId: string | null;
  },
) {
  await tx.insert(orderRefunds).values({ shopId, orderId, ...values });
}

/**
 * Gives back to stock the asked quantities of the order's lines, in one statement: each
 * line must still hold stock and hold at least what is asked (what earlier refunds gave
 * back is counted); a line that gives back all it took stops holding stock. Returns the ids
 * of the lines that gave stock back: fewer than asked means nothing may be kept.
 */
export async function restockLines(
  tx: Tx,
  shopId: string,
  orderId: string,
  asked: RefundRestock[],
) {
  const result = await tx.execute<{ id: string }>(sql`
    with asked as (
      select * from jsonb_to_recordset(${JSON.stringify(asked)}::jsonb)
        as a("lineId" uuid, quantity int)
    ), given_back as (
      update order_lines l set restocked_quantity = l.restocked_quantity + a.quantity,
        stock_taken = l.restocked_quantity + a.quantity < l.quantity
      from asked a
      where l.shop_id = ${shopId} and l.order_id = ${orderId} and l.id = a."lineId"
        and l.stock_taken and a.quantity > 0 and l.restocked_quantity + a.quantity <= l.quantity
      returning l.id, l.product_id, l.variant_id, a.quantity
    ), ${stockBackCtes(shopId, 'given_back')}
    select id from given_back`);
  return result.rows.map((r) => r.id);
}

/** Records an internal note. */
export async function insertNote(
  tx: Tx,
  shopId: string,
  orderId: string,
  values: { author: string; body: string },
) {
  await tx.insert(orderNotes).values({ shopId, orderId, ...values });
}
