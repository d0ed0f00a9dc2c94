import { and, eq, sql } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import { versionedRows } from '../../admin-kit/rows';
import type { Db, Tx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { isUuid } from '../../lib/uuid';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** Read one, read a page, lock, insert, update, delete: each filtered by shop. */
export const endpoints = versionedRows(webhookEndpoints);

const deliveryColumns = {
  delivery: webhookDeliveries,
  eventType: webhookEvents.type,
  eventAt: webhookEvents.createdAt,
};

export type DeliveryRow = {
  delivery: typeof webhookDeliveries.$inferSelect;
  eventType: string;
  eventAt: Date;
};

/** A page of an endpoint's deliveries with their events' type and time, in one statement. */
export function deliveryPage(
  db: Db,
  keyset: Keyset,
  endpointId: string,
  status: DeliveryRow['delivery']['status'] | undefined,
): Promise<DeliveryRow[]> {
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        keyset.where,
        eq(webhookDeliveries.endpointId, endpointId),
        status ? eq(webhookDeliveries.status, status) : undefined,
      ),
    )
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);
}

/**
 * How many endpoints the shop has, counted under a lock per shop held to the end of the
 * transaction, so two registrations at once cannot both pass the cap.
 */
export async function countEndpointsLocked(tx: Tx, shopId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints:' || ${shopId}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.shopId, shopId));
  return row?.n ?? 0;
}

/** Whether the shop has this endpoint (a list of a missing endpoint is its 404). */
export async function endpointExists(db: Db, shopId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.shopId, shopId), eq(webhookEndpoints.id, id)));
  return row !== undefined;
}

/** One delivery of one endpoint of the shop. */
export async function oneDelivery(
  tx: Tx,
  shopId: string,
  endpointId: string,
  id: string,
): Promise<DeliveryRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.shopId, shopId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row ?? null;
}

/** A new pending delivery of the same event to the same endpoint, due now. */
export async function insertReplay(tx: Tx, of: DeliveryRow['delivery']) {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values({
      shopId: of.shopId,
      eventId: of.eventId,
      endpointId: of.endpointId,
      replayOf: of.id,
      nextAttemptAt: sql`now()`,
    })
    .returning();
  if (!row) throw new Error('the replay was not inserted');
  return row;
}
