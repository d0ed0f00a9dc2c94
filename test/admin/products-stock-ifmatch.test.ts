import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createShippingRate, orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('a PATCH of stock with If-Match and the orders placed since', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let rate: { id: string };

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
    rate = await createShippingRate(shop, { priceMinor: 100 });
  });

  const order = (productId: string, quantity: number, variationKey?: string) =>
    postOrder(
      shop,
      orderBody([{ productId, quantity, ...(variationKey ? { variationKey } : {}) }], {
        shippingId: rate.id,
      }),
    );

  it('a variant: the stale ETag is refused and the units the order took are kept', async () => {
    const created = (
      await api.post('/products', {
        title: 'Mugs',
        options: [{ name: 'Colour', values: ['Red', 'Blue'] }],
        variants: [
          { option_values: ['Red'], price: 500, stock: 5 },
          { option_values: ['Blue'], price: 500, stock: 5 },
        ],
      })
    ).body;
    const read = await api.get(`/products/${created.id}`);
    const etag = read.headers.get('etag') ?? '';
    const red = read.body.variants[0];
    expect((await order(created.id, 2, red.key)).status).toBe(200);

    const stale = await api.patch(
      `/products/${created.id}/variants/${red.id}`,
      { stock: 10 },
      { headers: { 'if-match': etag } },
    );
    expectError(stale, 412, 'PRECONDITION_FAILED');
    expect((await api.get(`/products/${created.id}`)).body.variants[0].stock).toBe(3);

    const fresh = await api.get(`/products/${created.id}`);
    const ok = await api.patch(
      `/products/${created.id}/variants/${red.id}`,
      { stock: 10 },
      { headers: { 'if-match': fresh.headers.get('etag') ?? '' } },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.variants[0].stock).toBe(10);
  });

  it('a product without options, and a stock adjustment in between, alike', async () => {
    const { id } = (await api.post('/products', { title: 'Jug', price: 900, stock: 4 })).body;
    const etag = (await api.get(`/products/${id}`)).headers.get('etag') ?? '';
    expect((await order(id, 1)).status).toBe(200);
    const stale = await api.patch(
      `/products/${id}`,
      { stock: 9 },
      { headers: { 'if-match': etag } },
    );
    expectError(stale, 412, 'PRECONDITION_FAILED');
    const before = (await api.get(`/products/${id}`)).headers.get('etag') ?? '';
    expect((await api.post(`/products/${id}/stock`, { adjust: 5 })).status).toBe(200);
    expectError(
      await api.patch(`/products/${id}`, { stock: 9 }, { headers: { 'if-match': before } }),
      412,
      'PRECONDITION_FAILED',
    );
    expect((await api.get(`/products/${id}`)).body.stock).toBe(8);
  });
});
