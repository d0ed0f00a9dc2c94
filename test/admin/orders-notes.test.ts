import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { addReview, createOrder, createProduct } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('orders a merchant can find and annotate', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let keyName: string;
  let productId: string;

  beforeAll(async () => {
    shop = await createTestShop();
    const own = await merchantOf(shop, { name: 'Back office' });
    api = own.api;
    keyName = 'Back office';
    productId = (await createProduct(shop, { priceMinor: 1000 })).id;
  });

  const order = (overrides: Parameters<typeof createOrder>[2] = {}) =>
    createOrder(shop, [{ productId, quantity: 2 }], overrides);

  it('searches by number, email and name with q, and refuses unknown parameters', async () => {
    const zoe = await order({ email: 'Zoe.Quinn@Example.test', name: 'Zoë Quinn' });
    const max = await order({ email: 'max@example.test', name: 'Max Mustermann' });
    const ids = async (q: string) =>
      (await api.get(`/orders?q=${encodeURIComponent(q)}`)).body.data.map(
        (o: { id: string }) => o.id,
      );
    expect(await ids(zoe.orderNumber)).toEqual([zoe.id]);
    expect(await ids('zoe.quinn')).toEqual([zoe.id]);
    expect(await ids('ZOE QUINN')).toEqual([zoe.id]);
    expect(await ids('mustermann')).toEqual([max.id]);
    expect(await ids('example.test')).toEqual([max.id, zoe.id]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('nobody-like-this')).toEqual([]);
    const unknown = await api.get('/orders?number=1001');
    expectError(unknown, 422, 'VALIDATION_FAILED');
    expect(JSON.stringify(unknown.body.details)).toContain('number');
  });

  it('keeps internal notes with author and time, and refuses empty ones', async () => {
    const o = await order();
    const before = Date.now();
    const res = await api.post(`/orders/${o.id}/notes`, {
      body: 'Called the buyer: leave at door',
    });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(2);
    expect(res.body.notes).toHaveLength(1);
    expect(res.body.notes[0].body).toBe('Called the buyer: leave at door');
    expect(res.body.notes[0].author).toContain(keyName);
    // Written during the request (a second's leeway for the database's clock), however long
    // a busy machine made it.
    const written = Date.parse(res.body.notes[0].created_at);
    expect(written).toBeGreaterThanOrEqual(before - 1000);
    expect(written).toBeLessThanOrEqual(Date.now() + 1000);
    await api.post(`/orders/${o.id}/notes`, { body: 'Second' });
    const read = await api.get(`/orders/${o.id}`);
    expect(read.body.notes.map((n: { body: string }) => n.body)).toEqual([
      'Called the buyer: leave at door',
      'Second',
    ]);
    expectError(await api.post(`/orders/${o.id}/notes`, { body: '  ' }), 422, 'VALIDATION_FAILED');
    const { api: reader } = await merchantOf(shop, { scopes: ['orders:read'] });
    expectError(
      await reader.post(`/orders/${o.id}/notes`, { body: 'x' }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    const { api: stranger } = await merchantOf(await createTestShop());
    expectError(
      await stranger.post(`/orders/${o.id}/notes`, { body: 'x' }),
      404,
      'ORDER_NOT_FOUND',
    );
  });

  it('corrects the address before fulfilment, and refuses it after', async () => {
    const o = await order({ town: 'Lodnon', city: 'Marylebone' });
    const fixed = await api.patch(`/orders/${o.id}/shipping-address`, {
      town: 'London',
      postal_code: 'NW1 6XE',
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.shipping_address).toEqual({
      town: 'London',
      city: 'Marylebone',
      apartment: '',
      room: '',
      postal_code: 'NW1 6XE',
    });
    expectError(
      await api.patch(`/orders/${o.id}/shipping-address`, { zip: '1' }),
      422,
      'VALIDATION_FAILED',
    );
    await api.post(`/orders/${o.id}/fulfillments`, {});
    const late = await api.patch(`/orders/${o.id}/shipping-address`, { town: 'Paris' });
    expectError(late, 409, 'ORDER_ADDRESS_LOCKED');
    expect((await api.get(`/orders/${o.id}`)).body.shipping_address.town).toBe('London');
    const delivered = await order({ status: 'delivered' });
    expectError(
      await api.patch(`/orders/${delivered.id}/shipping-address`, { town: 'Paris' }),
      409,
      'ORDER_ADDRESS_LOCKED',
    );
  });

  it('shows every change in the timeline, oldest first, with who made it', async () => {
    const o = await order({ paymentStatus: 'fully-paid', paidTotalMinor: 2000 });
    await api.patch(`/orders/${o.id}/shipping-address`, { room: '4B' });
    await api.post(`/orders/${o.id}/notes`, { body: 'Fragile' });
    await api.post(`/orders/${o.id}/fulfillments`, { carrier: 'UPS' });
    await api.post(`/orders/${o.id}/deliver`, {});
    await api.post(`/orders/${o.id}/refunds`, { amount: 500, reason: 'Late' });
    const res = await api.get(`/orders/${o.id}/timeline`);
    expect(res.status).toBe(200);
    const changed = res.body.data.map((e: { changes: Record<string, unknown> }) =>
      Object.keys(e.changes),
    );
    expect(changed).toHaveLength(5);
    expect(changed[0]).toContain('shipping_address');
    expect(changed[1]).toContain('notes');
    expect(changed[2]).toEqual(expect.arrayContaining(['fulfillments', 'fulfillment_status']));
    expect(changed[3]).toContain('status');
    expect(changed[4]).toEqual(expect.arrayContaining(['refunds', 'payment_status']));
    expect(res.body.data[3].changes.status).toEqual({ before: 'pending', after: 'delivered' });
    for (const event of res.body.data) expect(event.actor).toContain(keyName);
    const { api: stranger } = await merchantOf(await createTestShop());
    expectError(await stranger.get(`/orders/${o.id}/timeline`), 404, 'ORDER_NOT_FOUND');
  });

  it('pages the timeline from the newest changes back, each page oldest first', async () => {
    const o = await order();
    for (const body of ['one', 'two', 'three']) await api.post(`/orders/${o.id}/notes`, { body });
    const noteOf = (e: { changes: { notes: { after: { body: string }[] } } }) =>
      e.changes.notes.after.at(-1)?.body;
    const newest = await api.get(`/orders/${o.id}/timeline?limit=2`);
    expect(newest.status).toBe(200);
    expect(newest.body.data.map(noteOf)).toEqual(['two', 'three']);
    expect(newest.body.has_more).toBe(true);
    const before = await api.get(
      `/orders/${o.id}/timeline?limit=2&starting_after=${newest.body.data[0].id}`,
    );
    expect(before.body.data.map(noteOf)).toEqual(['one']);
    expect(before.body.has_more).toBe(false);
    expect((await api.get(`/orders/${o.id}/timeline`)).body.data).toHaveLength(3);
    expectError(await api.get(`/orders/${o.id}/timeline?limit=0`), 422, 'VALIDATION_FAILED');
    expectError(
      await api.get(`/orders/${o.id}/timeline?starting_after=nope`),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('labels variants on order lines and reviews as people read them', async () => {
    const product = await createProduct(shop, {
      options: [
        { name: 'Size', values: ['Small', 'Large'] },
        { name: 'Colour', values: ['Sand', 'Ink'] },
      ],
    });
    const key = product.keyOf('Small', 'Sand');
    const o = await createOrder(shop, [{ productId: product.id, quantity: 1, variationKey: key }]);
    const read = await api.get(`/orders/${o.id}`);
    expect(read.roundTrips).toBe(1);
    expect(read.body.lines[0]).toMatchObject({ variation_key: key, variant_label: 'Small / Sand' });
    const plain = await order();
    expect((await api.get(`/orders/${plain.id}`)).body.lines[0].variant_label).toBe('');

    const review = await addReview(shop, product.id, {
      rating: 5,
      variationLabel: product.keyOf('Large', 'Ink'),
    });
    const seen = await api.get(`/reviews/${review.id}`);
    expect(seen.body).toMatchObject({ variant_label: 'Large / Ink' });
    const queue = await api.get(`/reviews?product_id=${product.id}`);
    expect(queue.body.data[0].variant_label).toBe('Large / Ink');
  });
});
