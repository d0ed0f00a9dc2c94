import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { waitForEmail } from '../helpers/mail';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import {
  buyerEmail,
  completeSession,
  createShippingRate,
  enablePayments,
  orderBody,
  postOrder,
  postWebhook,
  providerApi,
  providerRefunds,
  providerSessions,
  type TestProvider,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { type Inbox, registerEndpoint } from '../helpers/webhooks';

type Event = { type: string; data: { id: string; refund: { id: string; amount: number } | null } };

// Cancelling a paid order refunds it and restocks it, as Shopify's orderCancel with refund
// and restock (docs/decisions/orders.md, "Cancelling a paid order").
describe('cancelling an order paid through the provider', () => {
  let shop: TestShop;
  let provider: TestProvider;
  let api: MerchantClient;
  let inbox: Inbox;
  let rate: { id: string };
  let kettle: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop({
      currency: 'EUR',
      settings: { checkout: { requiresPayments: true } },
    });
    provider = await enablePayments(shop);
    api = (await merchantOf(shop)).api;
    ({ inbox } = await registerEndpoint(api, ['order.cancelled', 'order.refunded']));
    rate = await createShippingRate(shop, { priceMinor: 500 });
    kettle = await createProduct(shop, {
      title: 'Kettle',
      priceMinor: 4800,
      trackStock: true,
      stock: 20,
    });
  });

  /** The shop's newest order: the one just placed (a checkout link names no order). */
  const newest = async () => (await api.get('/orders?limit=1')).body.data[0].id as string;
  const stock = async () => (await api.get(`/products/${kettle.id}`)).body.stock as number;

  /** A pending order of two kettles the buyer paid at the provider. */
  const paidOrder = async () => {
    const email = buyerEmail();
    const placed = await postOrder(
      shop,
      orderBody([{ productId: kettle.id, quantity: 2 }], { shippingId: rate.id, email }),
    );
    expect(placed.body.data.action).toBe('CHECKOUT-LINK');
    const id = await newest();
    const [session] = await providerSessions(id);
    if (!session) throw new Error('no provider session');
    const event = await completeSession(session.session.id);
    expect((await postWebhook(shop.id, event, provider.webhookSecret)).status).toBe(200);
    const paid = (await api.get(`/orders/${id}`)).body;
    expect(paid).toMatchObject({ status: 'pending', payment_status: 'fully-paid' });
    const intent = (event as { data: { object: { payment_intent: string } } }).data.object
      .payment_intent;
    return { id, email, number: paid.order_number as string, total: paid.paid_amount, intent };
  };

  it('refunds what is left at the provider, restocks every line, and says so everywhere', async () => {
    const order = await paidOrder();
    const held = await stock();
    // Part was refunded before: the cancel gives back the rest, not the whole.
    expect((await api.post(`/orders/${order.id}/refunds`, { amount: 1000 })).status).toBe(200);
    const left = order.total - 1000;

    const res = await api.post(`/orders/${order.id}/cancel`, undefined);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
      refunded_amount: order.total,
      available_actions: [],
    });
    const refund = res.body.refunds[1];
    expect(refund).toMatchObject({
      amount: left,
      reason: 'Order cancelled',
      restock: [{ line_id: res.body.lines[0].id, quantity: 2 }],
    });
    expect(await stock()).toBe(held + 2);

    const atProvider = await providerRefunds(order.id);
    expect(atProvider.map((r) => r.amount)).toEqual([1000, left]);
    expect(atProvider[1]).toMatchObject({ payment_intent: order.intent });
    expect(refund.provider_refund_id).toBe(atProvider[1]?.id);

    const events = (await inbox.waitFor(3))
      .map((r) => r.body as Event)
      .filter((e) => e.data.id === order.id);
    const cancelled = events.find((e) => e.type === 'order.cancelled');
    expect(cancelled?.data.refund).toMatchObject({ id: refund.id, amount: left });
    expect(
      events.filter((e) => e.type === 'order.refunded').map((e) => e.data.refund?.amount),
    ).toEqual([1000, left]);

    const mail = await waitForEmail(order.email, (e) => e.subject.includes('was cancelled'));
    expect(mail.text).toContain(`We have refunded ${(left / 100).toFixed(2)} EUR`);
    expect(mail.text).toContain('10.00 EUR refunded earlier');

    const [audit] = await testDb()
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.shopId, shop.id), eq(s.auditEvents.resourceId, order.id)))
      .orderBy(sql`${s.auditEvents.createdAt} desc`)
      .limit(1);
    expect(audit?.changes).toMatchObject({
      status: { before: 'pending', after: 'cancelled' },
      refunded_amount: { before: 1000, after: order.total },
    });
  });

  it('a provider that refuses makes the cancel fail with nothing written', async () => {
    const order = await paidOrder();
    // Refunded in the provider's own dashboard already: the provider refuses a second time.
    const outside = await providerApi('/v1/refunds', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `payment_intent=${order.intent}`,
    });
    expect(outside.status).toBe(200);
    const held = await stock();
    const before = (await api.get(`/orders/${order.id}`)).body;

    const refused = await api.post(`/orders/${order.id}/cancel`, undefined);
    expectError(refused, 409, 'REFUND_REFUSED_BY_PROVIDER');

    const after = (await api.get(`/orders/${order.id}`)).body;
    expect(after).toMatchObject({ status: 'pending', refunds: [], version: before.version });
    expect(after.lines[0].stock_held).toBe(true);
    expect(await stock()).toBe(held);
    const events = await testDb()
      .select()
      .from(s.webhookEvents)
      .where(
        and(eq(s.webhookEvents.shopId, shop.id), sql`${s.webhookEvents.data}->>'id' = ${order.id}`),
      );
    expect(events).toEqual([]);
    const mails = await testDb()
      .select()
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.shopId, shop.id), eq(s.emailOutbox.kind, 'order-cancelled')));
    expect(mails.filter((m) => m.to === order.email)).toEqual([]);
  });

  it('an order marked paid by hand is cancelled with its refund recorded, not sent', async () => {
    const email = buyerEmail();
    const placed = await postOrder(
      shop,
      orderBody([{ productId: kettle.id, quantity: 1 }], { shippingId: rate.id, email }),
    );
    expect(placed.status).toBe(200);
    const id = await newest();
    expect((await api.post(`/orders/${id}/mark-paid`, { method: 'bank_transfer' })).status).toBe(
      200,
    );
    const res = await api.post(`/orders/${id}/cancel`, undefined);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(res.body.refunds).toMatchObject([{ amount: 5300, provider_refund_id: null }]);
    expect(await providerRefunds(id)).toEqual([]);
    const mail = await waitForEmail(email, (e) => e.subject.includes('was cancelled'));
    expect(mail.text).toContain('We have refunded 53.00 EUR.');
  });

  it('an unpaid order is cancelled without a refund, and its email promises none', async () => {
    const email = buyerEmail();
    const placed = await postOrder(
      shop,
      orderBody([{ productId: kettle.id, quantity: 1 }], { shippingId: rate.id, email }),
    );
    expect(placed.status).toBe(200);
    const id = await newest();
    const res = await api.post(`/orders/${id}/cancel`, undefined);
    expect(res.body).toMatchObject({ status: 'cancelled', payment_status: 'unpaid', refunds: [] });
    const mail = await waitForEmail(email, (e) => e.subject.includes('was cancelled'));
    expect(mail.text).toContain('No payment was taken for it');
    expect(mail.text).not.toContain('refunded');
  });
});
