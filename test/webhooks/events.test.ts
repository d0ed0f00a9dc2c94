import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { requestCode, uniqueEmail, verify } from '../auth/support';
import { client } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { merchantOf } from '../helpers/merchant';
import {
  completeSession,
  enablePayments,
  orderBody,
  postWebhook,
  providerSessions,
} from '../helpers/order-factory';
import { createOrderFixture, createProductFixture } from '../helpers/order-fixtures';
import { createTestShop, type ShopOverrides } from '../helpers/shop-factory';
import { type Inbox, registerEndpoint, WEBHOOK_MANAGER_SCOPES } from '../helpers/webhooks';
import { newAddress, nextConfirmation, subscribe } from '../newsletter/support';

type Body = { id: string; type: string; timestamp: string; data: Record<string, unknown> };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When the running test began: an event's timestamp falls after it, however long it took. */
let testStarted = 0;
beforeEach(() => {
  testStarted = Date.now();
});

/** A shop with an endpoint for `event` only. */
async function shopListeningTo(event: string, overrides: ShopOverrides = {}) {
  const shop = await createTestShop(overrides);
  const { api } = await merchantOf(shop, { scopes: WEBHOOK_MANAGER_SCOPES });
  const { inbox } = await registerEndpoint(api, [event]);
  return { shop, inbox };
}

/** The one delivery the inbox got, verified there with the `standardwebhooks` library. */
async function onlyDelivery(inbox: Inbox) {
  const received = await inbox.waitFor(1);
  // Give a duplicate the chance to arrive before asserting there is none.
  await pause(200);
  expect(await inbox.received()).toHaveLength(1);
  expect(received[0]?.verified, received[0]?.verifyError ?? '').toBe(true);
  const body = received[0]?.body as Body;
  expect(body.id).toBe(received[0]?.id);
  // Stamped during the test (a second's leeway for the database's clock).
  expect(Date.parse(body.timestamp)).toBeGreaterThanOrEqual(testStarted - 1000);
  expect(Date.parse(body.timestamp)).toBeLessThanOrEqual(Date.now() + 1000);
  return body;
}

describe('webhook events from storefront writes', () => {
  it('order.paid: the provider’s payment webhook marks the order paid and emits it once', async () => {
    const { shop, inbox } = await shopListeningTo('order.paid', {
      settings: { shipping: { active: false } },
    });
    const provider = await enablePayments(shop);
    const buyer = await signInCustomer(shop);
    const ebook = await createProduct(shop, {
      priceMinor: 1999,
      isDigital: true,
      trackStock: false,
    });
    const placed = await buyer.api.post(
      '/orders',
      orderBody([{ productId: ebook.id, quantity: 1 }], { email: buyer.customer.email }),
    );
    expect(placed.body.data.action).toBe('CHECKOUT-LINK');
    const [order] = await testDb()
      .select()
      .from(s.orders)
      .where(eq(s.orders.paymentUrl, placed.body.data.link));
    const [session] = await providerSessions(order?.id ?? '');
    const event = await completeSession(session?.session.id ?? '');
    expect((await postWebhook(shop.id, event, provider.webhookSecret)).status).toBe(200);
    const body = await onlyDelivery(inbox);
    expect(body).toMatchObject({
      type: 'order.paid',
      data: { id: order?.id, payment_status: 'fully-paid', paid_total: 1999, total: 1999 },
    });
    // The provider retrying its event changes nothing and emits nothing again.
    expect((await postWebhook(shop.id, event, provider.webhookSecret)).status).toBe(200);
    await pause(300);
    expect(await inbox.received()).toHaveLength(1);
  });

  it('review.created: emitted by the review’s own statement (still one round trip)', async () => {
    const { shop, inbox } = await shopListeningTo('review.created');
    const buyer = await signInCustomer(shop, { name: 'Katherine Johnson' });
    const productId = (await createProductFixture(shop)).id;
    const order = await createOrderFixture(shop, {
      customerId: buyer.customer.id,
      status: 'delivered',
      lines: [{ productId }],
    });
    const res = await buyer.api.post('/reviews', {
      orderId: order.id,
      productId,
      variationLabel: '',
      rating: 4,
      comment: 'Good.',
    });
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    const body = await onlyDelivery(inbox);
    expect(body).toMatchObject({
      type: 'review.created',
      data: { _id: res.body.data._id, productId, orderId: order.id, rating: 4, status: 'pending' },
    });
  });

  it('customer.created: the sign-in that creates a customer emits it, others do not', async () => {
    const { shop, inbox } = await shopListeningTo('customer.created', {
      settings: { checkout: { requiresAccount: true } },
    });
    const signIn = async (email: string) => {
      const { id, code } = await requestCode(shop.apiKey, email);
      const res = await verify(shop.apiKey, { email, id, code, event: 'login' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const known = await signInCustomer(shop);
    await signIn(known.customer.email);
    await pause(300);
    expect(await inbox.received()).toHaveLength(0);

    const email = uniqueEmail('newcomer');
    await signIn(email);
    const body = await onlyDelivery(inbox);
    const [customer] = await testDb()
      .select()
      .from(s.customers)
      .where(eq(s.customers.email, email));
    expect(body).toMatchObject({ type: 'customer.created', data: { id: customer?.id, email } });
  });

  it('newsletter.subscribed: on confirmation, not on the request, and once', async () => {
    const { shop, inbox } = await shopListeningTo('newsletter.subscribed');
    const email = newAddress();
    await subscribe(shop.apiKey, { email, _hp: '' });
    const { links } = await nextConfirmation(email);
    const confirm = () =>
      client(shop.apiKey).patch(`/newsletter/${links.subscription}`, {
        email: links.email,
        integrityId: links.integrity,
      });
    expect(await inbox.received()).toHaveLength(0);
    expect((await confirm()).body.message).toBe('Verified');
    const body = await onlyDelivery(inbox);
    expect(body).toMatchObject({
      type: 'newsletter.subscribed',
      data: { id: links.subscription, email, status: 'verified' },
    });
    // Confirming twice is not a second subscription.
    expect((await confirm()).body.message).toBe('Verified');
    await pause(300);
    expect(await inbox.received()).toHaveLength(1);
  });
});
