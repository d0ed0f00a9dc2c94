import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { requestCode, uniqueEmail, verify } from '../auth/support';
import { client } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { merchantOf } from '../helpers/merchant';
import { orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop } from '../helpers/shop-factory';
import { registerEndpoint, WEBHOOK_MANAGER_SCOPES } from '../helpers/webhooks';

type Column = { table_name: string; column_name: string };

/**
 * Every text, json, jsonb, array or enum-like column of every table in the database, with
 * the rows whose value contains `needle` (any case): the search an erasure must come out of
 * empty-handed.
 */
async function everywhere(needle: string): Promise<string[]> {
  const columns = await testDb().execute(sql`
    select table_name, column_name from information_schema.columns c
    where table_schema = 'public'
      and exists (select 1 from information_schema.tables t where t.table_schema = 'public'
        and t.table_name = c.table_name and t.table_type = 'BASE TABLE')
      and data_type in ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED')`);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns.rows as Column[]) {
    const hits = await testDb().execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}
        where strpos(lower(${sql.identifier(column)}::text), lower(${needle})) > 0`,
    );
    const n = (hits.rows[0] as { n: number }).n;
    if (n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('erasing a customer erases every copy of their data', () => {
  it('no table, stored answer, replay or webhook replay holds their email, name or phone', {
    timeout: 60_000,
  }, async () => {
    const merchantInbox = uniqueEmail('merchant');
    const shop = await createTestShop({
      settings: {
        shipping: { active: false },
        branding: { helpEmail: merchantInbox },
        checkout: { requiresAccount: true },
      },
    });
    const { api } = await merchantOf(shop, {
      scopes: WEBHOOK_MANAGER_SCOPES.concat(['customers:write', 'orders:write']),
    });
    const { endpoint, inbox } = await registerEndpoint(api, ['customer.created', 'order.created']);
    const product = await createProduct(shop, { priceMinor: 1500, trackStock: false });

    // A shopper signs up (customer.created), fills in the profile and orders (order.created,
    // confirmation and the merchant's new-order notice, which names them).
    const tag = crypto.randomUUID().slice(0, 8);
    const email = uniqueEmail(`erase-${tag}`);
    const name = `Ada Erasable ${tag}`;
    const phone = `+4420794${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    const { id: codeId, code } = await requestCode(shop.apiKey, email);
    const signedIn = await verify(shop.apiKey, { email, id: codeId, code, event: 'login' });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    const shopper = client(shop.apiKey, signedIn.body.token, { 'x-device-id': 'device-1' });
    const profile = await shopper.patch('/auth', { name, phone, town: 'London' });
    expect(profile.status, JSON.stringify(profile.body)).toBe(200);
    const [customer] = (await api.get(`/customers?search=${encodeURIComponent(email)}`)).body.data;
    const placed = await postOrder(
      shop,
      orderBody([{ productId: product.id, quantity: 1 }], {
        email,
        name,
        phone,
        note: name,
        cartUserId: customer.id,
      }),
      { token: signedIn.body.token, headers: { 'x-device-id': 'device-1' } },
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data._id as string;
    await inbox.waitFor(2);

    expect(customer).toMatchObject({ email, name, phone });

    // The merchant's writes with Idempotency-Keys: their stored answers hold the data.
    const keys = { customer: crypto.randomUUID(), order: crypto.randomUUID() };
    const blocked = await api.patch(
      `/customers/${customer.id}`,
      { status: 'inactive' },
      { headers: { 'idempotency-key': keys.customer } },
    );
    expect(blocked.body).toMatchObject({ email, name, phone, status: 'inactive' });
    const paid = await api.post(
      `/orders/${orderId}/mark-paid`,
      {},
      { headers: { 'idempotency-key': keys.order } },
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(JSON.stringify(paid.body)).toContain(email);
    expect(await everywhere(email)).not.toEqual([]);

    const erased = await api.post(`/customers/${customer.id}/erase`, {});
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);

    // Every table: nothing but the order's name, which the books keep with the invoice.
    expect(await everywhere(email)).toEqual([]);
    expect(await everywhere(phone)).toEqual([]);
    expect(await everywhere(name)).toEqual(['orders.name']);

    // Replaying the merchant's requests answers the stored answers: redacted.
    for (const [path, body, key, method] of [
      [`/customers/${customer.id}`, { status: 'inactive' }, keys.customer, 'patch'],
      [`/orders/${orderId}/mark-paid`, {}, keys.order, 'post'],
    ] as const) {
      const again = await api[method](path, body, { headers: { 'idempotency-key': key } });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const text = JSON.stringify(again.body);
      for (const value of [email, name, phone]) expect(text).not.toContain(value);
    }

    // Replaying the webhook deliveries sends the events as they are now: redacted.
    const deliveries = (await api.get(`/webhook-endpoints/${endpoint.id}/deliveries`)).body.data;
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      const replay = await api.post(
        `/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/replay`,
        {},
      );
      expect(replay.status).toBe(201);
    }
    const received = await inbox.waitFor(4);
    const replayed = JSON.stringify(received.slice(2).map((r) => r.body));
    expect(replayed).toContain('order.created');
    expect(replayed).toContain('customer.created');
    for (const value of [email, name, phone]) expect(replayed).not.toContain(value);
  });
});
