import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { attachmentDisposition } from '../../src/modules/downloads/service';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { createDigitalFile, markPaid, orderBody } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type DigitalFile = Awaited<ReturnType<typeof createDigitalFile>>;

describe('POST /orders/download-files/:id', () => {
  let shop: TestShop;
  let buyer: Awaited<ReturnType<typeof signInCustomer>>;
  let ebook: TestProduct;
  let poster: TestProduct;
  let limited: DigitalFile;
  let open: DigitalFile;
  let disabled: DigitalFile;
  let missing: DigitalFile;
  let unicode: DigitalFile;
  let posterFile: DigitalFile;

  /** Places an order for `products` as the buyer and returns its id. */
  const buy = async (...products: TestProduct[]) => {
    const res = await buyer.api.post(
      '/orders',
      orderBody(
        products.map((p) => ({ productId: p.id, quantity: 1 })),
        { cartUserId: buyer.customer.id, email: buyer.customer.email },
      ),
    );
    expect(res.status).toBe(200);
    return res.body.data._id as string;
  };
  const paidOrder = async (...products: TestProduct[]) => {
    const id = await buy(...products);
    await markPaid(id);
    return id;
  };
  const download = (orderId: string, productId: string, fileId: string, api = buyer.api) =>
    api.post(`/orders/download-files/${orderId}`, { productId, fileId });
  const grantOf = async (orderId: string, fileId: string) => {
    const [grant] = await testDb()
      .select()
      .from(s.downloadGrants)
      .where(and(eq(s.downloadGrants.orderId, orderId), eq(s.downloadGrants.fileId, fileId)));
    if (!grant) throw new Error('no grant');
    return grant;
  };

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    buyer = await signInCustomer(shop);
    ebook = await createProduct(shop, {
      title: 'Ebook',
      priceMinor: 1500,
      isDigital: true,
      trackStock: false,
    });
    poster = await createProduct(shop, {
      title: 'Poster',
      priceMinor: 900,
      isDigital: true,
      trackStock: false,
    });
    limited = await createDigitalFile(shop, ebook.id, {
      downloadLimit: 3,
      downloadDays: 30,
      body: 'limited',
    });
    open = await createDigitalFile(shop, ebook.id, {
      title: 'Extras',
      filename: 'extras.zip',
      mimeType: 'application/zip',
    });
    disabled = await createDigitalFile(shop, ebook.id, { active: false });
    missing = await createDigitalFile(shop, ebook.id, { store: false });
    unicode = await createDigitalFile(shop, ebook.id, { filename: 'Ünïcode "guide" 100%.pdf' });
    posterFile = await createDigitalFile(shop, poster.id);
  });

  it('streams the file as an attachment and counts the download', async () => {
    const orderId = await paidOrder(ebook);
    const res = await download(orderId, ebook.id, open.id);
    expect(res.status).toBe(200);
    expect(res.body).toBe(open.body);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-length')).toBe(String(open.body.length));
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="extras.zip"; filename*=UTF-8''extras.zip`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect((await grantOf(orderId, open.id)).downloadCount).toBe(1);
    const detail = await buyer.api.get(`/orders/${orderId}`);
    const files = detail.body.data.downloadables[0].files as Array<{
      _id: string;
      downloadCount: number;
    }>;
    expect(files.find((f) => f._id === open.id)?.downloadCount).toBe(1);
  });

  it('encodes any file name safely (RFC 6266)', async () => {
    const orderId = await paidOrder(ebook);
    const res = await download(orderId, ebook.id, unicode.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_n_code _guide_ 100_.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFcode%20%22guide%22%20100%25.pdf`,
    );
    expect(attachmentDisposition('a\r\nb;c.pdf')).toBe(
      `attachment; filename="a__b;c.pdf"; filename*=UTF-8''a%0D%0Ab%3Bc.pdf`,
    );
  });

  it('grants each file of a digital product at order time, with its limit and period', async () => {
    const orderId = await buy(ebook);
    const grant = await grantOf(orderId, limited.id);
    expect(grant).toMatchObject({ downloadLimit: 3, downloadCount: 0, active: true });
    const days = ((grant.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await grantOf(orderId, open.id)).expiresAt).toBeNull();
  });

  it('hides the downloads of an unpaid order: DOWNLOAD_PRODUCT_NOT_FOUND', async () => {
    const orderId = await buy(ebook);
    expectError(await download(orderId, ebook.id, open.id), 404, 'DOWNLOAD_PRODUCT_NOT_FOUND');
    expect((await grantOf(orderId, open.id)).downloadCount).toBe(0);
  });

  it('answers DOWNLOAD_PRODUCT_NOT_FOUND for a product not in the order', async () => {
    const orderId = await paidOrder(ebook);
    expectError(
      await download(orderId, poster.id, posterFile.id),
      404,
      'DOWNLOAD_PRODUCT_NOT_FOUND',
    );
    expectError(
      await download(orderId, 'poster', posterFile.id),
      404,
      'DOWNLOAD_PRODUCT_NOT_FOUND',
    );
  });

  it('answers DOWNLOAD_FILE_NOT_FOUND for a file not of that product', async () => {
    const orderId = await paidOrder(ebook, poster);
    expectError(await download(orderId, ebook.id, posterFile.id), 404, 'DOWNLOAD_FILE_NOT_FOUND');
    expectError(
      await download(orderId, ebook.id, crypto.randomUUID()),
      404,
      'DOWNLOAD_FILE_NOT_FOUND',
    );
    expectError(await download(orderId, ebook.id, 'file-1'), 404, 'DOWNLOAD_FILE_NOT_FOUND');
    expect((await download(orderId, poster.id, posterFile.id)).status).toBe(200);
  });

  it('answers DOWNLOAD_NOT_ACTIVE when the file or the grant is switched off', async () => {
    const orderId = await paidOrder(ebook);
    expectError(await download(orderId, ebook.id, disabled.id), 403, 'DOWNLOAD_NOT_ACTIVE');
    await testDb()
      .update(s.downloadGrants)
      .set({ active: false })
      .where(and(eq(s.downloadGrants.orderId, orderId), eq(s.downloadGrants.fileId, open.id)));
    expectError(await download(orderId, ebook.id, open.id), 403, 'DOWNLOAD_NOT_ACTIVE');
  });

  it('answers DOWNLOAD_EXPIRED once the download period has ended', async () => {
    const orderId = await paidOrder(ebook);
    await testDb()
      .update(s.downloadGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(s.downloadGrants.orderId, orderId), eq(s.downloadGrants.fileId, limited.id)));
    expectError(await download(orderId, ebook.id, limited.id), 410, 'DOWNLOAD_EXPIRED');
  });

  it('answers DOWNLOAD_LIMIT_REACHED after the allowed downloads', async () => {
    const orderId = await paidOrder(ebook);
    for (let i = 0; i < 3; i++)
      expect((await download(orderId, ebook.id, limited.id)).status).toBe(200);
    expectError(await download(orderId, ebook.id, limited.id), 403, 'DOWNLOAD_LIMIT_REACHED');
    expect((await grantOf(orderId, limited.id)).downloadCount).toBe(3);
  });

  it('gives exactly the limit to parallel downloads', async () => {
    const orderId = await paidOrder(ebook);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => download(orderId, ebook.id, limited.id)),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(3);
    for (const res of ok) expect(res.body).toBe('limited');
    for (const res of results.filter((r) => r.status !== 200)) {
      expectError(res, 403, 'DOWNLOAD_LIMIT_REACHED');
    }
    expect((await grantOf(orderId, limited.id)).downloadCount).toBe(3);
  });

  it('answers DOWNLOAD_FILE_MISSING without using up a download', async () => {
    const orderId = await paidOrder(ebook);
    expectError(await download(orderId, ebook.id, missing.id), 404, 'DOWNLOAD_FILE_MISSING');
    expect((await grantOf(orderId, missing.id)).downloadCount).toBe(0);
  });

  it('answers ORDER_NOT_FOUND for an unknown order and VALIDATION_FAILED for a bad body', async () => {
    expectError(await download(crypto.randomUUID(), ebook.id, open.id), 404, 'ORDER_NOT_FOUND');
    const orderId = await paidOrder(ebook);
    const res = await buyer.api.post(`/orders/download-files/${orderId}`, { productId: ebook.id });
    expectError(res, 422, 'VALIDATION_FAILED');
  });
});
