import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createDigitalFile, orderBody } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('digital files and downloads through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let product: TestProduct;
  let file: Awaited<ReturnType<typeof createDigitalFile>>;

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    api = (await merchantOf(shop)).api;
    product = await createProduct(shop, { priceMinor: 900, isDigital: true, trackStock: false });
    file = await createDigitalFile(shop, product.id, { downloadLimit: 1, downloadDays: 30 });
  });

  /** A signed-in buyer's paid order of the digital product (paid through the merchant API). */
  async function buy() {
    const buyer = await signInCustomer(shop);
    const placed = await buyer.api.post(
      '/orders',
      orderBody([{ productId: product.id, quantity: 1 }], {
        cartUserId: buyer.customer.id,
        email: buyer.customer.email,
      }),
    );
    expect(placed.status).toBe(200);
    const orderId = placed.body.data._id as string;
    expect((await api.post(`/orders/${orderId}/mark-paid`, {})).status).toBe(200);
    const download = () =>
      buyer.api.post(`/orders/download-files/${orderId}`, {
        productId: product.id,
        fileId: file.id,
      });
    return { buyer, orderId, download };
  }

  it("shows a customer's download count and resets it", async () => {
    const { buyer, orderId, download } = await buy();
    expect((await download()).status).toBe(200);
    expectError(await download(), 403, 'DOWNLOAD_LIMIT_REACHED');

    const listed = await api.get(`/download-grants?customer_id=${buyer.customer.id}`);
    expect(listed.roundTrips).toBe(1);
    expect(listed.body.data).toHaveLength(1);
    const grant = listed.body.data[0];
    expect(grant).toMatchObject({
      object: 'download_grant',
      order_id: orderId,
      customer_id: buyer.customer.id,
      file_id: file.id,
      download_limit: 1,
      download_count: 1,
      active: true,
    });
    const byOrder = await api.get(`/download-grants?order_id=${orderId}`);
    expect(byOrder.body.data.map((g: { id: string }) => g.id)).toEqual([grant.id]);

    const reset = await api.post(`/download-grants/${grant.id}/reset`, {});
    expect(reset.body.download_count).toBe(0);
    expect((await api.get(`/download-grants/${grant.id}`)).body.download_count).toBe(0);
    expect((await download()).status).toBe(200);
  });

  it('switches a file off and on for every purchase at once, and sets what new purchases get', async () => {
    const { download } = await buy();
    const off = await api.patch(`/digital-files/${file.id}`, { active: false });
    expect(off.body).toMatchObject({ object: 'digital_file', active: false });
    expectError(await download(), 403, 'DOWNLOAD_NOT_ACTIVE');
    const on = await api.patch(
      `/digital-files/${file.id}`,
      { active: true, download_limit: 5, download_days: null },
      { headers: { 'if-match': `"${off.body.version}"` } },
    );
    expect(on.body).toMatchObject({ active: true, download_limit: 5, download_days: null });
    expect((await download()).status).toBe(200);

    const later = await buy();
    const grants = await api.get(`/download-grants?order_id=${later.orderId}`);
    expect(grants.body.data[0]).toMatchObject({ download_limit: 5, expires_at: null });
    const files = await api.get(`/digital-files`);
    expect(files.body.data.map((f: { id: string }) => f.id)).toEqual([file.id]);
    const bad = await api.patch(`/digital-files/${file.id}`, { download_limit: 0 });
    expectError(bad, 422, 'VALIDATION_FAILED');
    expect(bad.body.details[0].field).toBe('download_limit');
  });

  it("answers the 404 codes for unknown, malformed and other shops' ids", async () => {
    const other = await createTestShop();
    const p = await createProduct(other, { priceMinor: 100, isDigital: true });
    const foreign = await createDigitalFile(other, p.id, { store: false });
    for (const id of [crypto.randomUUID(), 'nope', foreign.id]) {
      expectError(await api.get(`/digital-files/${id}`), 404, 'DIGITAL_FILE_NOT_FOUND');
      expectError(await api.patch(`/digital-files/${id}`, {}), 404, 'DIGITAL_FILE_NOT_FOUND');
      expectError(await api.get(`/download-grants/${id}`), 404, 'DOWNLOAD_GRANT_NOT_FOUND');
      expectError(
        await api.post(`/download-grants/${id}/reset`, {}),
        404,
        'DOWNLOAD_GRANT_NOT_FOUND',
      );
    }
  });
});
