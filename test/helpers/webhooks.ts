import { inject } from 'vitest';
import type { ReceivedWebhook, ReceiverBehaviour } from '../../scripts/local/webhook-receiver';
import * as s from '../../src/db/schema';
import { MERCHANT_SCOPES, type MerchantScope } from '../../src/identity/merchant-scopes';
import { sealSecret } from '../../src/modules/webhooks/secrets';
import { testConfig } from './customer';
import { testDb } from './db';
import type { MerchantClient } from './merchant';

export type { ReceivedWebhook } from '../../scripts/local/webhook-receiver';

/**
 * What a key managing webhook endpoints for every event holds: `admin`, and the read scope of
 * the data each event carries (EVENT_READ_SCOPE).
 */
export const WEBHOOK_MANAGER_SCOPES: MerchantScope[] = [
  'admin',
  ...MERCHANT_SCOPES.filter((scope) => scope.endsWith(':read')),
];

/**
 * A named inbox of the local webhook receiver (scripts/local/webhook-receiver.ts): the URL to
 * register, how it answers, and what it received (each delivery verified there with the
 * `standardwebhooks` library against `secret`).
 */
export function receiverInbox(name = crypto.randomUUID()) {
  const base = inject('webhookReceiverUrl');
  const control = `${base}/_control/${name}`;
  return {
    url: `${base}/hooks/${name}`,
    async configure(behaviour: ReceiverBehaviour) {
      const res = await fetch(control, { method: 'PUT', body: JSON.stringify(behaviour) });
      if (!res.ok) throw new Error(`receiver answered ${res.status}`);
    },
    async received(): Promise<ReceivedWebhook[]> {
      return (await (await fetch(control)).json()) as ReceivedWebhook[];
    },
    /**
     * Polls until at least `count` deliveries arrived (they are sent after the response);
     * `timeoutMs` guards against a hang and is no measure: a busy machine may take long.
     */
    async waitFor(count: number, timeoutMs = 60_000): Promise<ReceivedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const got = await this.received();
        if (got.length >= count) return got;
        if (Date.now() > deadline) {
          throw new Error(`receiver got ${got.length} of ${count} deliveries in ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

export type Inbox = ReturnType<typeof receiverInbox>;

/**
 * Registers an endpoint for `events` through the merchant API, pointed at a fresh receiver
 * inbox that answers as `behaviour` says and verifies with the endpoint's secret.
 */
export async function registerEndpoint(
  api: MerchantClient,
  events: string[],
  behaviour: Omit<ReceiverBehaviour, 'secret'> = {},
) {
  const inbox = receiverInbox();
  const res = await api.post('/webhook-endpoints', { url: inbox.url, events });
  if (res.status !== 201) throw new Error(`endpoint not created: ${JSON.stringify(res.body)}`);
  const endpoint = res.body as { id: string; secret: string; version: number };
  await inbox.configure({ ...behaviour, secret: endpoint.secret });
  return { endpoint, inbox };
}

/** An endpoint row straight into the database (fixtures that need no receiver). */
export async function createWebhookEndpoint(
  shop: { id: string },
  values: { url?: string; events?: string[] } = {},
) {
  const [row] = await testDb()
    .insert(s.webhookEndpoints)
    .values({
      shopId: shop.id,
      url: values.url ?? 'https://hooks.example.com/shop',
      events: values.events ?? ['order.created'],
      secret: await sealSecret(testConfig().APP_HMAC_SECRET, 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ='),
    })
    .returning();
  if (!row) throw new Error('endpoint not created');
  return row;
}
