import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('customers through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let product: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    api = (await merchantOf(shop)).api;
    product = await createProduct(shop, { priceMinor: 1500, trackStock: false });
  });

  /** A signed-in customer with one order placed through the storefront. */
  async function customerWithOrder(name = 'Grace Hopper') {
    const who = await signInCustomer(shop, { name });
    const placed = await postOrder(
      shop,
      orderBody([{ productId: product.id, quantity: 1 }], {
        email: who.customer.email,
        name,
        cartUserId: who.customer.id,
        note: 'Leave at the door',
      }),
      { token: who.token, headers: { 'x-device-id': who.deviceId } },
    );
    expect(placed.status).toBe(200);
    return { ...who, orderId: placed.body.data._id as string };
  }

  it('lists, searches by email or name, and reads one with their orders', async () => {
    const a = await customerWithOrder('Katherine Johnson');
    const b = await signInCustomer(shop, { name: 'Dorothy Vaughan', status: 'blacklisted' });
    const ids = async (query: string) =>
      (await api.get(`/customers?${query}`)).body.data.map((c: { id: string }) => c.id);
    expect(await ids('search=katherine')).toEqual([a.customer.id]);
    expect(
      await ids(`search=${encodeURIComponent(b.customer.email.slice(0, 20).toUpperCase())}`),
    ).toEqual([b.customer.id]);
    expect(await ids('status=blacklisted')).toEqual([b.customer.id]);
    expect(await ids('search=%25')).toEqual([]);

    const read = await api.get(`/customers/${a.customer.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('etag')).toBe('"1"');
    expect(read.body).toMatchObject({
      object: 'customer',
      email: a.customer.email,
      name: 'Katherine Johnson',
      status: 'active',
      erased_at: null,
    });
    expect(read.body.orders.map((o: { id: string }) => o.id)).toEqual([a.orderId]);
    expect(read.body.orders[0]).toMatchObject({ total_amount: 1500, note: 'Leave at the door' });
  });

  it("stops a customer's live token at the next request when set inactive or blacklisted", async () => {
    const who = await signInCustomer(shop);
    expect((await who.api.get('/auth')).status).toBe(200);
    const blocked = await api.patch(`/customers/${who.customer.id}`, { status: 'blacklisted' });
    expect(blocked.body).toMatchObject({ status: 'blacklisted', version: 2 });
    expectError(await who.api.get('/auth'), 403, 'ACCOUNT_BLACKLISTED');
    await api.patch(`/customers/${who.customer.id}`, { status: 'inactive' });
    expectError(await who.api.get('/orders'), 403, 'ACCOUNT_INACTIVE');
    const back = await api.patch(
      `/customers/${who.customer.id}`,
      { status: 'active' },
      {
        headers: { 'if-match': '"3"' },
      },
    );
    expect(back.body.version).toBe(4);
    expect((await who.api.get('/auth')).status).toBe(200);
    expectError(
      await api.patch(
        `/customers/${who.customer.id}`,
        { status: 'inactive' },
        { headers: { 'if-match': '"3"' } },
      ),
      412,
      'PRECONDITION_FAILED',
    );
    const bad = await api.patch(`/customers/${who.customer.id}`, { status: 'banned' });
    expectError(bad, 422, 'VALIDATION_FAILED');
    expect(bad.body.details[0].field).toBe('status');
  });

  it('exports everything held about a customer as JSON', async () => {
    const who = await customerWithOrder('Mary Jackson');
    await testDb()
      .insert(s.newsletterSubscriptions)
      .values({ shopId: shop.id, email: who.customer.email });
    const res = await api.get(`/customers/${who.customer.id}/export`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'customer_export',
      customer: { id: who.customer.id, email: who.customer.email, name: 'Mary Jackson' },
    });
    expect(res.body.orders.map((o: { id: string }) => o.id)).toEqual([who.orderId]);
    expect(res.body.sessions.map((x: { id: string }) => x.id)).toEqual([who.sessionId]);
    expect(res.body.newsletter[0]).toMatchObject({ email: who.customer.email, status: 'pending' });
  });

  it('erases personal data, keeps the orders for the books and ends every session', async () => {
    const who = await customerWithOrder('Annie Easley');
    await testDb().insert(s.reviews).values({
      shopId: shop.id,
      productId: product.id,
      orderId: who.orderId,
      customerId: who.customer.id,
      buyerName: 'Annie Easley',
      rating: 5,
    });
    const erased = await api.post(`/customers/${who.customer.id}/erase`, {});
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({
      email: `erased-${who.customer.id}@erased.invalid`,
      name: '',
      phone: '',
      status: 'inactive',
      address: null,
    });
    expect(erased.body.erased_at).not.toBeNull();
    expectError(await who.api.get('/auth'), 401, 'AUTH_TOKEN_INVALID');

    const [order] = await testDb().select().from(s.orders).where(eq(s.orders.id, who.orderId));
    expect(order).toMatchObject({
      email: `erased-${who.customer.id}@erased.invalid`,
      phone: '',
      note: '',
      name: 'Annie Easley',
      town: 'London',
      cartTotalMinor: 1500,
      customerId: who.customer.id,
    });
    const [review] = await testDb()
      .select()
      .from(s.reviews)
      .where(eq(s.reviews.orderId, who.orderId));
    expect(review?.buyerName).toBe('');
    const outbox = await testDb()
      .select()
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.shopId, shop.id), eq(s.emailOutbox.to, who.customer.email)));
    expect(outbox).toEqual([]);
    const audit = await testDb()
      .select()
      .from(s.auditEvents)
      .where(eq(s.auditEvents.resourceId, who.customer.id));
    expect(JSON.stringify(audit)).not.toContain(who.customer.email);

    expectError(await api.post(`/customers/${who.customer.id}/erase`, {}), 409, 'CUSTOMER_ERASED');
    expectError(
      await api.patch(`/customers/${who.customer.id}`, { status: 'active' }),
      409,
      'CUSTOMER_ERASED',
    );
    const read = await api.get(`/customers/${who.customer.id}`);
    expect(read.body.orders.map((o: { id: string }) => o.id)).toEqual([who.orderId]);
  });

  it("answers CUSTOMER_NOT_FOUND for unknown, malformed and other shops' customers", async () => {
    const foreign = await signInCustomer(await createTestShop());
    for (const id of [crypto.randomUUID(), 'nope', foreign.customer.id]) {
      expectError(await api.get(`/customers/${id}`), 404, 'CUSTOMER_NOT_FOUND');
      expectError(await api.get(`/customers/${id}/export`), 404, 'CUSTOMER_NOT_FOUND');
      expectError(
        await api.patch(`/customers/${id}`, { status: 'inactive' }),
        404,
        'CUSTOMER_NOT_FOUND',
      );
      expectError(await api.post(`/customers/${id}/erase`, {}), 404, 'CUSTOMER_NOT_FOUND');
    }
  });
});
