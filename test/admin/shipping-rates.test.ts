import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const shipping = { shipping: { active: true, standardActive: true, pickupActive: true } };

describe('shipping rates through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let product: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop({ settings: shipping });
    api = (await merchantOf(shop)).api;
    product = await createProduct(shop, { priceMinor: 2000, trackStock: false });
  });

  const storefrontRates = async () =>
    (await client(shop.apiKey).get('/settings')).body.data.shipping.standard as Array<{
      _id: string;
      title: string;
      price: number;
      default: boolean;
    }>;
  const orderWith = (shippingId: string) =>
    postOrder(shop, orderBody([{ productId: product.id, quantity: 1 }], { shippingId }));

  it('creates a rate the storefront offers on its very next request', async () => {
    const res = await api.post('/shipping-rates', {
      title: 'Courier',
      amount: 590,
      description: 'Next day',
      min_order_amount: 1000,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'shipping_rate',
      title: 'Courier',
      amount: 590,
      currency: 'EUR',
      description: 'Next day',
      min_order_amount: 1000,
      is_default: false,
      position: 0,
      active: true,
      version: 1,
    });
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.roundTrips).toBe(4); // BEGIN, insert, audit, COMMIT
    expect(await storefrontRates()).toContainEqual({
      _id: res.body.id,
      title: 'Courier',
      price: 5.9,
      description: 'Next day',
      default: false,
      minOrder: 10,
    });
    const order = await orderWith(res.body.id);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data).toMatchObject({ shippingTotal: 5.9 });
  });

  it('reads one rate with its ETag, in one statement', async () => {
    const { id } = (await api.post('/shipping-rates', { title: 'Read me', amount: 100 })).body;
    const res = await api.get(`/shipping-rates/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'Read me', version: 1 });
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.roundTrips).toBe(1);
  });

  it('changes a rate: checkout charges the new price and a retired rate is refused at once', async () => {
    const { id } = (await api.post('/shipping-rates', { title: 'Van', amount: 700 })).body;
    const res = await api.patch(`/shipping-rates/${id}`, { amount: 750, title: 'Van (tracked)' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ amount: 750, title: 'Van (tracked)', version: 2 });
    expect(res.headers.get('etag')).toBe('"2"');
    expect(res.roundTrips).toBe(5); // BEGIN, lock, update, audit, COMMIT
    expect((await orderWith(id)).body.data).toMatchObject({ shippingTotal: 7.5 });

    expect((await api.patch(`/shipping-rates/${id}`, { active: false })).body.active).toBe(false);
    expect((await storefrontRates()).map((r) => r._id)).not.toContain(id);
    expectError(await orderWith(id), 422, 'INVALID_SHIPPING_ID');
  });

  it('clears a field with null and writes nothing when nothing changes', async () => {
    const created = await api.post('/shipping-rates', {
      title: 'Free over 50',
      amount: 0,
      min_order_amount: 5000,
    });
    const cleared = await api.patch(`/shipping-rates/${created.body.id}`, {
      min_order_amount: null,
    });
    expect(cleared.body).toMatchObject({ min_order_amount: null, version: 2 });
    const same = await api.patch(`/shipping-rates/${created.body.id}`, {
      min_order_amount: null,
      title: 'Free over 50',
    });
    expect(same.status).toBe(200);
    expect(same.body.version).toBe(2);
    expect(same.roundTrips).toBe(3); // BEGIN, lock, COMMIT
    expect(same.body.updated_at).toBe(cleared.body.updated_at);
    const empty = await api.patch(`/shipping-rates/${created.body.id}`, {});
    expect(empty.body.version).toBe(2);
  });

  it('keeps one default: making a rate the default unsets the others', async () => {
    const own = await createTestShop({ settings: shipping });
    const { api: merchant } = await merchantOf(own);
    const first = (
      await merchant.post('/shipping-rates', { title: 'A', amount: 1, is_default: true })
    ).body;
    const made = await merchant.post('/shipping-rates', {
      title: 'B',
      amount: 2,
      is_default: true,
    });
    expect(made.roundTrips).toBe(5); // BEGIN, insert, unset the others, audit, COMMIT
    const second = made.body;
    expect(second.is_default).toBe(true);
    const firstNow = (await merchant.get(`/shipping-rates/${first.id}`)).body;
    expect(firstNow).toMatchObject({ is_default: false, version: 2 });
    expect(second.version).toBe(1);
    const third = (await merchant.post('/shipping-rates', { title: 'C', amount: 3 })).body;
    await merchant.patch(`/shipping-rates/${third.id}`, { is_default: true });
    const defaults = (await merchant.get('/shipping-rates')).body.data
      .filter((r: { is_default: boolean }) => r.is_default)
      .map((r: { id: string }) => r.id);
    expect(defaults).toEqual([third.id]);
    const audit = (await merchant.get(`/audit?resource_id=${second.id}`)).body.data;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(audit[0].changes).toEqual({ is_default: { before: true, after: false } });
  });

  it('deletes a rate: it is gone from reads, settings and checkout', async () => {
    const { id } = (await api.post('/shipping-rates', { title: 'Gone', amount: 300 })).body;
    const res = await api.delete(`/shipping-rates/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, object: 'shipping_rate', deleted: true });
    expect(res.roundTrips).toBe(5); // BEGIN, lock, delete, audit, COMMIT
    expectError(await api.get(`/shipping-rates/${id}`), 404, 'SHIPPING_RATE_NOT_FOUND');
    expect((await storefrontRates()).map((r) => r._id)).not.toContain(id);
    expectError(await orderWith(id), 422, 'INVALID_SHIPPING_ID');
    expectError(await api.delete(`/shipping-rates/${id}`), 404, 'SHIPPING_RATE_NOT_FOUND');
  });

  it('answers unknown and malformed ids with SHIPPING_RATE_NOT_FOUND', async () => {
    const unknown = crypto.randomUUID();
    for (const id of [unknown, 'not-a-uuid']) {
      expectError(await api.get(`/shipping-rates/${id}`), 404, 'SHIPPING_RATE_NOT_FOUND');
      expectError(
        await api.patch(`/shipping-rates/${id}`, { amount: 1 }),
        404,
        'SHIPPING_RATE_NOT_FOUND',
      );
      expectError(await api.delete(`/shipping-rates/${id}`), 404, 'SHIPPING_RATE_NOT_FOUND');
    }
  });

  it('names every invalid or unknown field, writing nothing', async () => {
    const before = (await api.get('/shipping-rates?limit=100')).body.data.length;
    const missing = expectError(await api.post('/shipping-rates', {}), 422, 'VALIDATION_FAILED');
    expect(fields(missing)).toEqual(['amount', 'title']);
    const bad = expectError(
      await api.post('/shipping-rates', {
        title: ' ',
        amount: 4.5,
        min_order_amount: -1,
        is_default: 'yes',
        prise: 3,
      }),
      422,
      'VALIDATION_FAILED',
    );
    expect(fields(bad)).toEqual(['amount', 'is_default', 'min_order_amount', 'prise', 'title']);
    const nul = expectError(
      await api.post('/shipping-rates', { title: 'a\u0000b', amount: 1 }),
      422,
      'VALIDATION_FAILED',
    );
    expect(fields(nul)).toEqual(['title']);
    const { id } = (await api.post('/shipping-rates', { title: 'Valid', amount: 1 })).body;
    const patch = expectError(
      await api.patch(`/shipping-rates/${id}`, { amount: -5, colour: 'red' }),
      422,
      'VALIDATION_FAILED',
    );
    expect(fields(patch)).toEqual(['amount', 'colour']);
    expectError(await api.post('/shipping-rates', '{"title": '), 400, 'INVALID_JSON');
    const huge = { title: 'Big', amount: 1, description: 'x'.repeat(300_000) };
    expectError(await api.post('/shipping-rates', huge), 413, 'PAYLOAD_TOO_LARGE');
    expect((await api.get('/shipping-rates?limit=100')).body.data.length).toBe(before + 1);
  });
});

type Envelope = { details?: Array<{ field: string }> };
const fields = (error: object) => ((error as Envelope).details ?? []).map((d) => d.field).sort();
