import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoTimestamp } from '../../db/json';
import { newsletterSubscriptions as subs } from '../../db/schema';
import { type StorefrontHostRow, storefrontHostJson } from '../../identity/storefront-origin';
import { deliveryIdsSql, eventCtes } from '../webhooks/events';

export type SubscriptionStatus = (typeof subs.$inferSelect)['status'];

export type SubscribeState = {
  existing: { id: string; status: SubscriptionStatus } | null;
  /** Pending and verified subscriptions, counted only up to the cap (null without a cap). */
  active: number | null;
  storefront: StorefrontHostRow | null;
};

/**
 * Everything a subscription request decides on, in one statement: the address's
 * subscription, how many count against the cap, and where the links point.
 */
export async function selectSubscribeState(
  db: Db,
  shopId: string,
  email: string,
  cap: number | null,
): Promise<SubscribeState> {
  const result = await db.execute(sql`
    select
      (select json_build_object('id', n.id, 'status', n.status) from newsletter_subscriptions n
        where n.shop_id = ${shopId}::uuid and n.email = ${email}) as existing,
      ${
        cap === null
          ? sql`null::int`
          : sql`(select count(*)::int from (select 1 from newsletter_subscriptions n
              where n.shop_id = ${shopId}::uuid and n.status in ('pending', 'verified')
              limit ${cap}) capped)`
      } as active,
      ${storefrontHostJson(shopId)} as storefront
  `);
  return result.rows[0] as SubscribeState;
}

/**
 * Takes a place under the shop's subscriber cap until the batch commits, failing the batch
 * (SQLSTATE SF001) when the cap is full; with `cap` null it does nothing. See drizzle/0007.
 */
export const claimNewsletterPlace = (db: Db, shopId: string, cap: number | null) =>
  db.execute(sql`select public.newsletter_claim_place(${shopId}::uuid, ${cap}::int)
    where ${cap}::int is not null`);

/** A new pending subscription; a concurrent insert of the same address fails the batch (unique index). */
export const insertSubscription = (db: Db, shopId: string, id: string, email: string) =>
  db.insert(subs).values({ id, shopId, email, status: 'pending', lastLinkSentAt: new Date() });

/**
 * Marks a fresh confirmation link as sent. From `unsubscribed` this renews the
 * subscription as pending: the address must confirm again before it is mailed.
 */
export const markLinkSent = (db: Db, shopId: string, id: string, from: SubscriptionStatus) =>
  db
    .update(subs)
    .set({
      status: 'pending',
      lastLinkSentAt: new Date(),
      updatedAt: new Date(),
      ...(from === 'unsubscribed' ? { unsubscribedAt: null } : {}),
    })
    .where(and(eq(subs.shopId, shopId), eq(subs.id, id), eq(subs.status, from)));

export type VerifyOutcome = {
  email: string;
  status: SubscriptionStatus;
  /** Deliveries of the `newsletter.subscribed` webhook event the confirmation recorded. */
  webhookDeliveries: string[];
};

/**
 * Verifies a pending subscription when `allowed` (the link checked out) and the
 * address matches, with its `newsletter.subscribed` webhook event, in one statement;
 * returns the row as it was, or null when unknown.
 */
export async function verifySubscription(
  db: Db,
  shopId: string,
  id: string,
  email: string,
  allowed: boolean,
): Promise<VerifyOutcome | null> {
  const result = await db.execute(sql`
    with target as (
      select n.id, n.email, n.status from newsletter_subscriptions n
      where n.shop_id = ${shopId}::uuid and n.id = ${id}::uuid
    ), verified as (
      update newsletter_subscriptions n
      set status = 'verified', verified_at = now(), updated_at = now()
      from target
      where n.id = target.id and target.status = 'pending' and target.email = ${email}
        and ${allowed}::boolean
      returning n.id, n.email, n.verified_at
    ),
    ${eventCtes(
      'subscribed_hook',
      shopId,
      'newsletter.subscribed',
      sql`select jsonb_build_object('id', v.id, 'email', v.email, 'status', 'verified',
        'verified_at', ${isoTimestamp(sql`v.verified_at`)}) as data from verified v`,
    )}
    select target.email, target.status,
      ${deliveryIdsSql('subscribed_hook')} as "webhookDeliveries"
    from target
  `);
  return (result.rows[0] as VerifyOutcome | undefined) ?? null;
}

/** Unsubscribes the subscription when the address matches; false when nothing matched. */
export async function unsubscribe(db: Db, shopId: string, id: string, email: string) {
  const rows = await db
    .update(subs)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: sql`coalesce(${subs.unsubscribedAt}, now())`,
      updatedAt: new Date(),
    })
    .where(and(eq(subs.shopId, shopId), eq(subs.id, id), eq(subs.email, email)))
    .returning({ id: subs.id });
  return rows.length > 0;
}
