import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { DIGITAL_FILE_MAX_BYTES } from '../../src/modules/digital-files/service';
import { call, expectError } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { adminCall, type MerchantClient, merchantOf } from '../helpers/merchant';
import { markPaid, orderBody } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const uploadFile = (
  secret: string,
  body: Uint8Array,
  options: { type?: string; query?: string; headers?: Record<string, string> } = {},
) =>
  adminCall(
    `/digital-files${options.query === undefined ? '?filename=guide.pdf' : options.query}`,
    {
      method: 'POST',
      body,
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': options.type ?? 'application/pdf',
        ...options.headers,
      },
    },
  );

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7\n${text}\n%%EOF\n`);

const storedFiles = async (shopId: string) =>
  (await env.STORAGE.list({ prefix: `${shopId}/files/` })).objects.map((o) => o.key);

const rowOf = async (id: string) => {
  const [row] = await testDb().select().from(s.digitalFiles).where(eq(s.digitalFiles.id, id));
  if (!row) throw new Error('no digital file row');
  return row;
};

describe('digital files through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let secret: string;

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    const merchant = await merchantOf(shop, { scopes: ['catalogue:write'] });
    api = merchant.api;
    secret = merchant.key.secret;
  });

  it('stores a private file that buyers of a paid order download, and the public route never serves', async () => {
    const bytes = pdf('The field guide');
    const res = await uploadFile(secret, bytes, {
      query: '?filename=Field%20Guide.pdf&title=Field%20guide',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      object: 'digital_file',
      filename: 'Field Guide.pdf',
      title: 'Field guide',
      content_type: 'application/pdf',
      size: bytes.byteLength,
      product_id: null,
      download_limit: null,
      active: true,
      version: 1,
    });
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.roundTrips).toBe(4); // BEGIN, insert, audit, COMMIT
    const row = await rowOf(res.body.id);
    expect(row.storageKey).toMatch(new RegExp(`^${shop.id}/files/[0-9a-f-]{36}$`));
    const object = await env.STORAGE.get(row.storageKey);
    expect(new Uint8Array(await (object as R2ObjectBody).arrayBuffer())).toEqual(bytes);

    const fileName = row.storageKey.split('/').pop();
    expectError(await call(`/storage/${shop.id}/files/${fileName}`), 404, 'ROUTE_NOT_FOUND');
    expectError(
      await call(`/storage/${shop.id}/media/..%2Ffiles%2F${fileName}`),
      404,
      'MEDIA_NOT_FOUND',
    );

    // A product is given the file (the products API does this by id); a buyer downloads it.
    const ebook = await createProduct(shop, {
      isDigital: true,
      trackStock: false,
      priceMinor: 900,
    });
    await testDb()
      .update(s.digitalFiles)
      .set({ productId: ebook.id })
      .where(eq(s.digitalFiles.id, res.body.id));
    const buyer = await signInCustomer(shop);
    const order = await buyer.api.post(
      '/orders',
      orderBody([{ productId: ebook.id, quantity: 1 }], {
        cartUserId: buyer.customer.id,
        email: buyer.customer.email,
      }),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    await markPaid(order.body.data._id);
    const download = await buyer.api.post(`/orders/download-files/${order.body.data._id}`, {
      productId: ebook.id,
      fileId: res.body.id,
    });
    expect(download.status).toBe(200);
    expect(download.body).toBe(new TextDecoder().decode(bytes));
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toContain('filename="Field Guide.pdf"');

    const inUse = expectError(
      await api.delete(`/digital-files/${res.body.id}`),
      409,
      'DIGITAL_FILE_IN_USE',
    );
    expect(inUse.details).toEqual([
      { field: 'product_id', message: 'A product sells it.' },
      { field: 'orders', message: '1 orders were granted it.' },
    ]);
    // Stopping downloads is the way out for a sold file.
    const stopped = await api.patch(`/digital-files/${res.body.id}`, { active: false });
    expect(stopped.body).toMatchObject({ active: false, version: 2 });
    const refused = await buyer.api.post(`/orders/download-files/${order.body.data._id}`, {
      productId: ebook.id,
      fileId: res.body.id,
    });
    expectError(refused, 403, 'DOWNLOAD_NOT_ACTIVE');
  });

  it('refuses an empty body, a body over the limit and a missing name, storing nothing', async () => {
    const other = await createTestShop();
    const { key } = await merchantOf(other);
    expectError(await uploadFile(key.secret, new Uint8Array(0)), 422, 'DIGITAL_FILE_EMPTY');
    const big = new Uint8Array(DIGITAL_FILE_MAX_BYTES + 1);
    const error = expectError(await uploadFile(key.secret, big), 413, 'DIGITAL_FILE_TOO_LARGE');
    expect(error.message).toContain(String(DIGITAL_FILE_MAX_BYTES));
    expectError(await uploadFile(key.secret, pdf('x'), { query: '' }), 422, 'VALIDATION_FAILED');
    expectError(
      await uploadFile(key.secret, pdf('x'), { query: '?filename=..%2Fetc%2Fpasswd' }),
      422,
      'VALIDATION_FAILED',
    );
    expect(
      await testDb().select().from(s.digitalFiles).where(eq(s.digitalFiles.shopId, other.id)),
    ).toEqual([]);
    expect(await storedFiles(other.id)).toEqual([]);
  });

  it('keeps a declared type, and stores a malformed or missing one as application/octet-stream', async () => {
    const zip = await uploadFile(secret, pdf('z'), { type: 'Application/ZIP; charset=binary' });
    expect(zip.body.content_type).toBe('application/zip');
    const odd = await uploadFile(secret, pdf('z'), { type: 'not a type' });
    expect(odd.body.content_type).toBe('application/octet-stream');
  });

  it('lists newest first with a cursor, reads, updates with If-Match and deletes an unused file', async () => {
    const other = await createTestShop();
    const { key, api: theirs } = await merchantOf(other);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await uploadFile(key.secret, pdf(`v${n}`))).body.id);
    const page = await theirs.get('/digital-files?limit=2');
    expect(page.body.data.map((f: { id: string }) => f.id)).toEqual([ids[2], ids[1]]);
    expect(page.body.has_more).toBe(true);
    const rest = await theirs.get(`/digital-files?limit=2&starting_after=${ids[1]}`);
    expect(rest.body.data.map((f: { id: string }) => f.id)).toEqual([ids[0]]);
    const one = await theirs.get(`/digital-files/${ids[0]}`);
    expect(one.headers.get('etag')).toBe('"1"');
    expect(one.roundTrips).toBe(1);

    const changed = await theirs.patch(
      `/digital-files/${ids[0]}`,
      { download_limit: 3, download_days: 30, filename: 'Guide v1.pdf' },
      { headers: { 'if-match': '"1"' } },
    );
    expect(changed.body).toMatchObject({ download_limit: 3, download_days: 30, version: 2 });
    const stale = await theirs.patch(
      `/digital-files/${ids[0]}`,
      { title: 'x' },
      { headers: { 'if-match': '"1"' } },
    );
    expectError(stale, 412, 'PRECONDITION_FAILED');
    expectError(
      await theirs.patch(`/digital-files/${ids[0]}`, { product_id: null }),
      422,
      'VALIDATION_FAILED',
    );

    const { storageKey } = await rowOf(ids[1] ?? '');
    const deleted = await theirs.delete(`/digital-files/${ids[1]}`);
    expect(deleted.body).toEqual({ id: ids[1], object: 'digital_file', deleted: true });
    expect(await env.STORAGE.get(storageKey)).toBeNull();
    expectError(await theirs.get(`/digital-files/${ids[1]}`), 404, 'DIGITAL_FILE_NOT_FOUND');
    expect(await storedFiles(other.id)).toHaveLength(2);
  });

  it("keeps a shop's files invisible to another shop's key", async () => {
    const mine = (await uploadFile(secret, pdf('mine'))).body;
    const stranger = (await merchantOf(await createTestShop())).api;
    expectError(await stranger.get(`/digital-files/${mine.id}`), 404, 'DIGITAL_FILE_NOT_FOUND');
    expectError(
      await stranger.patch(`/digital-files/${mine.id}`, { active: false }),
      404,
      'DIGITAL_FILE_NOT_FOUND',
    );
    expectError(await stranger.delete(`/digital-files/${mine.id}`), 404, 'DIGITAL_FILE_NOT_FOUND');
    expect((await stranger.get('/digital-files')).body.data).toEqual([]);
    expect((await rowOf(mine.id)).version).toBe(1);
  });
});
