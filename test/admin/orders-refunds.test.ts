import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { createOrder, createProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { waitForEmail } from '../helpers/mail';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { buyerEmail, orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const stockOf = async (productId: string) => {
  const [row] = await testDb()
    .select({ stock: s.products.stock })
    .from(s.products)
    .where(eq(s.products.id, productId));
  return row?.stock;
};

describe('partial refunds through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    api = (await merchantOf(shop)).api;
  });

  /** A delivered order paid in full: 53.42 EUR unless given. */
  async function paidOrder(totalMinor = 5342, email = buyerEmail()) {
    const product = await createProduct(shop, { priceMinor: totalMinor });
    return createOrder(shop, [{ productId: product.id, quantity: 1, unitPriceMinor: totalMinor }], {
      email,
      status: 'delivered',
      deliveredAt: new Date(),
      paymentStatus: 'fully-paid',
      paidTotalMinor: totalMinor,
    });
  }

  it('refunds 20.00 of 53.42, then the rest, then refuses a third: the issue’s example', async () => {
    const email = buyerEmail();
    const order = await paidOrder(5342, email);
    const first = await api.post(`/orders/${order.id}/refunds`, {
      amount: 2000,
      reason: 'Arrived scratched',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      status: 'delivered',
      payment_status: 'partially-refunded',
      refunded_amount: 2000,
      refunds: [{ amount: 2000, reason: 'Arrived scratched', restock: [] }],
      version: 2,
    });
    // Partly refunded is still paid: the rest can be refunded, and it is never marked paid.
    expect(first.body.available_actions).toEqual(['complete', 'request_refund', 'refund']);
    const mail = await waitForEmail(email, (e) => e.subject.includes('refund'));
    expect(mail.text).toContain('20.00 EUR');

    const rest = await api.post(`/orders/${order.id}/refunds`, { amount: 3342 });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      status: 'refunded',
      payment_status: 'refunded',
      refund_status: 'DONE',
      refunded_amount: 5342,
    });
    expect(rest.body.refunds.map((r: { amount: number }) => r.amount)).toEqual([2000, 3342]);
    expect(rest.body.available_actions).toEqual([]);

    expectError(
      await api.post(`/orders/${order.id}/refunds`, { amount: 1 }),
      409,
      'ORDER_TRANSITION_INVALID',
    );
    const rows = await testDb()
      .select()
      .from(s.orderRefunds)
      .where(and(eq(s.orderRefunds.shopId, shop.id), eq(s.orderRefunds.orderId, order.id)));
    expect(rows.map((r) => r.amountMinor).sort()).toEqual([2000, 3342]);
  });

  it('refunds a paid order before it is delivered, in part then in full', async () => {
    const email = buyerEmail();
    const product = await createProduct(shop, { priceMinor: 4000 });
    const order = await createOrder(
      shop,
      [{ productId: product.id, quantity: 1, unitPriceMinor: 4000 }],
      { email, status: 'pending', paymentStatus: 'fully-paid', paidTotalMinor: 4000 },
    );
    const offered = (await api.get(`/orders/${order.id}`)).body.available_actions;
    expect(offered).toEqual(['deliver', 'cancel', 'refund']);
    const part = await api.post(`/orders/${order.id}/refunds`, { amount: 1500, reason: 'Late' });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      status: 'pending',
      payment_status: 'partially-refunded',
      refunded_amount: 1500,
      refunds: [{ amount: 1500, reason: 'Late' }],
    });
    // Still open: it can ship, be cancelled, or be refunded further.
    expect(part.body.available_actions).toEqual(['deliver', 'cancel', 'refund']);
    const mail = await waitForEmail(email, (e) => e.subject.includes('refund'));
    expect(mail.text).toContain('15.00 EUR');
    const rest = await api.post(`/orders/${order.id}/refunds`, { amount: 2500 });
    expect(rest.body).toMatchObject({
      status: 'refunded',
      payment_status: 'refunded',
      refunded_amount: 4000,
      available_actions: [],
    });
  });

  it('refuses a refund of an unpaid or cancelled order', async () => {
    const product = await createProduct(shop, { priceMinor: 1000 });
    const lines = [{ productId: product.id, quantity: 1, unitPriceMinor: 1000 }];
    const unpaid = await createOrder(shop, lines, { status: 'pending' });
    expect((await api.get(`/orders/${unpaid.id}`)).body.available_actions).not.toContain('refund');
    expectError(
      await api.post(`/orders/${unpaid.id}/refunds`, { amount: 100 }),
      409,
      'ORDER_NOT_PAID',
    );
    const cancelled = await createOrder(shop, lines, {
      status: 'cancelled',
      paymentStatus: 'fully-paid',
      paidTotalMinor: 1000,
    });
    expectError(
      await api.post(`/orders/${cancelled.id}/refunds`, { amount: 100 }),
      409,
      'ORDER_TRANSITION_INVALID',
    );
  });

  it('refuses more than is left with a code, and fractional or missing amounts', async () => {
    const order = await paidOrder(5342);
    expect((await api.post(`/orders/${order.id}/refunds`, { amount: 2000 })).status).toBe(200);
    const tooMuch = await api.post(`/orders/${order.id}/refunds`, { amount: 3343 });
    expectError(tooMuch, 422, 'REFUND_EXCEEDS_PAID');
    expect(tooMuch.body.details[0]).toMatchObject({ field: 'amount' });
    expect(tooMuch.body.details[0].message).toContain('3342');
    const fractional = await api.post(`/orders/${order.id}/refunds`, { amount: 20.5 });
    expectError(fractional, 422, 'VALIDATION_FAILED');
    expect(fractional.body.details[0].field).toBe('amount');
    expectError(await api.post(`/orders/${order.id}/refunds`, {}), 422, 'VALIDATION_FAILED');
    const unknown = await api.post(`/orders/${order.id}/refunds`, { amount: 1, currency: 'EUR' });
    expectError(unknown, 422, 'VALIDATION_FAILED');
    const read = await api.get(`/orders/${order.id}`);
    expect(read.body).toMatchObject({ refunded_amount: 2000, version: 2 });
  });

  it('lets concurrent refunds give back at most what was paid', async () => {
    const order = await paidOrder(5000);
    const answers = await Promise.all(
      [0, 1, 2, 3].map(() => api.post(`/orders/${order.id}/refunds`, { amount: 2000 })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 422, 422]);
    for (const refused of answers.filter((a) => a.status !== 200)) {
      expectError(refused, 422, 'REFUND_EXCEEDS_PAID');
    }
    const [row] = await testDb().select().from(s.orders).where(eq(s.orders.id, order.id));
    expect(row?.refundedTotalMinor).toBe(4000);
    expect(row?.status).toBe('delivered');
  });

  it('restocks the asked quantity of a line atomically, and never more than the line took', async () => {
    const product = await createProduct(shop, { priceMinor: 1000, trackStock: true, stock: 10 });
    const placed = await postOrder(
      shop,
      orderBody([{ productId: product.id, quantity: 3 }], { email: buyerEmail() }),
    );
    const id = placed.body.data._id as string;
    expect(await stockOf(product.id)).toBe(7);
    await api.post(`/orders/${id}/mark-paid`, {});
    const delivered = await api.post(`/orders/${id}/deliver`, {});
    const lineId = delivered.body.lines[0].id as string;

    const first = await api.post(`/orders/${id}/refunds`, {
      amount: 1000,
      restock: [{ line_id: lineId, quantity: 1 }],
    });
    expect(first.status).toBe(200);
    expect(await stockOf(product.id)).toBe(8);
    expect(first.body.lines[0]).toMatchObject({ restocked_quantity: 1, stock_held: true });
    expect(first.body.refunds[0].restock).toEqual([{ line_id: lineId, quantity: 1 }]);

    const tooMany = await api.post(`/orders/${id}/refunds`, {
      amount: 1000,
      restock: [{ line_id: lineId, quantity: 3 }],
    });
    expectError(tooMany, 422, 'REFUND_RESTOCK_INVALID');
    const foreign = await api.post(`/orders/${id}/refunds`, {
      amount: 1000,
      restock: [{ line_id: crypto.randomUUID(), quantity: 1 }],
    });
    expectError(foreign, 422, 'REFUND_RESTOCK_INVALID');
    // nothing of the refused refunds was written: no money, no stock
    expect(await stockOf(product.id)).toBe(8);
    expect((await api.get(`/orders/${id}`)).body).toMatchObject({ refunded_amount: 1000 });

    // the older refund with restock: true gives back only what the line still holds
    const rest = await api.post(`/orders/${id}/refund`, { restock: true });
    expect(rest.body).toMatchObject({ status: 'refunded', refunded_amount: 3000 });
    expect(rest.body.lines[0]).toMatchObject({ stock_held: false });
    expect(await stockOf(product.id)).toBe(10);
  });

  it('keeps the storefront’s payment status words, and refunded only when fully refunded', async () => {
    const buyer = await signInCustomer(shop);
    const product = await createProduct(shop, { priceMinor: 5342, trackStock: false });
    const placed = await buyer.api.post(
      '/orders',
      orderBody([{ productId: product.id, quantity: 1 }], {
        cartUserId: buyer.customer.id,
        email: buyer.customer.email,
      }),
    );
    const id = placed.body.data._id as string;
    await api.post(`/orders/${id}/mark-paid`, {});
    await api.post(`/orders/${id}/deliver`, {});
    await api.post(`/orders/${id}/refunds`, { amount: 2000 });
    const partial = (await buyer.api.get(`/orders/${id}`)).body.data;
    expect(partial).toMatchObject({ status: 'delivered', paymentStatus: 'fully-paid' });
    // The buyer sees each refund in the shop's currency units, with its date.
    expect(partial.refunds).toEqual([{ amount: 20, createdAt: expect.any(String) }]);
    expect(Number.isNaN(Date.parse(partial.refunds[0].createdAt))).toBe(false);
    await api.post(`/orders/${id}/refunds`, { amount: 3342 });
    const full = (await buyer.api.get(`/orders/${id}`)).body.data;
    expect(full).toMatchObject({ status: 'refunded', refundStatus: 'DONE' });
    expect(full.refunds.map((r: { amount: number }) => r.amount)).toEqual([20, 33.42]);
    // Another customer of the shop sees nothing of it.
    const other = await signInCustomer(shop);
    expectError(await other.api.get(`/orders/${id}`), 404, 'ORDER_NOT_FOUND');
  });

  it('filters the list by the refined payment status', async () => {
    const other = await createTestShop();
    const { api: own } = await merchantOf(other);
    const product = await createProduct(other, { priceMinor: 1000 });
    const paid = { status: 'delivered' as const, paymentStatus: 'fully-paid' as const };
    const whole = await createOrder(other, [{ productId: product.id, quantity: 1 }], {
      ...paid,
      paidTotalMinor: 1000,
    });
    const part = await createOrder(other, [{ productId: product.id, quantity: 1 }], {
      ...paid,
      paidTotalMinor: 1000,
    });
    await own.post(`/orders/${whole.id}/refunds`, { amount: 1000 });
    await own.post(`/orders/${part.id}/refunds`, { amount: 400 });
    const ids = async (q: string) =>
      (await own.get(`/orders?payment_status=${q}`)).body.data.map((o: { id: string }) => o.id);
    expect(await ids('refunded')).toEqual([whole.id]);
    expect(await ids('partially-refunded')).toEqual([part.id]);
    expect(await ids('fully-paid')).toEqual([]);
  });

  it('needs orders:refund (orders:write is not enough), and answers 404 for another shop’s order', async () => {
    const order = await paidOrder(1000);
    for (const scopes of [['orders:read'], ['orders:write']] as const) {
      const { api: lacking } = await merchantOf(shop, { scopes: [...scopes] });
      expectError(
        await lacking.post(`/orders/${order.id}/refunds`, { amount: 100 }),
        403,
        'MERCHANT_SCOPE_MISSING',
      );
    }
    const other = await createTestShop();
    const { api: stranger } = await merchantOf(other);
    expectError(
      await stranger.post(`/orders/${order.id}/refunds`, { amount: 100 }),
      404,
      'ORDER_NOT_FOUND',
    );
  });
});
