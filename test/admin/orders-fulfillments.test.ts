import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { createOrder, createProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { waitForEmail } from '../helpers/mail';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { buyerEmail, createShippingRate, orderBody } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const TRACKING = {
  carrier: 'UPS',
  tracking_number: '1Z999AA10123456784',
  tracking_url: 'https://tracking.example/track?n=1Z999AA10123456784',
};

describe('fulfilments through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    api = (await merchantOf(shop)).api;
  });

  /** An order of two lines: 3 of one product, 1 of another. */
  async function twoLineOrder(email = buyerEmail()) {
    const a = await createProduct(shop, { priceMinor: 1000 });
    const b = await createProduct(shop, { priceMinor: 500 });
    const order = await createOrder(
      shop,
      [
        { productId: a.id, quantity: 3 },
        { productId: b.id, quantity: 1, unitPriceMinor: 500 },
      ],
      { email },
    );
    const read = await api.get(`/orders/${order.id}`);
    const lines = read.body.lines as Array<{ id: string; product_id: string }>;
    const lineOf = (productId: string) => lines.find((l) => l.product_id === productId)?.id ?? '';
    return { ...order, lineA: lineOf(a.id), lineB: lineOf(b.id) };
  }

  it('fulfils part, then the rest; the state goes unfulfilled → partial → fulfilled', async () => {
    const email = buyerEmail();
    const order = await twoLineOrder(email);
    expect((await api.get(`/orders/${order.id}`)).body.fulfillment_status).toBe('unfulfilled');

    const part = await api.post(`/orders/${order.id}/fulfillments`, {
      lines: [{ line_id: order.lineA, quantity: 2 }],
      ...TRACKING,
    });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({
      fulfillment_status: 'partial',
      status: 'pending',
      version: 2,
      fulfillments: [{ ...TRACKING, lines: [{ line_id: order.lineA, quantity: 2 }] }],
    });
    const shippedOf = (body: { lines: Array<{ id: string; fulfilled_quantity: number }> }) =>
      Object.fromEntries(body.lines.map((l) => [l.id, l.fulfilled_quantity]));
    expect(shippedOf(part.body)).toEqual({ [order.lineA]: 2, [order.lineB]: 0 });
    const mail = await waitForEmail(email, (e) => e.subject.includes('has shipped'));
    expect(mail.text).toContain(TRACKING.tracking_url);
    expect(mail.text).toContain(TRACKING.tracking_number);

    const rest = await api.post(`/orders/${order.id}/fulfillments`, { carrier: 'DHL' });
    expect(rest.body.fulfillment_status).toBe('fulfilled');
    expect(rest.body.fulfillments[1].lines).toHaveLength(2);
    expect(rest.body.fulfillments[1].lines).toEqual(
      expect.arrayContaining([
        { line_id: order.lineA, quantity: 1 },
        { line_id: order.lineB, quantity: 1 },
      ]),
    );
    expect(shippedOf(rest.body)).toEqual({ [order.lineA]: 3, [order.lineB]: 1 });
    expectError(
      await api.post(`/orders/${order.id}/fulfillments`, {}),
      409,
      'ORDER_ALREADY_FULFILLED',
    );
  });

  it('refuses over-fulfilling a line, foreign lines and non-https tracking, writing nothing', async () => {
    const order = await twoLineOrder();
    const over = await api.post(`/orders/${order.id}/fulfillments`, {
      lines: [{ line_id: order.lineB, quantity: 2 }],
    });
    expectError(over, 422, 'FULFILLMENT_QUANTITY_INVALID');
    expect(over.body.details[0].message).toContain('1 left');
    // two entries for one line add up
    const twice = await api.post(`/orders/${order.id}/fulfillments`, {
      lines: [
        { line_id: order.lineA, quantity: 2 },
        { line_id: order.lineA, quantity: 2 },
      ],
    });
    expectError(twice, 422, 'FULFILLMENT_QUANTITY_INVALID');
    const foreign = await api.post(`/orders/${order.id}/fulfillments`, {
      lines: [{ line_id: crypto.randomUUID(), quantity: 1 }],
    });
    expectError(foreign, 422, 'FULFILLMENT_QUANTITY_INVALID');
    for (const url of ['http://tracking.example/x', 'javascript:alert(1)', 'not a url']) {
      const bad = await api.post(`/orders/${order.id}/fulfillments`, { tracking_url: url });
      expectError(bad, 422, 'VALIDATION_FAILED');
      expect(bad.body.details[0].field).toBe('tracking_url');
    }
    const rows = await testDb()
      .select()
      .from(s.orderFulfillments)
      .where(eq(s.orderFulfillments.orderId, order.id));
    expect(rows).toEqual([]);
    expect((await api.get(`/orders/${order.id}`)).body.version).toBe(1);
  });

  it('deliver keeps its tracking in a fulfilment, and refuses fields it does not know', async () => {
    const email = buyerEmail();
    const order = await twoLineOrder(email);
    const unknown = await api.post(`/orders/${order.id}/deliver`, { tracking: 'x' });
    expectError(unknown, 422, 'VALIDATION_FAILED');
    const delivered = await api.post(`/orders/${order.id}/deliver`, {
      tracking_number: 'JJD000390007',
      carrier: 'DHL',
    });
    expect(delivered.status).toBe(200);
    expect(delivered.body).toMatchObject({
      status: 'delivered',
      fulfillment_status: 'fulfilled',
      fulfillments: [{ carrier: 'DHL', tracking_number: 'JJD000390007', tracking_url: null }],
    });
    const mail = await waitForEmail(email, (e) => e.subject.includes('has shipped'));
    expect(mail.text).toContain('JJD000390007');
    // without a body, deliver still works as before
    const plain = await twoLineOrder();
    const bare = await api.post(`/orders/${plain.id}/deliver`, undefined);
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({ status: 'delivered', fulfillment_status: 'unfulfilled' });
  });

  it('refuses fulfilling a cancelled order, and needs orders:write on this shop', async () => {
    const order = await twoLineOrder();
    await api.post(`/orders/${order.id}/cancel`, {});
    expectError(
      await api.post(`/orders/${order.id}/fulfillments`, {}),
      409,
      'ORDER_TRANSITION_INVALID',
    );
    const open = await twoLineOrder();
    const { api: reader } = await merchantOf(shop, { scopes: ['orders:read'] });
    expectError(
      await reader.post(`/orders/${open.id}/fulfillments`, {}),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    const { api: stranger } = await merchantOf(await createTestShop());
    expectError(await stranger.post(`/orders/${open.id}/fulfillments`, {}), 404, 'ORDER_NOT_FOUND');
  });

  it('shows the buyer the shipments inside shipping, status words unchanged', async () => {
    const shipped = await createTestShop();
    const rate = await createShippingRate(shipped, { title: 'Parcel', priceMinor: 490 });
    const { api: merchantApi } = await merchantOf(shipped);
    const buyer = await signInCustomer(shipped);
    const product = await createProduct(shipped, { priceMinor: 700, trackStock: false });
    const placed = await buyer.api.post(
      '/orders',
      orderBody([{ productId: product.id, quantity: 2 }], {
        cartUserId: buyer.customer.id,
        email: buyer.customer.email,
        shippingId: rate.id,
      }),
    );
    expect(placed.status).toBe(200);
    const id = placed.body.data._id as string;
    const detail = async () => (await buyer.api.get(`/orders/${id}`)).body.data;
    const before = await detail();
    if (before.shipping === null) throw new Error('the order needs a shipping choice');
    expect(before.shipping).toMatchObject({ fulfillmentStatus: 'unfulfilled', fulfillments: [] });
    const lineId = (await merchantApi.get(`/orders/${id}`)).body.lines[0].id;
    await merchantApi.post(`/orders/${id}/fulfillments`, {
      lines: [{ line_id: lineId, quantity: 1 }],
      ...TRACKING,
    });
    const after = await detail();
    expect(after.status).toBe('pending');
    expect(after.shipping).toMatchObject({
      fulfillmentStatus: 'partial',
      fulfillments: [
        {
          carrier: 'UPS',
          trackingNumber: TRACKING.tracking_number,
          trackingUrl: TRACKING.tracking_url,
          products: [{ _id: product.id, quantity: 1 }],
        },
      ],
    });
  });
});
