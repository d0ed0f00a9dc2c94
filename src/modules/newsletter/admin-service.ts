import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { Db } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema/index';
import { ApiError, type ErrorCode } from '../../errors/index';
import {
  deleteSubscriber,
  type NewsletterStateRow,
  type SubscriberRow,
  selectNewsletterState,
  subscriberChunk,
  subscriberPage,
  updateNewsletterCap,
} from './admin-queries';
import type { NewsletterSettings, Subscriber } from './admin-schemas';
import { csvLine } from './csv';
import type { SubscriptionStatus } from './queries';

/** The codes each merchant verb can raise; routes document them from here. */
export const ADMIN_RAISES = {
  deleteSubscriber: ['SUBSCRIPTION_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

const TYPE = 'newsletter_subscriber';
const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    object: TYPE,
    email: row.email,
    status: row.status,
    verified_at: iso(row.verifiedAt),
    unsubscribed_at: iso(row.unsubscribedAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listSubscribers(
  db: Db,
  shopId: string,
  params: ListParams & { status?: SubscriptionStatus | undefined },
) {
  const page = await listPage(db, newsletterSubscriptions, shopId, params, (keyset) =>
    subscriberPage(db, keyset, params.status),
  );
  return { data: page.rows.map(toSubscriber), hasMore: page.hasMore };
}

const EXPORT_CHUNK = 1_000;
const EXPORT_HEADER = ['id', 'email', 'status', 'created_at', 'verified_at', 'unsubscribed_at'];

/**
 * The shop's subscribers as CSV, oldest first, read in chunks of 1,000 while the client
 * reads (one statement per chunk), so memory stays flat however large the list.
 */
export function exportSubscribers(
  db: Db,
  shopId: string,
  status: SubscriptionStatus | undefined,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after: { createdAt: Date; id: string } | null = null;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(EXPORT_HEADER)));
    },
    async pull(controller) {
      if (done) return controller.close();
      const rows = await subscriberChunk(db, shopId, after, status, EXPORT_CHUNK);
      const last = rows.at(-1);
      if (last) after = { createdAt: last.createdAt, id: last.id };
      done = rows.length < EXPORT_CHUNK;
      const text = rows
        .map((r) =>
          csvLine([
            r.id,
            r.email,
            r.status,
            r.createdAt.toISOString(),
            iso(r.verifiedAt),
            iso(r.unsubscribedAt),
          ]),
        )
        .join('');
      if (text) controller.enqueue(encoder.encode(text));
      if (done) controller.close();
    },
  });
}

/** Removes a subscriber for good (erasure); its place under the cap frees up. */
export async function removeSubscriber(w: WriteScope, id: string) {
  const row = await deleteSubscriber(w.tx, w.shop.id, id);
  if (!row) throw new ApiError('SUBSCRIPTION_NOT_FOUND');
  await w.audit({
    action: 'delete',
    resourceType: TYPE,
    resourceId: id,
    before: toSubscriber(row),
    after: null,
  });
  return { id, object: TYPE, deleted: true as const };
}

const toSettings = (state: NewsletterStateRow): NewsletterSettings => ({
  object: 'newsletter_settings',
  subscriber_cap: state.cap,
  counts: { pending: state.pending, verified: state.verified, unsubscribed: state.unsubscribed },
});

export async function getNewsletterSettings(db: Db, shopId: string) {
  return toSettings(await selectNewsletterState(db, shopId));
}

/**
 * Sets the subscriber cap. Nobody is removed when it drops below the current count: new
 * subscriptions are refused until enough places free up. `afterCommit` forgets the cached
 * shop in this isolate; other isolates see the new cap within a minute (SHOP_CACHE_TTL_MS).
 */
export async function setSubscriberCap(
  w: WriteScope,
  cap: number | null,
  forgetCachedShop: () => Promise<void>,
) {
  const before = await updateNewsletterCap(w.tx, w.shop.id, cap);
  const state = await selectNewsletterState(w.tx, w.shop.id);
  const after = toSettings(state);
  if (before !== cap) {
    await w.audit({
      action: 'update',
      resourceType: 'newsletter_settings',
      resourceId: w.shop.id,
      before: { subscriber_cap: before },
      after: { subscriber_cap: cap },
    });
    w.afterCommit(forgetCachedShop);
  }
  return after;
}
