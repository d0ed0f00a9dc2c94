import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { receiverInbox, WEBHOOK_MANAGER_SCOPES } from '../helpers/webhooks';

describe('webhook endpoints need the read scope of the data their events carry', () => {
  let shop: TestShop;
  let adminOnly: MerchantClient;
  let ordersReader: MerchantClient;
  let manager: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    adminOnly = (await merchantOf(shop, { scopes: ['admin'] })).api;
    ordersReader = (await merchantOf(shop, { scopes: ['admin', 'orders:write'] })).api;
    manager = (await merchantOf(shop, { scopes: WEBHOOK_MANAGER_SCOPES })).api;
  });

  const subscribe = (api: MerchantClient, events: string[]) =>
    api.post('/webhook-endpoints', { url: receiverInbox().url, events });

  it('an admin-only key cannot subscribe to orders or customers, each event named', async () => {
    const res = await subscribe(adminOnly, ['order.created', 'customer.created']);
    expect(expectError(res, 403, 'MERCHANT_SCOPE_MISSING').details).toEqual([
      {
        field: 'events.0',
        message:
          'order.created carries data of the orders:read scope, which your key does not hold.',
      },
      {
        field: 'events.1',
        message:
          'customer.created carries data of the customers:read scope, which your key does not hold.',
      },
    ]);
    for (const event of ['review.created', 'newsletter.subscribed', 'product.updated']) {
      expectError(await subscribe(adminOnly, [event]), 403, 'MERCHANT_SCOPE_MISSING');
    }
    const list = await manager.get('/webhook-endpoints');
    expect(list.body.data).toEqual([]);
  });

  it('a key with orders (write includes read) subscribes to orders, not to customers', async () => {
    const ok = await subscribe(ordersReader, ['order.created', 'order.paid']);
    expect(ok.status).toBe(201);
    const refused = await subscribe(ordersReader, ['order.created', 'customer.created']);
    expect(expectError(refused, 403, 'MERCHANT_SCOPE_MISSING').details).toEqual([
      expect.objectContaining({ field: 'events.1' }),
    ]);
  });

  it('an endpoint carrying customers cannot be redirected or widened by a key that may not read them', async () => {
    const made = await subscribe(manager, ['customer.created']);
    expect(made.status).toBe(201);
    const path = `/webhook-endpoints/${made.body.id}`;
    expectError(
      await adminOnly.patch(path, { url: receiverInbox().url }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expectError(
      await ordersReader.patch(path, { description: 'mine now' }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    const orders = await subscribe(ordersReader, ['order.created']);
    expectError(
      await ordersReader.patch(`/webhook-endpoints/${orders.body.id}`, {
        events: ['order.created', 'customer.created'],
      }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    // Narrowing to events it may read is allowed; so is any change by a key holding them.
    const narrowed = await ordersReader.patch(path, { events: ['order.paid'] });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.events).toEqual(['order.paid']);
    expect((await manager.patch(path, { description: 'ERP' })).status).toBe(200);
    expect((await adminOnly.get(path)).body.description).toBe('ERP');
  });
});
