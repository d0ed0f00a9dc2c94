import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { createOrderFixture, createProductFixture } from '../helpers/order-fixtures';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Signed = Awaited<ReturnType<typeof signInCustomer>>;

describe('POST /reviews', () => {
  let shop: TestShop;
  let buyer: Signed;
  let productId: string;
  let variantProductId: string;

  beforeAll(async () => {
    shop = await createTestShop();
    buyer = await signInCustomer(shop, { name: 'Katherine Johnson' });
    productId = (await createProductFixture(shop)).id;
    variantProductId = (await createProductFixture(shop)).id;
  });

  const deliveredOrder = (status: (typeof s.orderStatus.enumValues)[number] = 'delivered') =>
    createOrderFixture(shop, {
      customerId: buyer.customer.id,
      status,
      lines: [{ productId }, { productId: variantProductId, variationKey: 'red-m' }],
    });

  const body = (orderId: string, extra: Record<string, unknown> = {}) => ({
    orderId,
    productId,
    variationLabel: '',
    rating: 5,
    comment: 'Fits perfectly.',
    ...extra,
  });

  it('creates a pending review in one statement, token check included', async () => {
    const order = await deliveredOrder();
    const res = await buyer.api.post('/reviews', body(order.id));
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(res.body.data).toMatchObject({
      productId,
      orderId: order.id,
      rating: 5,
      comment: 'Fits perfectly.',
      variationLabel: '',
      status: 'pending',
    });
    const [row] = await testDb()
      .select()
      .from(s.reviews)
      .where(eq(s.reviews.id, res.body.data._id));
    expect(row).toMatchObject({ buyerName: 'Katherine Johnson', customerId: buyer.customer.id });
  });

  it('allows every order state the contract names', async () => {
    for (const status of ['completed', 'cancelled', 'refunded'] as const) {
      const order = await deliveredOrder(status);
      expect((await buyer.api.post('/reviews', body(order.id))).status).toBe(200);
    }
  });

  it('stores the variation key of the order line', async () => {
    const order = await deliveredOrder();
    const res = await buyer.api.post(
      '/reviews',
      body(order.id, { productId: variantProductId, variationLabel: 'red-m' }),
    );
    expect(res.body.data.variationLabel).toBe('red-m');
    const other = await deliveredOrder();
    const guessed = await buyer.api.post(
      '/reviews',
      body(other.id, { productId: variantProductId, variationLabel: 'blue-s' }),
    );
    expect(guessed.body.data.variationLabel).toBe('red-m');
  });

  it('takes the order name when the customer has none', async () => {
    const nameless = await signInCustomer(shop, { name: '' });
    const order = await createOrderFixture(shop, {
      customerId: nameless.customer.id,
      status: 'delivered',
      name: 'Dorothy Vaughan',
      lines: [{ productId }],
    });
    const res = await nameless.api.post('/reviews', body(order.id));
    const [row] = await testDb()
      .select()
      .from(s.reviews)
      .where(eq(s.reviews.id, res.body.data._id));
    expect(row?.buyerName).toBe('Dorothy Vaughan');
  });

  it('accepts a review once per product per order, even under 5 parallel posts', async () => {
    const order = await deliveredOrder();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => buyer.api.post('/reviews', body(order.id))),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const res of results.filter((r) => r.status !== 200)) {
      expectError(res, 409, 'REVIEW_ALREADY_EXISTS');
    }
    const rows = await testDb()
      .select()
      .from(s.reviews)
      .where(and(eq(s.reviews.orderId, order.id), eq(s.reviews.productId, productId)));
    expect(rows).toHaveLength(1);
    // The other product of the same order can still be reviewed.
    const other = await buyer.api.post(
      '/reviews',
      body(order.id, { productId: variantProductId, variationLabel: 'red-m' }),
    );
    expect(other.status).toBe(200);
  });

  it('answers REVIEW_ORDER_STATUS_INVALID before delivery', async () => {
    const order = await deliveredOrder('pending');
    expectError(
      await buyer.api.post('/reviews', body(order.id)),
      403,
      'REVIEW_ORDER_STATUS_INVALID',
    );
  });

  it('answers REVIEW_ORDER_NOT_FOUND for an unknown, malformed or foreign order', async () => {
    const stranger = await signInCustomer(shop);
    const strangers = await createOrderFixture(shop, {
      customerId: stranger.customer.id,
      status: 'delivered',
      lines: [{ productId }],
    });
    const guest = await createOrderFixture(shop, { status: 'delivered', lines: [{ productId }] });
    for (const orderId of [crypto.randomUUID(), 'order-1', strangers.id, guest.id]) {
      expectError(await buyer.api.post('/reviews', body(orderId)), 404, 'REVIEW_ORDER_NOT_FOUND');
    }
  });

  it('answers REVIEW_PRODUCT_NOT_FOUND for a product not in the order', async () => {
    const order = await deliveredOrder();
    const notOrdered = await createProductFixture(shop);
    for (const id of [notOrdered.id, crypto.randomUUID(), 'not-a-uuid']) {
      expectError(
        await buyer.api.post('/reviews', body(order.id, { productId: id })),
        404,
        'REVIEW_PRODUCT_NOT_FOUND',
      );
    }
  });

  it('validates rating (integer 1 to 5) and comment length', async () => {
    const order = await deliveredOrder();
    for (const extra of [
      { rating: 0 },
      { rating: 6 },
      { rating: 4.5 },
      { rating: '5' },
      { comment: 'x'.repeat(2001) },
    ]) {
      expectError(
        await buyer.api.post('/reviews', body(order.id, extra)),
        422,
        'VALIDATION_FAILED',
      );
    }
    const edge = await buyer.api.post(
      '/reviews',
      body(order.id, { rating: 1, comment: 'x'.repeat(2000) }),
    );
    expect(edge.status).toBe(200);
  });

  it('ignores a status sent by the client: new reviews are pending', async () => {
    const order = await deliveredOrder();
    const res = await buyer.api.post(
      '/reviews',
      body(order.id, { status: 'approved', hidden: false }),
    );
    expect(res.body.data.status).toBe('pending');
  });

  it('answers REVIEWS_DISABLED when the shop turned reviews off', async () => {
    const closed = await createTestShop({ settings: { reviews: { allowReviews: false } } });
    const customer = await signInCustomer(closed);
    const product = await createProductFixture(closed);
    const order = await createOrderFixture(closed, {
      customerId: customer.customer.id,
      status: 'delivered',
      lines: [{ productId: product.id }],
    });
    expectError(
      await customer.api.post('/reviews', body(order.id, { productId: product.id })),
      403,
      'REVIEWS_DISABLED',
    );
  });

  it('requires a usable session: missing, revoked or blacklisted are refused', async () => {
    const order = await deliveredOrder();
    expectError(
      await client(shop.apiKey).post('/reviews', body(order.id)),
      401,
      'AUTH_TOKEN_MISSING',
    );
    const revoked = await signInCustomer(shop);
    await testDb()
      .update(s.sessions)
      .set({ revokedAt: new Date() })
      .where(eq(s.sessions.id, revoked.sessionId));
    const revokedOrder = await createOrderFixture(shop, {
      customerId: revoked.customer.id,
      status: 'delivered',
      lines: [{ productId }],
    });
    expectError(
      await revoked.api.post('/reviews', body(revokedOrder.id)),
      401,
      'AUTH_TOKEN_INVALID',
    );
    const blocked = await signInCustomer(shop, { status: 'blacklisted' });
    const blockedOrder = await createOrderFixture(shop, {
      customerId: blocked.customer.id,
      status: 'delivered',
      lines: [{ productId }],
    });
    expectError(
      await blocked.api.post('/reviews', body(blockedOrder.id)),
      403,
      'ACCOUNT_BLACKLISTED',
    );
    const written = await testDb()
      .select()
      .from(s.reviews)
      .where(eq(s.reviews.orderId, revokedOrder.id));
    expect(written).toHaveLength(0);
  });
});

describe('GET /reviews/my', () => {
  let shop: TestShop;
  let buyer: Signed;
  let productId: string;

  beforeAll(async () => {
    shop = await createTestShop();
    buyer = await signInCustomer(shop);
    productId = (await createProductFixture(shop)).id;
  });

  it("lists the caller's reviews of the order in one statement, token check included", async () => {
    const second = await createProductFixture(shop);
    const order = await createOrderFixture(shop, {
      customerId: buyer.customer.id,
      status: 'completed',
      lines: [{ productId }, { productId: second.id }],
    });
    const review = {
      orderId: order.id,
      variationLabel: '',
      rating: 4,
      comment: 'Good',
    };
    await buyer.api.post('/reviews', { ...review, productId });
    await buyer.api.post('/reviews', { ...review, productId: second.id, rating: 2 });
    const res = await buyer.api.get(`/reviews/my?orderId=${order.id}`);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(res.body.data).toHaveLength(2);
    for (const item of res.body.data) {
      expect(item.status).toBe('pending');
    }
    expect(res.body.data.map((r: { productId: string }) => r.productId).sort()).toEqual(
      [productId, second.id].sort(),
    );
  });

  it('answers an empty array for an order of theirs without reviews', async () => {
    const order = await createOrderFixture(shop, { customerId: buyer.customer.id });
    const res = await buyer.api.get(`/reviews/my?orderId=${order.id}`);
    expect(res.body).toMatchObject({ status: 'success', data: [] });
  });

  it("reads another customer's order as not found", async () => {
    const other = await signInCustomer(shop);
    const order = await createOrderFixture(shop, {
      customerId: other.customer.id,
      status: 'delivered',
      lines: [{ productId }],
    });
    await other.api.post('/reviews', {
      orderId: order.id,
      productId,
      variationLabel: '',
      rating: 5,
      comment: 'Mine',
    });
    for (const orderId of [order.id, crypto.randomUUID(), 'nope']) {
      expectError(
        await buyer.api.get(`/reviews/my?orderId=${orderId}`),
        404,
        'REVIEW_ORDER_NOT_FOUND',
      );
    }
  });

  it('requires orderId and a token', async () => {
    expectError(await buyer.api.get('/reviews/my'), 422, 'VALIDATION_FAILED');
    expectError(
      await client(shop.apiKey).get(`/reviews/my?orderId=${crypto.randomUUID()}`),
      401,
      'AUTH_TOKEN_MISSING',
    );
  });

  it('refuses an expired session before reading anything', async () => {
    const expired = await signInCustomer(shop);
    await testDb()
      .update(s.sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.sessions.id, expired.sessionId));
    const order = await createOrderFixture(shop, { customerId: expired.customer.id });
    expectError(await expired.api.get(`/reviews/my?orderId=${order.id}`), 401, 'SESSION_EXPIRED');
  });
});
