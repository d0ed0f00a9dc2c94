import type { Services } from '../../app-env';
import type { Db } from '../../db/client';
import type { WebhookAttempt } from '../../db/schema';
import { errorText, type Logger } from '../../lib/log';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  recordFailure,
  recordSuccess,
} from './delivery-queries';
import { openSecret, signPayload } from './secrets';
import { webhookUrlRefusal } from './url-policy';

/** Minutes before attempt n + 2 after attempt n + 1 failed: 1 m, 5 m, 30 m, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_MINUTES = [1, 5, 30, 120, 300, 600, 600] as const;
/** Attempts of one delivery before it is given up as `failed` (about 28 hours in all). */
export const MAX_ATTEMPTS = RETRY_MINUTES.length + 1;
/** An endpoint is disabled after this many failures in a row spread over this many days. */
export const DISABLE_AFTER = { failures: 10, days: 5 } as const;

/** What delivering needs: the database, the key that opens secrets, the URL rule, a timeout. */
export type DeliveryDeps = {
  db: Db;
  appSecret: string;
  allowLoopback: boolean;
  timeoutMs: number;
  log: Logger;
};

export const deliveryDeps = (services: Services): DeliveryDeps => ({
  db: services.database.db,
  appSecret: services.config.APP_HMAC_SECRET,
  allowLoopback: services.config.OUTBOUND_ALLOW_LOOPBACK,
  timeoutMs: services.config.WEBHOOK_TIMEOUT_MS,
  log: services.log,
});

/** The body every delivery of an event carries; the same bytes on every attempt. */
export const payloadOf = (row: Pick<ClaimedDelivery, 'eventId' | 'type' | 'eventAt' | 'data'>) =>
  JSON.stringify({ id: row.eventId, type: row.type, timestamp: row.eventAt, data: row.data });

/** One POST of a delivery, signed (Standard Webhooks), bounded by the timeout; never throws. */
async function attempt(deps: DeliveryDeps, row: ClaimedDelivery): Promise<WebhookAttempt> {
  const at = new Date().toISOString();
  const started = Date.now();
  const outcome = (status: number | null, error: string | null): WebhookAttempt => ({
    at,
    status,
    error,
    durationMs: Date.now() - started,
  });
  // Checked again at delivery: the rule may have tightened since the endpoint was saved.
  const refusal = webhookUrlRefusal(row.url, deps.allowLoopback);
  if (refusal) return outcome(null, `URL refused: ${refusal}`);
  try {
    const body = payloadOf(row);
    const timestamp = Math.floor(Date.now() / 1000);
    const secret = await openSecret(deps.appSecret, row.secret);
    const response = await fetch(row.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'storefront-webhooks/1',
        'webhook-id': row.eventId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await signPayload(secret, row.eventId, timestamp, body),
      },
      body,
      // A redirect could lead to an address the URL rule refuses: it counts as a failure.
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    await response.body?.cancel();
    const ok = response.status >= 200 && response.status < 300;
    return outcome(response.status, ok ? null : `answered ${response.status}`);
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return outcome(null, timedOut ? `no answer within ${deps.timeoutMs} ms` : errorText(error));
  }
}

async function deliverOne(deps: DeliveryDeps, row: ClaimedDelivery) {
  const result = await attempt(deps, row);
  if (result.status !== null && result.error === null) {
    await recordSuccess(deps.db, row.id, result);
    return;
  }
  const attempts = row.attemptsBefore + 1;
  const disabled = await recordFailure(deps.db, row.id, result, {
    giveUp: attempts >= MAX_ATTEMPTS,
    retryInMinutes: RETRY_MINUTES[Math.min(attempts, RETRY_MINUTES.length) - 1] ?? 600,
    disableAfterFailures: DISABLE_AFTER.failures,
    disableAfterDays: DISABLE_AFTER.days,
  });
  deps.log.warn('webhook delivery failed', {
    deliveryId: row.id,
    attempt: attempts,
    error: result.error,
  });
  if (disabled) deps.log.warn('webhook endpoint disabled', { deliveryId: row.id });
}

/** A lease longer than any attempt, so a live sender never loses its row to another. */
const leaseSeconds = (deps: DeliveryDeps) => Math.ceil(deps.timeoutMs / 1000) + 30;

/** Delivers the given deliveries now, when due and not held by another sender. */
export async function deliverWebhooks(deps: DeliveryDeps, ids: string[]) {
  if (ids.length === 0) return 0;
  const rows = await claimDueDeliveries(deps.db, {
    ids,
    limit: ids.length,
    leaseSeconds: leaseSeconds(deps),
  });
  await Promise.all(rows.map((row) => deliverOne(deps, row)));
  return rows.length;
}

/**
 * Sends due deliveries (first attempts that did not go out after their response, and
 * retries): every shop's from the scheduled handler, or one shop's when `shopId` is given.
 */
export async function deliverDueWebhooks(
  deps: DeliveryDeps,
  options: { batchSize?: number; shopId?: string } = {},
) {
  const rows = await claimDueDeliveries(deps.db, {
    ...(options.shopId ? { shopId: options.shopId } : {}),
    limit: options.batchSize ?? 50,
    leaseSeconds: leaseSeconds(deps),
  });
  await Promise.all(rows.map((row) => deliverOne(deps, row)));
  return rows.length;
}

/**
 * Sends freshly written deliveries after the response, on a database of its own
 * (Services.afterResponse); the cron retries what fails.
 */
export function deliverWebhooksAfterResponse(services: Services, ids: string[]) {
  if (ids.length === 0) return;
  services.afterResponse((db) => deliverWebhooks({ ...deliveryDeps(services), db }, ids));
}
