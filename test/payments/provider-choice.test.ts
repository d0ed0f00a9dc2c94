import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import {
  completeSession,
  enablePayments,
  orderBody,
  postOrder,
  postWebhook,
  providerSessions,
  type TestProvider,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/*
 * Checkout and the webhook choose a shop's provider by one rule (shopPaymentProviderSql):
 * with an active row and a newer inactive one (credentials replaced but not switched on),
 * both use the active one.
 */
describe("the shop's payment provider", () => {
  let shop: TestShop;
  let mug: TestProduct;
  let active: TestProvider;
  let newer: TestProvider;

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    mug = await createProduct(shop, { priceMinor: 1500, trackStock: false });
    active = await enablePayments(shop, { createdAt: new Date(Date.now() - 60 * 60 * 1000) });
    newer = await enablePayments(shop, { active: false, createdAt: new Date() });
  });

  it('is the same active one for checkout and for the webhook', async () => {
    const res = await postOrder(shop, orderBody([{ productId: mug.id, quantity: 2 }]));
    expect(res.body.data.action).toBe('CHECKOUT-LINK');
    const [order] = await testDb()
      .select()
      .from(s.orders)
      .where(eq(s.orders.paymentUrl, res.body.data.link));
    if (!order) throw new Error('order missing');
    const [session] = await providerSessions(order.id);
    if (!session) throw new Error('no session');
    // Checkout opened the session with the active provider's key, not the newer row's.
    expect(session.apiKey).toBe(active.secretKey);

    const event = await completeSession(session.session.id);
    // The webhook verifies with the same provider: the newer row's secret is refused.
    expectError(
      await postWebhook(shop.id, event, newer.webhookSecret),
      400,
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect((await postWebhook(shop.id, event, active.webhookSecret)).status).toBe(200);
    const [paid] = await testDb().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(paid?.paymentStatus).toBe('fully-paid');
  });

  it('cannot be two: a second active provider is refused by the database', async () => {
    await expect(enablePayments(shop)).rejects.toThrow();
    const rows = await testDb()
      .select()
      .from(s.paymentProviders)
      .where(eq(s.paymentProviders.shopId, shop.id));
    expect(rows.filter((row) => row.active)).toHaveLength(1);
  });
});
