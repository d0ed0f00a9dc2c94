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

/**
 * Stores one event unless its context was already counted in this session. When the
 * dedup store is unreachable the event is stored anyway (logged): a rare duplicate is
 * better than losing data or failing the storefront. Returns whether a row was written.
 */
export async function recordEvent(
  deps: { db: Db; dedup: DedupStore; log: Logger },
  shopId: string,
  event: AnalyticsEvent,
): Promise<boolean> {
  const key = await dedupKey(shopId, event);
  if (key !== null) {
    let first = true;
    try {
      first = await deps.dedup.firstSeen(key, DEDUP_TTL_SECONDS);
    } catch (error) {
      deps.log.warn('analytics dedup unavailable; storing without it', { error });
    }
    if (!first) return false;
  }
  await deps.db.insert(analyticsEvents).values({
    shopId,
    event: event.event,
    visitorId: event.userId,
    sessionId: event.sessionId,
    sessionStartPage: event.sessionStartPage,
    metadata: event.metadata,
    referrerUrl: event.referrerUrl ?? null,
    hasCustomerAccount: event.hasCustomerAccount ?? null,
    customerId: event.customersId ?? null,
  });
  return true;
}
