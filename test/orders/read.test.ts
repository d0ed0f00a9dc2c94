import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { OrderDetailSchema, OrderListSchema } from '../../src/modules/orders/schemas';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import {
  createCoupon,
  createDigitalFile,
  createShippingRate,
  markPaid,
  orderBody,
} from '../helpers/order-factory';
import { createOrderFixture } from '../helpers/order-fixtures';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const DAY = 24 * 60 * 60 * 1000;

describe('GET /orders and GET /orders/:id', () => {
  let shop: TestShop;
  let buyer: Awaited<ReturnType<typeof signInCustomer>>;
  let rate: { id: string };
  let shirt: TestProduct;
  let ebook: TestProduct;
  let placedId: string;

  const setOrder = (id: string, values: Partial<typeof s.orders.$inferInsert>) =>
    testDb().update(s.orders).set(values).where(eq(s.orders.id, id));

  beforeAll(async () => {
    shop = await createTestShop({ refundWindowDays: 14 });
    buyer = await signInCustomer(shop);
    rate = await createShippingRate(shop, { title: 'Parcel', priceMinor: 400 });
    shirt = await createProduct(shop, { title: 'Shirt', priceMinor: 2000, trackStock: false });
    ebook = await createProduct(shop, {
      title: 'Field guide',
      priceMinor: 1200,
      isDigital: true,
      trackStock: false,
    });
    await createDigitalFile(shop, ebook.id, { title: 'Guide (PDF)', filename: 'guide.pdf' });
    await createCoupon(shop, { code: 'READ5', kind: 'fixed', value: 500 });
    const res = await buyer.api.post(
      '/orders',
      orderBody(
        [
          { productId: shirt.id, quantity: 2 },
          { productId: ebook.id, quantity: 1 },
        ],
        {
          shippingId: rate.id,
          coupons: ['READ5'],
          cartUserId: buyer.customer.id,
          email: buyer.customer.email,
          note: 'Gift',
        },
      ),
    );
    expect(res.status).toBe(200);
    placedId = res.body.data._id;
  });

  it('shows an order in detail, in one statement with the session check', async () => {
    const res = await buyer.api.get(`/orders/${placedId}`);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    const parsed = OrderDetailSchema.strict().safeParse(res.body.data);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(res.body.data).toMatchObject({
      _id: placedId,
      status: 'pending',
      paymentStatus: 'unpaid',
      productsTotal: 52,
      couponTotal: 5,
      shippingTotal: 4,
      taxTotal: 0,
      cartTotal: 51,
      paymentTotal: 0,
      paymentBalance: 51,
      note: 'Gift',
      coupons: [{ code: 'READ5', amount: 5 }],
      shipping: { _id: rate.id, name: 'Parcel', price: 4, type: 'standard' },
      products: [
        {
          _id: shirt.id,
          title: 'Shirt',
          quantity: 2,
          price: 20,
          shippingId: rate.id,
          variationKey: '',
        },
        { _id: ebook.id, title: 'Field guide', quantity: 1, price: 12, shippingId: null },
      ],
      refundStatus: 'INVALID',
      downloadables: [],
    });
  });

  it('lists downloadables only once the order is fully paid', async () => {
    await setOrder(placedId, { paymentStatus: 'fully-paid', paidTotalMinor: 5100 });
    const res = await buyer.api.get(`/orders/${placedId}`);
    expect(res.body.data).toMatchObject({ paymentTotal: 51, paymentBalance: 0 });
    expect(res.body.data.downloadables).toEqual([
      {
        _id: ebook.id,
        title: 'Field guide',
        files: [
          expect.objectContaining({
            _id: expect.any(String),
            title: 'Guide (PDF)',
            filename: 'guide.pdf',
            active: true,
            downloadCount: 0,
          }),
        ],
      },
    ]);
    await setOrder(placedId, { paymentStatus: 'unpaid', paidTotalMinor: 0 });
  });

  it('reports the refund window and state by the documented rules', async () => {
    const now = Date.now();
    const cases: Array<[Partial<typeof s.orders.$inferInsert>, string]> = [
      [{ status: 'pending' }, 'INVALID'],
      [{ status: 'cancelled' }, 'INVALID'],
      [{ status: 'delivered', deliveredAt: new Date(now - 3 * DAY) }, 'VALID'],
      [{ status: 'completed', deliveredAt: new Date(now - 13 * DAY) }, 'VALID'],
      [{ status: 'delivered', deliveredAt: new Date(now - 15 * DAY) }, 'EXPIRED'],
      [
        { status: 'delivered', deliveredAt: new Date(now - DAY), refundState: 'requested' },
        'EXISTING',
      ],
      [{ status: 'refunded', refundState: 'refunded' }, 'DONE'],
      [{ status: 'delivered', refundState: 'refunded' }, 'DONE'],
    ];
    for (const [values, expected] of cases) {
      const order = await createOrderFixture(shop, { customerId: buyer.customer.id });
      await setOrder(order.id, values);
      const res = await buyer.api.get(`/orders/${order.id}`);
      expect([values, res.body.data.refundStatus]).toEqual([values, expected]);
      const from = values.deliveredAt ?? order.createdAt;
      expect(res.body.data.refundExpiryDate).toBe(
        new Date(from.getTime() + 14 * DAY).toISOString(),
      );
    }
  });

  it('lists the customer’s orders newest first as Shape B, in one statement', async () => {
    const res = await buyer.api.get('/orders');
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    const parsed = OrderListSchema.strict().safeParse(res.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(res.body).toMatchObject({ status: 'success', page: 1, limit: 10 });
    expect(res.body.total).toBeGreaterThanOrEqual(9);
    const dates = res.body.data.map((o: { date: string }) => o.date);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('pages through the list and caps the page size at 50', async () => {
    const other = await signInCustomer(shop);
    for (let i = 0; i < 12; i++) {
      const order = await createOrderFixture(shop, { customerId: other.customer.id });
      await setOrder(order.id, { createdAt: new Date(Date.UTC(2030, 0, 1 + i)) });
    }
    const page = await other.api.get('/orders?page=3&limit=5');
    expect(page.body).toMatchObject({ total: 12, page: 3, limit: 5, totalPages: 3 });
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0].date).toBe('2030-01-02T00:00:00.000Z');
    const capped = await other.api.get('/orders?limit=500');
    expect(capped.body).toMatchObject({ limit: 50, totalPages: 1 });
    expect(capped.body.data).toHaveLength(12);
    const beyond = await other.api.get('/orders?page=9');
    expect(beyond.body).toMatchObject({ total: 12, data: [] });
    expectError(await other.api.get('/orders?page=0'), 422, 'VALIDATION_FAILED');
  });

  it('folds the session check into the statement: expired and revoked sessions are refused', async () => {
    const expired = await signInCustomer(shop);
    await testDb()
      .update(s.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.sessions.id, expired.sessionId));
    expectError(await expired.api.get('/orders'), 401, 'SESSION_EXPIRED');
    expectError(await expired.api.get(`/orders/${placedId}`), 401, 'SESSION_EXPIRED');
    const revoked = await signInCustomer(shop);
    await testDb()
      .update(s.sessions)
      .set({ revokedAt: new Date() })
      .where(eq(s.sessions.id, revoked.sessionId));
    expectError(await revoked.api.get('/orders'), 401, 'AUTH_TOKEN_INVALID');
    const blocked = await signInCustomer(shop, { status: 'blacklisted' });
    expectError(await blocked.api.get('/orders/not-a-uuid'), 403, 'ACCOUNT_BLACKLISTED');
  });

  it('marks a fully paid order with its payment', async () => {
    const order = await createOrderFixture(shop, {
      customerId: buyer.customer.id,
      lines: [{ productId: shirt.id, quantity: 1 }],
    });
    await markPaid(order.id);
    await setOrder(order.id, { paidTotalMinor: 1000 });
    const res = await buyer.api.get(`/orders/${order.id}`);
    expect(res.body.data).toMatchObject({
      paymentStatus: 'fully-paid',
      paymentTotal: 10,
      paymentBalance: 0,
      shipping: null,
      coupons: [],
    });
  });
});
