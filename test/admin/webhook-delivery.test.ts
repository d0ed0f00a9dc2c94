import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { createLogger } from '../../src/lib/log';
import {
  type DeliveryDeps,
  DISABLE_AFTER,
  deliverDueWebhooks,
  deliverWebhooks,
} from '../../src/modules/webhooks/delivery';
import { emitEvent } from '../../src/modules/webhooks/events';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { testConfig } from '../helpers/customer';
import { testDatabase, testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import {
  createWebhookEndpoint,
  registerEndpoint,
  WEBHOOK_MANAGER_SCOPES,
} from '../helpers/webhooks';

type Delivery = {
  id: string;
  status: string;
  event: { id: string; type: string };
  attempts: Array<{ status: number | null; error: string | null }>;
  replay_of: string | null;
};

const deps = (): DeliveryDeps => ({
  db: testDb(),
  appSecret: testConfig().APP_HMAC_SECRET,
  allowLoopback: true,
  timeoutMs: testConfig().WEBHOOK_TIMEOUT_MS,
  log: createLogger(),
});

/** What the cron does once the back-off has passed: the shop's deliveries become due now. */
async function cronAfterBackoff(shopId: string) {
  await testDb()
    .update(s.webhookDeliveries)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(and(eq(s.webhookDeliveries.shopId, shopId), eq(s.webhookDeliveries.status, 'pending')));
  return deliverDueWebhooks(deps(), { shopId });
}

const emit = (shopId: string, data: object = { id: crypto.randomUUID() }) =>
  testDatabase().interactive((tx) => emitEvent(tx, shopId, 'order.created', data));

describe('webhook delivery', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let ebook: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    ({ api } = await merchantOf(shop, { scopes: WEBHOOK_MANAGER_SCOPES }));
    ebook = await createProduct(shop, { priceMinor: 900, isDigital: true, trackStock: false });
  });

  const deliveriesOf = async (endpointId: string, query = '') => {
    const res = await api.get(`/webhook-endpoints/${endpointId}/deliveries${query}`);
    expect(res.status).toBe(200);
    return res.body.data as Delivery[];
  };

  /** Polls the delivery log until the newest delivery has `count` attempts recorded. */
  async function attemptsRecorded(endpointId: string, count: number) {
    const deadline = Date.now() + 60_000; // a guard against a hang, not a measure
    for (;;) {
      const [newest] = await deliveriesOf(endpointId);
      if (newest && newest.attempts.length >= count) return newest;
      if (Date.now() > deadline) throw new Error(`no ${count} attempts: ${JSON.stringify(newest)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('delivers once more after each failure: fails twice, then succeeds, one event id', async () => {
    const { endpoint, inbox } = await registerEndpoint(api, ['order.created'], { fail: 2 });
    const order = await postOrder(shop, orderBody([{ productId: ebook.id, quantity: 1 }]));
    expect(order.status).toBe(200);

    // First attempt: right after the response.
    await inbox.waitFor(1);
    await attemptsRecorded(endpoint.id, 1);
    expect(await cronAfterBackoff(shop.id)).toBe(1);
    expect(await cronAfterBackoff(shop.id)).toBe(1);
    // Delivered: nothing is due any more.
    expect(await cronAfterBackoff(shop.id)).toBe(0);

    const received = await inbox.received();
    expect(received).toHaveLength(3);
    expect(received.map((r) => r.answered)).toEqual([500, 500, 204]);
    expect(received.every((r) => r.verified)).toBe(true);
    expect(new Set(received.map((r) => r.id)).size).toBe(1);
    const body = received[0]?.body as { id: string; type: string; data: { order_number: string } };
    expect(body).toMatchObject({ id: received[0]?.id, type: 'order.created' });
    expect(body.data.order_number).toBe(order.body.data.orderNumber);
    expect(received.map((r) => r.body)).toEqual([body, body, body]);

    const [delivery, ...others] = await deliveriesOf(endpoint.id);
    expect(others).toHaveLength(0);
    expect(delivery).toMatchObject({ status: 'succeeded', event: { id: body.id } });
    expect(delivery?.attempts.map((a) => a.status)).toEqual([500, 500, 204]);
    const events = await testDb()
      .select()
      .from(s.webhookEvents)
      .where(eq(s.webhookEvents.shopId, shop.id));
    expect(events.filter((e) => e.id === body.id)).toHaveLength(1);
  });

  it('gives up on a receiver that does not answer within the timeout, and retries later', async () => {
    const { endpoint, inbox } = await registerEndpoint(api, ['order.created'], { after: 'hang' });
    const attempted = Date.now();
    await deliverWebhooks(deps(), await emit(shop.id));
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.status).toBe('pending');
    expect(delivery?.attempts[0]).toMatchObject({
      status: null,
      error: `no answer within ${testConfig().WEBHOOK_TIMEOUT_MS} ms`,
    });
    expect(await inbox.received()).toHaveLength(1);
    const [row] = await testDb()
      .select()
      .from(s.webhookDeliveries)
      .where(eq(s.webhookDeliveries.id, delivery?.id ?? ''));
    // Retried after the back-off of a minute from the attempt, not before (a second's leeway
    // for the database's clock), however long the attempt took.
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(attempted + 60_000 - 1000);
    expect(row?.lockedUntil).toBeNull();
  });

  it('disables an endpoint that failed repeatedly for days, and only then', async () => {
    const failing = await registerEndpoint(api, ['order.created'], { after: 'error' });
    const fresh = await registerEndpoint(api, ['order.created'], { after: 'error' });
    const near = DISABLE_AFTER.failures - 1;
    const since = new Date(Date.now() - (DISABLE_AFTER.days + 1) * 86_400_000);
    await testDb()
      .update(s.webhookEndpoints)
      .set({ consecutiveFailures: near, failingSince: since })
      .where(eq(s.webhookEndpoints.id, failing.endpoint.id));
    // As many failures, but all of them today: not yet.
    await testDb()
      .update(s.webhookEndpoints)
      .set({ consecutiveFailures: near, failingSince: new Date() })
      .where(eq(s.webhookEndpoints.id, fresh.endpoint.id));

    await deliverWebhooks(deps(), await emit(shop.id));

    const disabled = await api.get(`/webhook-endpoints/${failing.endpoint.id}`);
    expect(disabled.body).toMatchObject({
      enabled: false,
      disabled_reason: 'Disabled after failing repeatedly',
      consecutive_failures: DISABLE_AFTER.failures,
      version: failing.endpoint.version + 1,
    });
    const still = await api.get(`/webhook-endpoints/${fresh.endpoint.id}`);
    expect(still.body).toMatchObject({
      enabled: true,
      consecutive_failures: DISABLE_AFTER.failures,
    });

    // A disabled endpoint gets no new events and its pending deliveries wait.
    const before = (await failing.inbox.received()).length;
    await deliverWebhooks(deps(), await emit(shop.id));
    await cronAfterBackoff(shop.id);
    expect(await failing.inbox.received()).toHaveLength(before);
    expect(await deliveriesOf(failing.endpoint.id)).toHaveLength(1);
    const replay = await api.post(
      `/webhook-endpoints/${failing.endpoint.id}/deliveries/${(await deliveriesOf(failing.endpoint.id))[0]?.id}/replay`,
      {},
    );
    expectError(replay, 409, 'WEBHOOK_ENDPOINT_DISABLED');
  });

  it('replays a delivery as a new one with the same event id, sent after the response', async () => {
    const { endpoint, inbox } = await registerEndpoint(api, ['order.created']);
    await deliverWebhooks(deps(), await emit(shop.id, { id: 'replayed-order' }));
    const [first] = await deliveriesOf(endpoint.id);
    expect(first?.status).toBe('succeeded');

    const res = await api.post(
      `/webhook-endpoints/${endpoint.id}/deliveries/${first?.id}/replay`,
      {},
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'webhook_delivery',
      replay_of: first?.id,
      event: first?.event,
      status: 'pending',
    });
    const received = await inbox.waitFor(2);
    expect(received.map((r) => r.id)).toEqual([first?.event.id, first?.event.id]);
    expect(received.every((r) => r.verified)).toBe(true);
    const log = await deliveriesOf(endpoint.id);
    expect(log.map((d) => d.id)).toEqual([res.body.id, first?.id]);
    expect(await deliveriesOf(endpoint.id, '?status=pending')).toHaveLength(0);

    const unknown = await api.post(
      `/webhook-endpoints/${endpoint.id}/deliveries/${crypto.randomUUID()}/replay`,
      {},
    );
    expectError(unknown, 404, 'WEBHOOK_DELIVERY_NOT_FOUND');
    const bad = await api.get(`/webhook-endpoints/${endpoint.id}/deliveries?status=lost`);
    expectError(bad, 422, 'VALIDATION_FAILED');
  });

  it('refuses to send to an address the URL rule refuses, even when stored earlier', async () => {
    const endpoint = await createWebhookEndpoint(shop, { url: 'http://10.0.0.1/hook' });
    const ids = await emit(shop.id);
    expect(ids.length).toBeGreaterThan(0);
    await deliverWebhooks(deps(), ids);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery?.attempts[0]?.error).toBe(
      'URL refused: Must not point to a private or reserved address.',
    );
  });

  it('writes nothing for a shop whose endpoints do not subscribe to the event', async () => {
    const quiet = await createTestShop();
    await createWebhookEndpoint(quiet, { events: ['review.created'] });
    expect(await emit(quiet.id)).toEqual([]);
    const events = await testDb()
      .select()
      .from(s.webhookEvents)
      .where(eq(s.webhookEvents.shopId, quiet.id));
    expect(events).toHaveLength(0);
  });
});
