import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Keyset } from '../../admin-kit/list';
import type { Db, Tx } from '../../db/client';
import { shops, newsletterSubscriptions as subs } from '../../db/schema';
import { isUuid } from '../../lib/uuid';
import type { SubscriptionStatus } from './queries';

export type SubscriberRow = typeof subs.$inferSelect;

/** A page of the shop's subscribers, optionally in one state. */
export const subscriberPage = (db: Db, keyset: Keyset, status?: SubscriptionStatus) =>
  db
    .select()
    .from(subs)
    .where(and(keyset.where, status ? eq(subs.status, status) : undefined))
    .orderBy(...keyset.orderBy)
    .limit(keyset.limit);

/** The export's next chunk: oldest first, after (created_at, id) of the last row sent. */
export function subscriberChunk(
  db: Db,
  shopId: string,
  after: { createdAt: Date; id: string } | null,
  status: SubscriptionStatus | undefined,
  size: number,
) {
  return db
    .select()
    .from(subs)
    .where(
      and(
        eq(subs.shopId, shopId),
        status ? eq(subs.status, status) : undefined,
        after
          ? or(
              gt(subs.createdAt, after.createdAt),
              and(eq(subs.createdAt, after.createdAt), gt(subs.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(subs.createdAt), asc(subs.id))
    .limit(size);
}

/** Deletes one subscriber of the shop; returns the row as it was, or null. */
export async function deleteSubscriber(tx: Tx, shopId: string, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .delete(subs)
    .where(and(eq(subs.shopId, shopId), eq(subs.id, id)))
    .returning();
  return row ?? null;
}

export type NewsletterStateRow = {
  cap: number | null;
  pending: number;
  verified: number;
  unsubscribed: number;
};

const countsSql = (shopId: string) => sql`
  (select count(*) filter (where n.status = 'pending')::int as pending,
    count(*) filter (where n.status = 'verified')::int as verified,
    count(*) filter (where n.status = 'unsubscribed')::int as unsubscribed
   from newsletter_subscriptions n where n.shop_id = ${shopId}::uuid) c`;

/** The shop's cap and its subscribers counted by state, in one statement. */
export async function selectNewsletterState(db: Db | Tx, shopId: string) {
  const result = await db.execute(sql`
    select s.newsletter_cap as cap, c.* from shops s cross join ${countsSql(shopId)}
    where s.id = ${shopId}::uuid`);
  return result.rows[0] as NewsletterStateRow;
}

/** Sets the shop's cap; returns the previous cap (the shop row is locked by the update). */
export async function updateNewsletterCap(tx: Tx, shopId: string, cap: number | null) {
  const before = await tx
    .select({ cap: shops.newsletterCap })
    .from(shops)
    .where(eq(shops.id, shopId))
    .for('update');
  await tx.update(shops).set({ newsletterCap: cap }).where(eq(shops.id, shopId));
  return before[0]?.cap ?? null;
}
