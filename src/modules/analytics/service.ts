import type { DedupStore } from '../../adapters/kv';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import { sha256Hex } from '../../lib/crypto';
import type { Logger } from '../../lib/log';
import type { AnalyticsEvent } from './schemas';

/**
 * How long a deduplicated context is remembered: the contract's 30-minute session
 * inactivity timeout, renewed each time the context repeats. Keys are scoped by the
 * session id, so a new session never inherits them.
 */
export const DEDUP_TTL_SECONDS = 30 * 60;

/** The context a kind is counted once per session for (contract: Events), or null. */
function dedupContext(event: AnalyticsEvent): string | null {
  switch (event.event) {
    case 'page_view':
      return event.metadata.url;
    case 'product_view':
      return event.metadata.productId;
    case 'social_referral': {
      const { utm_source, utm_medium, utm_campaign } = event.metadata;
      return JSON.stringify([utm_source, utm_medium ?? '', utm_campaign ?? '']);
    }
    default:
      return null;
  }
}

/** The dedup key of an event: shop, session, kind and a digest of the context (bounded length). */
export async function dedupKey(shopId: string, event: AnalyticsEvent): Promise<string | null> {
  const context = dedupContext(event);
  if (context === null) return null;
  return `analytics:${shopId}:${event.sessionId}:${event.event}:${await sha256Hex(context)}`;
}

/** One accepted event on its way to the analytics queue's consumer. */
export type QueuedEvent = { shopId: string; event: AnalyticsEvent };

declare module '../../env' {
  /** The storefront-analytics queue carries accepted events to their consumer. */
  interface QueueMessages {
    'storefront-analytics': QueuedEvent;
  }
}

/** The queue accepted events are handed to (a Cloudflare Queue producer). */
export type EventQueue = { send(message: QueuedEvent): Promise<unknown> };

/** Inserts events in one statement, whatever their number (a queue batch). */
export async function insertEvents(db: Db, events: readonly QueuedEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(analyticsEvents).values(
    events.map(({ shopId, event }) => ({
      shopId,
      event: event.event,
      visitorId: event.userId,
      sessionId: event.sessionId,
      sessionStartPage: event.sessionStartPage,
      metadata: event.metadata,
      referrerUrl: event.referrerUrl ?? null,
      hasCustomerAccount: event.hasCustomerAccount ?? null,
      customerId: event.customersId ?? null,
    })),
  );
}

/** True unless the event's context was already counted in its session (the dedup rules). */
async function firstInSession(
  deps: { dedup: DedupStore; log: Logger },
  shopId: string,
  event: AnalyticsEvent,
): Promise<boolean> {
  const key = await dedupKey(shopId, event);
  if (key === null) return true;
  try {
    return await deps.dedup.firstSeen(key, DEDUP_TTL_SECONDS);
  } catch (error) {
    deps.log.warn('analytics dedup unavailable; storing without it', { error });
    return true;
  }
}

/**
 * Accepts one event unless its context was already counted in this session, and hands it to
 * the queue, whose consumer inserts a whole batch in one statement. Without a queue, or when
 * the queue refuses, the event is inserted at once (logged): never lost, never a 5xx. When the
 * dedup store is unreachable the event is accepted anyway (logged): a rare duplicate is better
 * than losing data or failing the storefront. Returns whether the event was accepted.
 */
export async function recordEvent(
  deps: { db: Db; dedup: DedupStore; log: Logger; queue?: EventQueue | undefined },
  shopId: string,
  event: AnalyticsEvent,
): Promise<boolean> {
  if (!(await firstInSession(deps, shopId, event))) return false;
  if (deps.queue) {
    try {
      await deps.queue.send({ shopId, event });
      return true;
    } catch (error) {
      deps.log.warn('analytics queue unavailable; inserting the event directly', { error });
    }
  }
  await insertEvents(deps.db, [{ shopId, event }]);
  return true;
}
