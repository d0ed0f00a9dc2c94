import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { textConstant } from '../../db/json';
import type { MerchantScope } from '../../identity/merchant-scopes';

/** The events a shop can subscribe an endpoint to. */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.status_changed',
  'order.refunded',
  'order.cancelled',
  'review.created',
  'customer.created',
  'newsletter.subscribed',
  'product.updated',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * The scope whose data each event carries: an endpoint may be subscribed to an event (or
 * changed while subscribed to it) only by a key that could read that data itself, as
 * Shopify requires an app's read scope for a webhook topic.
 */
export const EVENT_READ_SCOPE: Record<WebhookEventType, MerchantScope> = {
  'order.created': 'orders:read',
  'order.paid': 'orders:read',
  'order.status_changed': 'orders:read',
  'order.refunded': 'orders:read',
  'order.cancelled': 'orders:read',
  'review.created': 'reviews:read',
  'customer.created': 'customers:read',
  'newsletter.subscribed': 'marketing:read',
  'product.updated': 'catalogue:read',
};

const ident = (name: string, part: string) => sql.raw(`"${name}_${part}"`);

/**
 * The WITH entries that record event `type` for a storefront write that is a single
 * statement: splice them into its WITH list. `data` is a SELECT yielding a jsonb column
 * `data`, one row per event (none when the write did nothing). The event and one delivery
 * per enabled endpoint subscribed to `type` are inserted by the same statement as the change;
 * with no such endpoint nothing is written. `deliveryIdsSql(name)` reads the deliveries back.
 */
export function eventCtes(
  name: string,
  shopId: string | SQL,
  type: WebhookEventType,
  data: SQL,
): SQL {
  const targets = ident(name, 'targets');
  const events = ident(name, 'events');
  const kind = textConstant(type);
  return sql`
    ${targets} as (
      select e.id from webhook_endpoints e
      where e.shop_id = ${shopId}::uuid and e.enabled and ${kind} = any(e.events)
    ),
    ${events} as (
      insert into webhook_events (shop_id, type, data)
      select ${shopId}::uuid, ${kind}, d.data from (${data}) d
      where exists (select 1 from ${targets})
      returning id
    ),
    ${ident(name, 'deliveries')} as (
      insert into webhook_deliveries (shop_id, event_id, endpoint_id)
      select ${shopId}::uuid, ev.id, t.id from ${events} ev cross join ${targets} t
      returning id
    )`;
}

/** A json array of the delivery ids the entries of `eventCtes(name, …)` created. */
export const deliveryIdsSql = (name: string) =>
  sql`(select coalesce(json_agg(id), '[]'::json) from ${ident(name, 'deliveries')})`;

const emitStatement = (shopId: string, type: WebhookEventType, data: object) => sql`
  with ${eventCtes('emit', shopId, type, sql`select ${JSON.stringify(data)}::jsonb as data`)}
  select ${deliveryIdsSql('emit')} as ids`;

type IdsRow = { ids: string[] | null };

/** The delivery ids of an emit statement's result (neon-http and WebSocket results alike). */
export const deliveryIdsOf = (result: { rows: unknown[] }): string[] =>
  (result.rows[0] as IdsRow | undefined)?.ids ?? [];

/**
 * Records event `type` with `data` inside the transaction `tx` of the change that causes it
 * (one statement), so the event exists exactly when the change commits. Returns the delivery
 * ids to hand to `deliverWebhooksAfterResponse` once the transaction has committed.
 */
export async function emitEvent(
  tx: Tx,
  shopId: string,
  type: WebhookEventType,
  data: object,
): Promise<string[]> {
  return deliveryIdsOf(await tx.execute(emitStatement(shopId, type, data)));
}

/** The same statement, unexecuted, for the `db.batch([...])` of a storefront write. */
export const emitEventQuery = (db: Db, shopId: string, type: WebhookEventType, data: object) =>
  db.execute(emitStatement(shopId, type, data));
