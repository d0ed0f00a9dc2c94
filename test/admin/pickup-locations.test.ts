import { beforeAll, describe, expect, it } from 'vitest';
import { client, expectError } from '../helpers/api';
import { createMedia, createProduct, type TestProduct } from '../helpers/catalog-factory';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const shipping = { shipping: { active: true, standardActive: true, pickupActive: true } };
type Detail = { field: string };
const fields = (error: object) =>
  ((error as { details?: Detail[] }).details ?? []).map((d) => d.field).sort();

describe('pickup locations through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let product: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop({ settings: shipping });
    api = (await merchantOf(shop)).api;
    product = await createProduct(shop, { priceMinor: 2000, trackStock: false });
  });

  const storefrontPickups = async () =>
    (await client(shop.apiKey).get('/settings')).body.data.shipping.pickup as Array<{
      _id: string;
      fee: number;
      image: { _id: string } | null;
    }>;
  const orderAt = (pickupLocationId: string) =>
    postOrder(shop, orderBody([{ productId: product.id, quantity: 1 }], { pickupLocationId }));

  it('creates a pickup point the storefront shows and checkout accepts at once', async () => {
    const image = await createMedia(shop);
    const res = await api.post('/pickup-locations', {
      name: 'Harbour depot',
      building_name: 'Pier 4',
      fee_amount: 150,
      opening_hours: 'Mon–Fri 9–17',
      lat: 59.33,
      lng: 18.07,
      map_url: 'https://maps.example/pier-4',
      image_id: image.id,
      phone: '+46 8 123',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'pickup_location',
      name: 'Harbour depot',
      fee_amount: 150,
      currency: 'EUR',
      lat: 59.33,
      image_id: image.id,
      description: '',
      active: true,
      version: 1,
    });
    expect(res.roundTrips).toBe(5); // BEGIN, image check, insert, audit, COMMIT
    const shown = (await storefrontPickups()).find((p) => p._id === res.body.id);
    expect(shown).toMatchObject({ fee: 1.5, image: { _id: image.id } });
    const order = await orderAt(res.body.id);
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect(order.body.data).toMatchObject({ shippingTotal: 1.5 });
  });

  it('updates, retires and deletes, each seen by the next storefront request', async () => {
    const { id } = (await api.post('/pickup-locations', { name: 'Kiosk', fee_amount: 0 })).body;
    const updated = await api.patch(
      `/pickup-locations/${id}`,
      { fee_amount: 200 },
      { headers: { 'if-match': '"1"' } },
    );
    expect(updated.body).toMatchObject({ fee_amount: 200, version: 2 });
    expect((await orderAt(id)).body.data).toMatchObject({ shippingTotal: 2 });
    await api.patch(`/pickup-locations/${id}`, { active: false });
    expect((await storefrontPickups()).map((p) => p._id)).not.toContain(id);
    expectError(await orderAt(id), 422, 'INVALID_SHIPPING_ID');
    const deleted = await api.delete(`/pickup-locations/${id}`, { headers: { 'if-match': '"3"' } });
    expect(deleted.body).toEqual({ id, object: 'pickup_location', deleted: true });
    expectError(await api.get(`/pickup-locations/${id}`), 404, 'PICKUP_LOCATION_NOT_FOUND');
  });

  it('keeps coordinates in pairs and images within the shop', async () => {
    const oneCoordinate = expectError(
      await api.post('/pickup-locations', { name: 'Half', lat: 10 }),
      422,
      'VALIDATION_FAILED',
    );
    expect(fields(oneCoordinate)).toEqual(['lng']);
    const foreign = await createMedia(await createTestShop());
    const stolen = expectError(
      await api.post('/pickup-locations', { name: 'Theirs', image_id: foreign.id }),
      422,
      'VALIDATION_FAILED',
    );
    expect(fields(stolen)).toEqual(['image_id']);
    const { id } = (await api.post('/pickup-locations', { name: 'Mapped', lat: 1, lng: 2 })).body;
    const cleared = expectError(
      await api.patch(`/pickup-locations/${id}`, { lat: null }),
      422,
      'VALIDATION_FAILED',
    );
    expect(fields(cleared)).toEqual(['lat']);
    const both = await api.patch(`/pickup-locations/${id}`, { lat: null, lng: null });
    expect(both.body).toMatchObject({ lat: null, lng: null, version: 2 });
  });

  it('names every invalid or unknown field', async () => {
    const bad = expectError(
      await api.post('/pickup-locations', {
        building_name: 7,
        fee_amount: -1,
        lat: 91,
        map_url: 'javascript:alert(1)',
        image_id: 'not-a-uuid',
        open: true,
      }),
      422,
      'VALIDATION_FAILED',
    );
    expect(fields(bad)).toEqual([
      'building_name',
      'fee_amount',
      'image_id',
      'lat',
      'map_url',
      'name',
      'open',
    ]);
  });

  it('answers unknown ids with PICKUP_LOCATION_NOT_FOUND and reads in one statement', async () => {
    expectError(
      await api.patch(`/pickup-locations/${crypto.randomUUID()}`, { name: 'X' }),
      404,
      'PICKUP_LOCATION_NOT_FOUND',
    );
    const list = await api.get('/pickup-locations?limit=2');
    expect(list.status).toBe(200);
    expect(list.body.object).toBe('list');
    expect(list.roundTrips).toBe(1);
  });
});
