import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { ORDER_TRANSITIONS } from '../../src/modules/orders/admin-transition-table';
import { expectError } from '../helpers/api';
import { createOrder, createProduct } from '../helpers/catalog-factory';
import { signInCustomer, testConfig } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { waitForEmail } from '../helpers/mail';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { buyerEmail, createCoupon, orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const DAY_MS = 24 * 60 * 60 * 1000;
const STATUSES = ['pending', 'delivered', 'completed', 'cancelled', 'refunded'] as const;
type Status = (typeof STATUSES)[number];

/** The documented table (docs/decisions/orders.md, "Running the shop"), written out by hand. */
const DOCUMENTED: Record<string, { path: string; from: Status[]; to: Status | null }> = {
  deliver: { path: 'deliver', from: ['pending'], to: 'delivered' },
  complete: { path: 'complete', from: ['delivered'], to: 'completed' },
  cancel: { path: 'cancel', from: ['pending'], to: 'cancelled' },
  mark_paid: { path: 'mark-paid', from: ['pending', 'delivered', 'completed'], to: null },
  request_refund: { path: 'request-refund', from: ['delivered', 'completed'], to: null },
  refund: { path: 'refund', from: ['pending', 'delivered', 'completed'], to: 'refunded' },
};

const stockOf = async (productId: string) => {
  const [row] = await testDb()
    .select({ stock: s.products.stock })
    .from(s.products)
    .where(eq(s.products.id, productId));
  return row?.stock;
};

describe('orders through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  const contact = buyerEmail('owner');

  beforeAll(async () => {
    shop = await createTestShop({
      settings: { shipping: { active: false }, branding: { helpEmail: contact } },
    });
    api = (await merchantOf(shop)).api;
  });

  /** An order placed through the storefront, taking stock of a tracked product. */
  async function placeOrder(quantity = 2, overrides: Record<string, unknown> = {}) {
    const product = await createProduct(shop, { priceMinor: 1250, trackStock: true, stock: 10 });
    const email = buyerEmail();
    const res = await postOrder(
      shop,
      orderBody([{ productId: product.id, quantity }], { email, ...overrides }),
    );
    expect(res.status).toBe(200);
    return { id: res.body.data._id as string, number: res.body.data.orderNumber, email, product };
  }

  it('lists and reads a placed order in full, and tells the merchant about it', async () => {
    const order = await placeOrder(2);
    const notice = await waitForEmail(contact, (e) => e.subject.includes(order.number));
    expect(notice.subject).toBe(`New order ${order.number} at ${shop.name}`);
    expect(notice.text).toContain(order.email);
    // The link opens the order in the dashboard at the configured origin, not an API path.
    const dashboard = testConfig().DASHBOARD_ORIGIN;
    expect(notice.text).toContain(`${dashboard}/admin/orders/${order.id}`);
    expect(notice.text).not.toContain('/admin/api/');

    const res = await api.get(`/orders/${order.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.roundTrips).toBe(1);
    expect(res.body).toMatchObject({
      object: 'order',
      order_number: order.number,
      status: 'pending',
      payment_status: 'unpaid',
      payment_method: null,
      refund_status: 'INVALID',
      currency: 'EUR',
      products_amount: 2500,
      total_amount: 2500,
      email: order.email,
      name: 'Ada Lovelace',
      shipping_address: { town: 'London', city: 'Marylebone', apartment: '', room: '' },
      lines: [{ product_id: order.product.id, quantity: 2, unit_amount: 1250, stock_held: true }],
      version: 1,
    });

    const listed = await api.get(`/orders?order_number=${order.number}`);
    expect(listed.roundTrips).toBe(1);
    expect(listed.body.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const byEmail = await api.get(`/orders?email=${encodeURIComponent(order.email.toUpperCase())}`);
    expect(byEmail.body.data.map((o: { id: string }) => o.id)).toEqual([order.id]);
  });

  it('filters by status, payment status, date range and a waiting refund request', async () => {
    const other = await createTestShop();
    const { api: own } = await merchantOf(other);
    const product = await createProduct(other, { priceMinor: 100 });
    const old = new Date(Date.now() - 10 * DAY_MS);
    const a = await createOrder(other, [{ productId: product.id, quantity: 1 }], {
      status: 'delivered',
      createdAt: old,
    });
    const b = await createOrder(other, [{ productId: product.id, quantity: 1 }], {
      paymentStatus: 'fully-paid',
    });
    const ids = async (query: string) =>
      (await own.get(`/orders?${query}`)).body.data.map((o: { id: string }) => o.id);
    expect(await ids('status=delivered')).toEqual([a.id]);
    expect(await ids('payment_status=fully-paid')).toEqual([b.id]);
    expect(await ids('payment_status=unpaid')).toEqual([a.id]);
    const since = new Date(Date.now() - DAY_MS).toISOString();
    expect(await ids(`created_since=${since}`)).toEqual([b.id]);
    expect(await ids(`created_until=${since}`)).toEqual([a.id]);
    expect(await ids('')).toEqual([b.id, a.id]);
    const bad = await own.get('/orders?status=shipped');
    expectError(bad, 422, 'VALIDATION_FAILED');
    expect(bad.body.details[0].field).toBe('status');

    // A buyer's refund request the shop has not answered yet.
    await testDb()
      .update(s.orders)
      .set({ refundState: 'requested', refundRequestedAt: new Date() })
      .where(eq(s.orders.id, b.id));
    expect(await ids('refund_requested=true')).toEqual([b.id]);
    expect(await ids('refund_requested=false')).toEqual([a.id]);
    const notWord = await own.get('/orders?refund_requested=yes');
    expectError(notWord, 422, 'VALIDATION_FAILED');
    expect(notWord.body.details[0].field).toBe('refund_requested');
  });

  it('walks every edge of the state machine: allowed ones are offered and move, the rest are 409 naming the state', async () => {
    expect(
      Object.fromEntries(
        Object.entries(ORDER_TRANSITIONS).map(([verb, rule]) => [
          verb,
          { from: [...rule.from], to: rule.to },
        ]),
      ),
    ).toEqual(
      Object.fromEntries(
        Object.entries(DOCUMENTED).map(([verb, rule]) => [verb, { from: rule.from, to: rule.to }]),
      ),
    );
    const product = await createProduct(shop, { priceMinor: 500 });
    for (const [verb, rule] of Object.entries(DOCUMENTED)) {
      for (const status of STATUSES) {
        const order = await createOrder(shop, [{ productId: product.id, quantity: 1 }], {
          status,
          paymentStatus: verb === 'mark_paid' ? 'unpaid' : 'fully-paid',
          paidTotalMinor: verb === 'mark_paid' ? 0 : 1000,
          deliveredAt: status === 'pending' ? null : new Date(),
        });
        const edge = `${verb} from ${status}`;
        // The order offers the verb exactly when the API then accepts it.
        const offered = (await api.get(`/orders/${order.id}`)).body.available_actions;
        expect(offered.includes(verb), edge).toBe(rule.from.includes(status));
        const res = await api.post(`/orders/${order.id}/${rule.path}`, {});
        if (rule.from.includes(status)) {
          expect(res.status, edge).toBe(200);
          expect(res.body.status, edge).toBe(rule.to ?? status);
          expect(res.body.version, edge).toBe(2);
        } else {
          expectError(res, 409, 'ORDER_TRANSITION_INVALID');
          expect(res.body.message, edge).toContain(`The order is ${status}`);
          expect(res.body.details, edge).toEqual([
            { field: 'status', message: `The order is ${status}.` },
          ]);
          const [row] = await testDb().select().from(s.orders).where(eq(s.orders.id, order.id));
          expect(row?.version, edge).toBe(1);
        }
      }
    }
  }, 120_000);

  it('cancels once when two cancels race: stock and coupon use come back once, downloads close', async () => {
    const coupon = await createCoupon(shop, { value: 10 });
    const order = await placeOrder(3, { coupons: [coupon.code] });
    expect(await stockOf(order.product.id)).toBe(7);
    await testDb()
      .insert(s.digitalFiles)
      .values({
        shopId: shop.id,
        productId: order.product.id,
        filename: 'a.txt',
        storageKey: `${shop.id}/files/a.txt`,
      });
    const [file] = await testDb()
      .select()
      .from(s.digitalFiles)
      .where(eq(s.digitalFiles.productId, order.product.id));
    await testDb()
      .insert(s.downloadGrants)
      .values({
        shopId: shop.id,
        orderId: order.id,
        productId: order.product.id,
        fileId: file?.id ?? '',
      });

    const [first, second] = await Promise.all([
      api.post(`/orders/${order.id}/cancel`, {}),
      api.post(`/orders/${order.id}/cancel`, {}),
    ]);
    const winner = first.status === 200 ? first : second;
    // BEGIN, lock, release (stock + coupon), downloads, update, read back, email, audit,
    // webhook events (order.status_changed, order.cancelled), COMMIT. Nothing was paid, so
    // no refund. The email's delivery runs after the response on a database of its own.
    expect(winner.roundTrips).toBe(11);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = first.status === 409 ? first : second;
    expect(loser.body.message).toContain('The order is cancelled');
    expect(await stockOf(order.product.id)).toBe(10);

    const read = await api.get(`/orders/${order.id}`);
    expect(read.body).toMatchObject({ status: 'cancelled', version: 2 });
    expect(read.body.cancelled_at).not.toBeNull();
    expect(read.body.lines[0].stock_held).toBe(false);
    const grants = await testDb()
      .select()
      .from(s.downloadGrants)
      .where(eq(s.downloadGrants.orderId, order.id));
    expect(grants.map((g) => g.active)).toEqual([false]);
    const [c] = await testDb().select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(c?.usedCount).toBe(0);
    const audit = await testDb()
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.shopId, shop.id), eq(s.auditEvents.resourceId, order.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.changes).toMatchObject({ status: { before: 'pending', after: 'cancelled' } });
    const mail = await waitForEmail(order.email, (e) => e.subject.includes('was cancelled'));
    expect(mail.subject).toBe(`Your order ${order.number} was cancelled`);
  });

  it('delivers, opens the refund window, records a request and a refund with one restock', async () => {
    const order = await placeOrder(2);
    expect((await api.post(`/orders/${order.id}/mark-paid`, {})).body).toMatchObject({
      payment_method: 'cash_on_delivery',
      paid_amount: 2500,
      version: 2,
    });
    const delivered = await api.post(`/orders/${order.id}/deliver`, {});
    expect(delivered.status).toBe(200);
    expect(delivered.headers.get('etag')).toBe('"3"');
    // BEGIN, lock, update, read back, email, audit, webhook event, COMMIT (the email's
    // delivery runs after the response on a database of its own)
    expect(delivered.roundTrips).toBe(8);
    const deliveredAt = new Date(delivered.body.delivered_at).getTime();
    expect(delivered.body.refund_status).toBe('VALID');
    expect(new Date(delivered.body.refund_expiry_date).getTime()).toBe(deliveredAt + 14 * DAY_MS);
    await waitForEmail(order.email, (e) => e.subject.includes('has been delivered'));

    const stale = await api.post(
      `/orders/${order.id}/request-refund`,
      {},
      { headers: { 'if-match': '"2"' } },
    );
    expectError(stale, 412, 'PRECONDITION_FAILED');
    const requested = await api.post(
      `/orders/${order.id}/request-refund`,
      { reason: 'Too small' },
      { headers: { 'if-match': '"3"' } },
    );
    expect(requested.body).toMatchObject({ refund_status: 'EXISTING', refund_reason: 'Too small' });
    expectError(
      await api.post(`/orders/${order.id}/request-refund`, {}),
      409,
      'REFUND_ALREADY_REQUESTED',
    );
    const tooMuch = await api.post(`/orders/${order.id}/refund`, { amount: 2501 });
    expectError(tooMuch, 422, 'REFUND_EXCEEDS_PAID');
    expect(tooMuch.body.details[0].field).toBe('amount');

    const refunded = await api.post(`/orders/${order.id}/refund`, { restock: true });
    expect(refunded.body).toMatchObject({
      status: 'refunded',
      refund_status: 'DONE',
      refunded_amount: 2500,
    });
    expect(await stockOf(order.product.id)).toBe(10);
    expectError(
      await api.post(`/orders/${order.id}/refund`, { restock: true }),
      409,
      'ORDER_TRANSITION_INVALID',
    );
    expect(await stockOf(order.product.id)).toBe(10);
    const mail = await waitForEmail(order.email, (e) => e.subject.includes('refund'));
    expect(mail.text).toContain('25.00 EUR');
  });

  it('marks an unpaid order paid once, refuses refunds of unpaid orders and closed windows', async () => {
    const product = await createProduct(shop, { priceMinor: 800 });
    const unpaid = await createOrder(shop, [{ productId: product.id, quantity: 1 }], {
      status: 'delivered',
      deliveredAt: new Date(),
    });
    expectError(await api.post(`/orders/${unpaid.id}/refund`, {}), 409, 'ORDER_NOT_PAID');
    const paid = await api.post(`/orders/${unpaid.id}/mark-paid`, { method: 'bank_transfer' });
    expect(paid.body).toMatchObject({
      payment_status: 'fully-paid',
      payment_method: 'bank_transfer',
      paid_amount: 1000,
      balance_amount: 0,
    });
    expectError(await api.post(`/orders/${unpaid.id}/mark-paid`, {}), 409, 'ORDER_ALREADY_PAID');
    const bad = await api.post(`/orders/${unpaid.id}/mark-paid`, { method: 'cheque' });
    expectError(bad, 422, 'VALIDATION_FAILED');

    const late = await createOrder(shop, [{ productId: product.id, quantity: 1 }], {
      status: 'delivered',
      paymentStatus: 'fully-paid',
      deliveredAt: new Date(Date.now() - 15 * DAY_MS),
    });
    const read = await api.get(`/orders/${late.id}`);
    expect(read.body.refund_status).toBe('EXPIRED');
    expectError(
      await api.post(`/orders/${late.id}/request-refund`, {}),
      409,
      'REFUND_WINDOW_CLOSED',
    );
  });

  it("shows the buyer the refund window the merchant sees, from the storefront's own words", async () => {
    const buyer = await signInCustomer(shop);
    const product = await createProduct(shop, { priceMinor: 700, trackStock: false });
    const placed = await buyer.api.post(
      '/orders',
      orderBody([{ productId: product.id, quantity: 1 }], {
        cartUserId: buyer.customer.id,
        email: buyer.customer.email,
      }),
    );
    const id = placed.body.data._id as string;
    const storefront = async () => (await buyer.api.get(`/orders/${id}`)).body.data;
    expect((await storefront()).refundStatus).toBe('INVALID');
    await api.post(`/orders/${id}/mark-paid`, {});
    const delivered = (await api.post(`/orders/${id}/deliver`, {})).body;
    const seen = await storefront();
    expect(seen).toMatchObject({
      status: 'delivered',
      paymentStatus: 'fully-paid',
      refundStatus: 'VALID',
      refundExpiryDate: delivered.refund_expiry_date,
    });
    await api.post(`/orders/${id}/request-refund`, {});
    expect((await storefront()).refundStatus).toBe('EXISTING');
    await api.post(`/orders/${id}/refund`, {});
    expect(await storefront()).toMatchObject({ status: 'refunded', refundStatus: 'DONE' });
  });

  it("answers ORDER_NOT_FOUND for unknown, malformed and other shops' ids", async () => {
    const other = await createTestShop();
    const product = await createProduct(other, { priceMinor: 100 });
    const foreign = await createOrder(other, [{ productId: product.id, quantity: 1 }]);
    for (const id of [crypto.randomUUID(), 'not-a-uuid', foreign.id]) {
      expectError(await api.get(`/orders/${id}`), 404, 'ORDER_NOT_FOUND');
      expectError(await api.post(`/orders/${id}/cancel`, {}), 404, 'ORDER_NOT_FOUND');
    }
  });
});
