import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { sha256Hex } from '../../src/lib/crypto';
import { ACCESS_LINK_MINUTES, newAccessLink } from '../../src/modules/auth/access-links';
import { client, expectError } from '../helpers/api';
import { deviceHeaders, signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { createOrderFixture, type OrderFixtureInput } from '../helpers/order-fixtures';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { freshIp, uniqueEmail } from './support';

const DEVICE = 'phone-1';

async function orderWithLink(shop: TestShop, input: OrderFixtureInput = {}) {
  const order = await createOrderFixture(shop, { email: uniqueEmail('buyer'), ...input });
  const link = await newAccessLink({ shopId: shop.id, orderId: order.id, email: order.email });
  await testDb().insert(s.accessLinks).values(link.row);
  return {
    order,
    linkId: link.linkId,
    body: { id: link.linkId, email: order.email, order: order.id },
  };
}

// Each use from an address of its own: the per-network limit has its own test (sessions.test.ts).
const access = (shop: TestShop, body: unknown) =>
  client(shop.apiKey).post('/auth/access', body, {
    headers: { ...deviceHeaders(DEVICE), 'cf-connecting-ip': freshIp() },
  });

describe('newAccessLink', () => {
  it('makes an unguessable id and stores only its hash, for an hour', async () => {
    const now = new Date('2030-01-01T00:00:00Z');
    const { linkId, row } = await newAccessLink(
      { shopId: crypto.randomUUID(), orderId: crypto.randomUUID(), email: ' Ada@Example.com ' },
      now,
    );
    expect(linkId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(row.tokenHash).toBe(await sha256Hex(linkId));
    expect(JSON.stringify(row)).not.toContain(linkId);
    expect(row.email).toBe('ada@example.com');
    expect(ACCESS_LINK_MINUTES).toBe(60);
    expect(row.expiresAt.getTime() - now.getTime()).toBe(ACCESS_LINK_MINUTES * 60_000);
    const other = await newAccessLink({ shopId: 'a', orderId: 'b', email: 'c' });
    expect(other.linkId).not.toBe(linkId);
  });
});

describe('POST /auth/access', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it('signs a guest in: creates the account from the order and links the order', async () => {
    const { order, body } = await orderWithLink(shop, { name: 'Grace Hopper', phone: '+15550001' });
    const res = await access(shop, body);
    expect(res.status).toBe(200);
    expect(res.body.data.token).toBe(res.body.token);

    const me = await client(shop.apiKey, res.body.token, deviceHeaders(DEVICE)).get('/auth');
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({
      email: order.email,
      name: 'Grace Hopper',
      phone: '+15550001',
    });
    const [linked] = await testDb().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(linked?.customerId).toBe(me.body.data.user._id);
  });

  it("gives the session to the order's own customer, once: a second use is ACCESS_LINK_EXPIRED", async () => {
    const { customer } = await signInCustomer(shop);
    const { body } = await orderWithLink(shop, { customerId: customer.id, email: customer.email });
    const first = await access(shop, body);
    expect(first.status).toBe(200);
    const me = await client(shop.apiKey, first.body.token, deviceHeaders(DEVICE)).get('/auth');
    expect(me.body.data.user._id).toBe(customer.id);
    const [link] = await testDb()
      .select()
      .from(s.accessLinks)
      .where(eq(s.accessLinks.tokenHash, await sha256Hex(body.id)));
    expect(link?.lastUsedAt).not.toBeNull();

    const again = await access(shop, { ...body, email: body.email.toUpperCase() });
    const refused = expectError(again, 410, 'ACCESS_LINK_EXPIRED');
    expect(refused.message).toMatch(/sign in with a code/i);
    const sessions = await testDb()
      .select()
      .from(s.sessions)
      .where(eq(s.sessions.customerId, customer.id));
    // The test's own sign-in and the link's: the refused use opened none.
    expect(sessions).toHaveLength(2);
  });

  it('gives one session to simultaneous uses of one link', async () => {
    const { body, order } = await orderWithLink(shop);
    const answers = await Promise.all([access(shop, body), access(shop, body), access(shop, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410]);
    const [customer] = await testDb()
      .select()
      .from(s.customers)
      .where(eq(s.customers.email, order.email));
    const sessions = await testDb()
      .select()
      .from(s.sessions)
      .where(eq(s.sessions.customerId, customer?.id ?? crypto.randomUUID()));
    expect(sessions).toHaveLength(1);
  });

  it("never opens the buyer's account to the address a signed-in buyer sent the email to", async () => {
    const buyer = await signInCustomer(shop);
    await buyer.api.patch('/auth', { name: 'Jonas Buyer', phone: '+4930123456', town: 'Berlin' });
    const recipient = uniqueEmail('gift');
    const { order, body } = await orderWithLink(shop, {
      customerId: buyer.customer.id,
      email: recipient,
    });
    const res = await access(shop, body);
    expect(res.status).toBe(200);
    const them = client(shop.apiKey, res.body.token, deviceHeaders(DEVICE));
    const me = await them.get('/auth');
    expect(me.body.data.user.email).toBe(recipient);
    expect(me.body.data.user._id).not.toBe(buyer.customer.id);
    expect(me.body.data.shipping).toBeNull();
    expect((await them.get('/orders')).body).toMatchObject({ total: 0, data: [] });
    const [kept] = await testDb().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(kept?.customerId).toBe(buyer.customer.id);
  });

  it('uses the existing account of the email for a guest order', async () => {
    const { customer } = await signInCustomer(shop);
    const { order, body } = await orderWithLink(shop, { email: customer.email });
    const res = await access(shop, body);
    const me = await client(shop.apiKey, res.body.token, deviceHeaders(DEVICE)).get('/auth');
    expect(me.body.data.user._id).toBe(customer.id);
    const [linked] = await testDb().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(linked?.customerId).toBe(customer.id);
  });

  it('answers INVALID_ACCESS_LINK for an unknown link, another email or order, or a bad body', async () => {
    const { body } = await orderWithLink(shop);
    const { order: otherOrder } = await orderWithLink(shop);
    for (const bad of [
      { ...body, id: 'unknown-link-id' },
      { ...body, email: uniqueEmail() },
      { ...body, order: otherOrder.id },
      { ...body, order: 'not-a-uuid' },
      { email: body.email, order: body.order },
      {},
    ]) {
      expectError(await access(shop, bad), 400, 'INVALID_ACCESS_LINK');
    }
  });

  it("answers INVALID_ACCESS_LINK for another shop's link", async () => {
    const { body } = await orderWithLink(shop);
    const other = await createTestShop();
    expectError(await access(other, body), 400, 'INVALID_ACCESS_LINK');
  });

  it('answers ACCESS_LINK_EXPIRED (410) after the link lifetime, even unused', async () => {
    const { body } = await orderWithLink(shop);
    await testDb()
      .update(s.accessLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.accessLinks.tokenHash, await sha256Hex(body.id)));
    expectError(await access(shop, body), 410, 'ACCESS_LINK_EXPIRED');
  });

  it('answers ORDER_CANCELLED and ORDER_HAS_REFUND', async () => {
    const cancelled = await orderWithLink(shop, { status: 'cancelled' });
    expectError(await access(shop, cancelled.body), 403, 'ORDER_CANCELLED');
    const requested = await orderWithLink(shop, { refundState: 'requested' });
    expectError(await access(shop, requested.body), 403, 'ORDER_HAS_REFUND');
    const refunded = await orderWithLink(shop, { status: 'refunded' });
    expectError(await access(shop, refunded.body), 403, 'ORDER_HAS_REFUND');
  });

  it('refuses a blacklisted customer', async () => {
    const { customer } = await signInCustomer(shop, { status: 'blacklisted' });
    const { body } = await orderWithLink(shop, { customerId: customer.id, email: customer.email });
    expectError(await access(shop, body), 403, 'ACCOUNT_BLACKLISTED');
  });
});
