import { describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';
import { receiverInbox, WEBHOOK_MANAGER_SCOPES } from '../helpers/webhooks';

describe('webhook endpoints per shop', () => {
  it('are capped at 16, also when the last places are taken at once', async () => {
    const shop = await createTestShop();
    const { api } = await merchantOf(shop, { scopes: WEBHOOK_MANAGER_SCOPES });
    const create = () =>
      api.post('/webhook-endpoints', { url: receiverInbox().url, events: ['order.created'] });
    for (let i = 0; i < 12; i++) expect((await create()).status).toBe(201);
    // Six at once for the last four places: the cap holds under concurrency.
    const results = await Promise.all(Array.from({ length: 6 }, create));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expectError(refused, 409, 'WEBHOOK_ENDPOINT_LIMIT_REACHED');
    }
    const page = await api.get('/webhook-endpoints?limit=100');
    expect(page.body.data).toHaveLength(16);

    // Deleting one makes room for one.
    expect((await api.delete(`/webhook-endpoints/${page.body.data[0].id}`)).status).toBe(200);
    expect((await create()).status).toBe(201);
    expectError(await create(), 409, 'WEBHOOK_ENDPOINT_LIMIT_REACHED');
  });
});
