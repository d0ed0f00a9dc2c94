import { unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { MerchantContext } from '../../app-env';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Config } from '../../env';
import { ApiError, type ErrorCode } from '../../errors';
import { grants } from '../../identity/merchant-scopes';
import { defined } from '../../lib/defined';
import { isUuid } from '../../lib/uuid';
import { deliverWebhooksAfterResponse } from './delivery';
import { EVENT_READ_SCOPE, emitEvent as emitInTx, type WebhookEventType } from './events';
import {
  countEndpointsLocked,
  type DeliveryRow,
  deliveryPage,
  type EndpointRow,
  endpointExists,
  endpoints,
  insertReplay,
  oneDelivery,
} from './queries';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
} from './schemas';
import { newSigningSecret, sealSecret } from './secrets';
import { webhookUrlRefusal } from './url-policy';

const TYPE = 'webhook_endpoint';

/** The most endpoints a shop may register (Stripe's limit per account and mode). */
export const MAX_ENDPOINTS_PER_SHOP = 16;

/** The codes each verb can raise; routes document them from here. */
export const RAISES = {
  createEndpoint: [
    'WEBHOOK_URL_NOT_ALLOWED',
    'MERCHANT_SCOPE_MISSING',
    'WEBHOOK_ENDPOINT_LIMIT_REACHED',
  ],
  getEndpoint: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  updateEndpoint: [
    'WEBHOOK_ENDPOINT_NOT_FOUND',
    'WEBHOOK_URL_NOT_ALLOWED',
    'MERCHANT_SCOPE_MISSING',
  ],
  deleteEndpoint: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  listDeliveries: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  replayDelivery: [
    'WEBHOOK_ENDPOINT_NOT_FOUND',
    'WEBHOOK_DELIVERY_NOT_FOUND',
    'WEBHOOK_ENDPOINT_DISABLED',
  ],
} as const satisfies Record<string, readonly ErrorCode[]>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An endpoint as the merchant API shows it (never its secret). */
export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    object: TYPE,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    consecutive_failures: row.consecutiveFailures,
    failing_since: iso(row.failingSince),
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toDelivery({ delivery: d, eventType, eventAt }: DeliveryRow): WebhookDelivery {
  return {
    id: d.id,
    object: 'webhook_delivery',
    endpoint_id: d.endpointId,
    event: {
      id: d.eventId,
      type: eventType as WebhookEventType,
      created_at: eventAt.toISOString(),
    },
    status: d.status,
    attempts: d.attempts.map((a) => ({
      at: a.at,
      status: a.status,
      error: a.error,
      duration_ms: a.durationMs,
    })),
    next_attempt_at: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
    delivered_at: iso(d.deliveredAt),
    replay_of: d.replayOf,
    created_at: d.createdAt.toISOString(),
  };
}

/** Refuses a URL webhooks may not be sent to (url-policy.ts), naming the field. */
function assertUrlAllowed(config: Config, url: string) {
  const refusal = webhookUrlRefusal(url, config.OUTBOUND_ALLOW_LOOPBACK);
  if (refusal) {
    throw new ApiError('WEBHOOK_URL_NOT_ALLOWED', {
      details: [{ field: 'url', message: refusal }],
    });
  }
}

/**
 * Refuses an endpoint carrying events whose data the calling key may not read: subscribing
 * to `order.created` takes `orders:read`, and so does changing an endpoint that carries it
 * (its URL decides who receives the orders). Each refused event is named.
 */
function assertMayCarry(caller: MerchantContext, events: readonly string[]) {
  const beyond = events.flatMap((event, i) => {
    const scope = EVENT_READ_SCOPE[event as WebhookEventType];
    return scope && !grants(caller.scopes, scope)
      ? [
          {
            field: `events.${i}`,
            message: `${event} carries data of the ${scope} scope, which your key does not hold.`,
          },
        ]
      : [];
  });
  if (beyond.length > 0) {
    throw new ApiError('MERCHANT_SCOPE_MISSING', {
      message: 'This endpoint carries data your merchant key may not read.',
      details: beyond,
    });
  }
}

export async function listEndpoints(db: Db, shopId: string, params: ListParams) {
  const page = await listPage(db, webhookEndpoints, shopId, params, (keyset) =>
    endpoints.page(db, keyset),
  );
  return { data: page.rows.map(toEndpoint), hasMore: page.hasMore };
}

export async function getEndpoint(db: Db, shopId: string, id: string) {
  const row = await endpoints.one(db, shopId, id);
  if (!row) throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  return toEndpoint(row);
}

/** Registers an endpoint; the answer carries its signing secret, which is never shown again. */
export async function createEndpoint(
  w: WriteScope,
  config: Config,
  caller: MerchantContext,
  input: WebhookEndpointCreate,
) {
  assertMayCarry(caller, input.events);
  assertUrlAllowed(config, input.url);
  if ((await countEndpointsLocked(w.tx, w.shop.id)) >= MAX_ENDPOINTS_PER_SHOP) {
    throw new ApiError('WEBHOOK_ENDPOINT_LIMIT_REACHED');
  }
  const secret = newSigningSecret();
  const row = await endpoints.insert(w.tx, w.shop.id, {
    url: input.url,
    description: input.description ?? '',
    events: input.events,
    enabled: input.enabled ?? true,
    secret: await sealSecret(config.APP_HMAC_SECRET, secret),
  });
  const endpoint = toEndpoint(row);
  await w.audit({
    action: 'create',
    resourceType: TYPE,
    resourceId: row.id,
    before: null,
    after: endpoint,
  });
  return { ...endpoint, secret: secret as string | null };
}

/** Changes the given fields; enabling an endpoint clears its record of failures. */
export async function updateEndpoint(
  w: WriteScope,
  config: Config,
  caller: MerchantContext,
  id: string,
  input: WebhookEndpointUpdate,
) {
  const current = await endpoints.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  w.expectVersion(current.version);
  assertMayCarry(caller, input.events ?? current.events);
  if (input.url !== undefined) assertUrlAllowed(config, input.url);
  const reenabled = input.enabled === true && !current.enabled;
  const values = defined({
    url: input.url,
    description: input.description,
    events: input.events,
    enabled: input.enabled,
    ...(reenabled ? { disabledReason: null, consecutiveFailures: 0, failingSince: null } : {}),
  });
  const before = toEndpoint(current);
  if (unchanged(before, toEndpoint({ ...current, ...values }))) return before;
  const after = toEndpoint(await endpoints.update(w.tx, w.shop.id, id, values));
  await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before, after });
  return after;
}

/** Deletes an endpoint with its delivery log; nothing more is sent to it. */
export async function deleteEndpoint(w: WriteScope, id: string) {
  const current = await endpoints.lock(w.tx, w.shop.id, id);
  if (!current) throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  w.expectVersion(current.version);
  await endpoints.remove(w.tx, w.shop.id, id);
  await w.audit({
    action: 'delete',
    resourceType: TYPE,
    resourceId: id,
    before: toEndpoint(current),
    after: null,
  });
  return { id, object: TYPE, deleted: true as const };
}

/** An endpoint's delivery log, newest first, optionally only in one state. */
export async function listDeliveries(
  db: Db,
  shopId: string,
  endpointId: string,
  params: ListParams & { status?: WebhookDelivery['status'] | undefined },
) {
  if (!isUuid(endpointId)) throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  const page = await listPage(db, webhookDeliveries, shopId, params, (keyset) =>
    deliveryPage(db, keyset, endpointId, params.status),
  );
  // An empty first page may mean the endpoint does not exist: only then is it looked up.
  if (page.rows.length === 0 && !(await endpointExists(db, shopId, endpointId))) {
    throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  }
  return { data: page.rows.map(toDelivery), hasMore: page.hasMore };
}

/**
 * Sends a delivery's event to its endpoint again, as a new delivery (same `webhook-id`, so
 * a receiver that deduplicates sees a repeat); `afterCommit` sends it after the response.
 */
export async function replayDelivery(w: WriteScope, endpointId: string, deliveryId: string) {
  const endpoint = await endpoints.lock(w.tx, w.shop.id, endpointId);
  if (!endpoint) throw new ApiError('WEBHOOK_ENDPOINT_NOT_FOUND');
  const original = await oneDelivery(w.tx, w.shop.id, endpointId, deliveryId);
  if (!original) throw new ApiError('WEBHOOK_DELIVERY_NOT_FOUND');
  if (!endpoint.enabled) throw new ApiError('WEBHOOK_ENDPOINT_DISABLED');
  const row = await insertReplay(w.tx, original.delivery);
  const delivery = toDelivery({ ...original, delivery: row });
  await w.audit({
    action: 'create',
    resourceType: 'webhook_delivery',
    resourceId: row.id,
    before: null,
    after: delivery,
  });
  return delivery;
}

/**
 * Records event `type` in a merchant write's transaction and delivers it once the write has
 * committed (the cron retries what that first attempt misses).
 */
export async function emitFromWrite(w: WriteScope, type: WebhookEventType, data: object) {
  const deliveries = await emitInTx(w.tx, w.shop.id, type, data);
  if (deliveries.length > 0)
    w.afterCommit(() => deliverWebhooksAfterResponse(w.services, deliveries));
}
