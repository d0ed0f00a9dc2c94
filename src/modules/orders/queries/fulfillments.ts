import { type SQL, sql } from 'drizzle-orm';

/** A fulfilment as both APIs read it: what it ships and how to follow it. */
export type FulfillmentRow = {
  id: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  createdAt: string;
  lines: Array<{ lineId: string; quantity: number }>;
};

/**
 * The fulfilments of the order `ref` names (an alias such as `o`, or `"orders"`), oldest
 * first, as JSON: a correlated subquery, so a read stays one statement.
 */
export const fulfillmentsJson = (ref: string): SQL => {
  const o = sql.raw(ref);
  return sql`(select coalesce(json_agg(json_build_object('id', f.id, 'carrier', f.carrier,
      'trackingNumber', f.tracking_number, 'trackingUrl', f.tracking_url, 'createdAt', f.created_at,
      'lines', (select coalesce(json_agg(json_build_object('lineId', fl.order_line_id,
          'quantity', fl.quantity) order by fl.id), '[]'::json)
        from order_fulfillment_lines fl where fl.shop_id = f.shop_id and fl.fulfillment_id = f.id))
      order by f.created_at, f.id), '[]'::json)
    from order_fulfillments f where f.shop_id = ${o}.shop_id and f.order_id = ${o}.id)`;
};
