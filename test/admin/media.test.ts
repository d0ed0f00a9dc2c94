import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ShopContext } from '../../src/app-env';
import * as s from '../../src/db/schema';
import type { Bindings } from '../../src/env';
import { buildServices } from '../../src/http/services';
import { MEDIA_MAX_BYTES, storeImage } from '../../src/modules/media/service';
import { call, client, expectError } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { avif, gif, jpeg, png, svg, text, webp } from '../helpers/images';
import { adminCall, type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { dispatch } from '../helpers/worker';

/** Uploads raw bytes as the body of POST /media. */
const upload = (
  secret: string,
  body: Uint8Array,
  options: { type?: string; query?: string; headers?: Record<string, string> } = {},
) =>
  adminCall(`/media${options.query ? `?${options.query}` : ''}`, {
    method: 'POST',
    body,
    headers: {
      authorization: `Bearer ${secret}`,
      'content-type': options.type ?? 'application/octet-stream',
      ...options.headers,
    },
  });

/** The keys of a shop's objects under its public media prefix. */
const storedKeys = async (shopId: string) =>
  (await env.STORAGE.list({ prefix: `${shopId}/media/` })).objects.map((o) => o.key);

const mediaRowsOf = (shopId: string) =>
  testDb().select().from(s.media).where(eq(s.media.shopId, shopId));

describe('media through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let secret: string;

  beforeAll(async () => {
    shop = await createTestShop();
    const merchant = await merchantOf(shop);
    api = merchant.api;
    secret = merchant.key.secret;
  });

  it('stores a PNG named .jpg and sent as image/jpeg as a PNG, served at the storefront URL', async () => {
    const bytes = png(640, 480);
    const res = await upload(secret, bytes, {
      type: 'image/jpeg',
      query: 'filename=Linen%20Shirt.jpg&alt=A%20linen%20shirt',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { id, filename } = res.body;
    expect(filename).toMatch(/^linen-shirt-[0-9a-f]{8}\.png$/);
    expect(res.body).toMatchObject({
      object: 'media',
      alt: 'A linen shirt',
      content_type: 'image/png',
      size: bytes.byteLength,
      width: 640,
      height: 480,
      version: 1,
      image: {
        _id: id,
        type: 'image/png',
        size: String(bytes.byteLength),
        title: 'A linen shirt',
        uploadUrl: `${shop.id}/media/${filename}`,
      },
    });
    expect(res.headers.get('etag')).toBe('"1"');
    expect(res.roundTrips).toBe(4); // BEGIN, insert, audit, COMMIT

    // The storefront's rule: settings.media.url + the last segment of uploadUrl.
    const settings = await client(shop.apiKey).get('/settings');
    const url = `${settings.body.data.media.url}${res.body.image.uploadUrl.split('/').pop()}`;
    expect(res.body.url).toBe(url);
    const served = await call(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-length')).toBe(String(bytes.byteLength));

    const [audit] = await testDb()
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.shopId, shop.id), eq(s.auditEvents.resourceId, id)));
    expect(audit).toMatchObject({ action: 'create', resourceType: 'media' });
  });

  it.each([
    ['JPEG', jpeg(800, 600), 'image/jpeg', 'jpg', 800, 600],
    ['GIF', gif(32, 16), 'image/gif', 'gif', 32, 16],
    ['WebP', webp(1200, 900), 'image/webp', 'webp', 1200, 900],
    ['AVIF', avif(300, 200), 'image/avif', 'avif', 300, 200],
  ])('recognises a %s by its bytes, with its dimensions', async (_, bytes, type, ext, w, h) => {
    const res = await upload(secret, bytes, { query: 'filename=photo.png' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ content_type: type, width: w, height: h });
    expect(res.body.filename).toMatch(new RegExp(`^photo-[0-9a-f]{8}\\.${ext}$`));
  });

  it('refuses a text file named .png and sent as image/png, storing nothing', async () => {
    const other = await createTestShop();
    const { key } = await merchantOf(other);
    const res = await upload(key.secret, text(), { type: 'image/png', query: 'filename=a.png' });
    expectError(res, 422, 'MEDIA_TYPE_UNSUPPORTED');
    expect(res.body.details).toEqual([{ field: 'body', message: 'Not a supported image.' }]);
    expect(await mediaRowsOf(other.id)).toEqual([]);
    expect(await storedKeys(other.id)).toEqual([]);
  });

  it('refuses SVG, an empty body and a JSON body', async () => {
    expectError(
      await upload(secret, svg(), { type: 'image/svg+xml' }),
      422,
      'MEDIA_TYPE_UNSUPPORTED',
    );
    expectError(await upload(secret, new Uint8Array(0)), 422, 'MEDIA_TYPE_UNSUPPORTED');
    expectError(
      await api.post('/media', { url: 'https://x.example/a.png' }),
      422,
      'MEDIA_TYPE_UNSUPPORTED',
    );
  });

  it('refuses a body over the limit with 413 naming the limit, storing nothing', async () => {
    const other = await createTestShop();
    const { key } = await merchantOf(other);
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
    big.set(png());
    const res = await upload(key.secret, big, { type: 'image/png' });
    const error = expectError(res, 413, 'MEDIA_TOO_LARGE');
    expect(error.message).toContain(String(MEDIA_MAX_BYTES));
    expect(error.message).toContain('10 MiB');
    expect(await mediaRowsOf(other.id)).toEqual([]);
    expect(await storedKeys(other.id)).toEqual([]);
    // Exactly at the limit is accepted: the limit is on the file, not the route's JSON cap.
    const atLimit = big.subarray(0, MEDIA_MAX_BYTES);
    expect((await upload(key.secret, atLimit)).status).toBe(201);
  });

  it('refuses a body arriving in chunks without Content-Length once past the limit', async () => {
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(png());
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MEDIA_MAX_BYTES) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await dispatch(
      new Request('http://storefront.test/admin/api/v1/media', {
        method: 'POST',
        body: stream,
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'image/png' },
      }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('MEDIA_TOO_LARGE');
  });

  it('lists newest first with a cursor, and reads one with its ETag in one statement', async () => {
    const other = await createTestShop();
    const { key, api: theirs } = await merchantOf(other);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push((await upload(key.secret, png(n, n))).body.id);
    const first = await theirs.get('/media?limit=2');
    expect(first.body.data.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.has_more).toBe(true);
    const next = await theirs.get(`/media?limit=2&starting_after=${ids[1]}`);
    expect(next.body.data.map((m: { id: string }) => m.id)).toEqual([ids[0]]);
    expect(next.body.has_more).toBe(false);
    const one = await theirs.get(`/media/${ids[0]}`);
    expect(one.body).toMatchObject({ id: ids[0], width: 1, height: 1 });
    expect(one.headers.get('etag')).toBe('"1"');
    expect(one.roundTrips).toBe(1);
  });

  it('changes the alt text, which the storefront shows as the image title; a stale If-Match is 412', async () => {
    const { id } = (await upload(secret, png(), { query: 'alt=Old' })).body;
    const [row] = await testDb().select().from(s.media).where(eq(s.media.id, id));
    if (!row) throw new Error('no row');
    const product = await createProduct(shop, { media: [row] });
    const res = await api.patch(
      `/media/${id}`,
      { alt: 'Blue linen shirt, front' },
      {
        headers: { 'if-match': '"1"' },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ alt: 'Blue linen shirt, front', version: 2 });
    expect(res.body.image.title).toBe('Blue linen shirt, front');
    const detail = await client(shop.apiKey).get(`/products/${product.id}`);
    expect(detail.body.data.media[0]).toMatchObject({ _id: id, title: 'Blue linen shirt, front' });
    const stale = await api.patch(`/media/${id}`, { alt: 'x' }, { headers: { 'if-match': '"1"' } });
    expectError(stale, 412, 'PRECONDITION_FAILED');
    expectError(await api.patch(`/media/${id}`, { title: 'x' }), 422, 'VALIDATION_FAILED');
    expectError(
      await api.patch(`/media/${crypto.randomUUID()}`, { alt: 'x' }),
      404,
      'MEDIA_NOT_FOUND',
    );
  });

  it('refuses to delete an image a product shows, naming the use; deletes an unused one and its object', async () => {
    const used = (await upload(secret, png())).body;
    const [row] = await testDb().select().from(s.media).where(eq(s.media.id, used.id));
    if (!row) throw new Error('no row');
    await createProduct(shop, { media: [row] });
    const refused = expectError(await api.delete(`/media/${used.id}`), 409, 'MEDIA_IN_USE');
    expect(refused.message).toContain('1 products');
    expect((await call(used.url)).status).toBe(200);

    const unused = (await upload(secret, gif())).body;
    const res = await api.delete(`/media/${unused.id}`, { headers: { 'if-match': '"1"' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: unused.id, object: 'media', deleted: true });
    expect(await env.STORAGE.get(`${shop.id}/media/${unused.filename}`)).toBeNull();
    expectError(await call(unused.url), 404, 'MEDIA_NOT_FOUND');
    expectError(await api.get(`/media/${unused.id}`), 404, 'MEDIA_NOT_FOUND');
    expectError(await api.delete(`/media/${unused.id}`), 404, 'MEDIA_NOT_FOUND');
  });

  it("keeps a shop's images invisible to another shop's key", async () => {
    const mine = (await upload(secret, png())).body;
    const stranger = (await merchantOf(await createTestShop())).api;
    expectError(await stranger.get(`/media/${mine.id}`), 404, 'MEDIA_NOT_FOUND');
    expectError(await stranger.patch(`/media/${mine.id}`, { alt: 'x' }), 404, 'MEDIA_NOT_FOUND');
    expectError(await stranger.delete(`/media/${mine.id}`), 404, 'MEDIA_NOT_FOUND');
    const list = await stranger.get('/media?limit=100');
    expect(list.body.data).toEqual([]);
    expectError(await stranger.get(`/media?starting_after=${mine.id}`), 422, 'VALIDATION_FAILED');
  });

  it('replays an upload retried with its Idempotency-Key; another file with the key is refused', async () => {
    const other = await createTestShop();
    const { key } = await merchantOf(other);
    const headers = { 'idempotency-key': `media-${crypto.randomUUID()}` };
    const first = await upload(key.secret, png(2, 2), { headers });
    const again = await upload(key.secret, png(2, 2), { headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await mediaRowsOf(other.id)).toHaveLength(1);
    expect(await storedKeys(other.id)).toHaveLength(1);
    expectError(await upload(key.secret, png(3, 3), { headers }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await storedKeys(other.id)).toHaveLength(1);
  });
});

describe('storeImage, the service the product importer calls', () => {
  const shopContext = (shop: TestShop): ShopContext => ({
    id: shop.id,
    name: shop.name,
    status: 'active',
    currency: 'EUR',
    currencyDigits: 2,
    refundWindowDays: 14,
    couponsEnabled: true,
    newsletterCap: null,
  });
  const services = () => buildServices(env as unknown as Bindings, { waitUntil: () => {} });

  it('applies the upload rules and stores the row and the object', async () => {
    const shop = await createTestShop();
    const stored = await storeImage(services(), shopContext(shop), webp(10, 20), {
      filename: 'https://cdn.example/img/Sommer Kleid.JPG',
      alt: 'Summer dress',
    });
    expect(stored).toMatchObject({ content_type: 'image/webp', alt: 'Summer dress', width: 10 });
    expect(stored.filename).toMatch(/^sommer-kleid-[0-9a-f]{8}\.webp$/);
    expect(await storedKeys(shop.id)).toEqual([`${shop.id}/media/${stored.filename}`]);
    await expect(storeImage(services(), shopContext(shop), text())).rejects.toMatchObject({
      code: 'MEDIA_TYPE_UNSUPPORTED',
    });
    const big = new Uint8Array(MEDIA_MAX_BYTES + 1);
    big.set(jpeg());
    await expect(storeImage(services(), shopContext(shop), big)).rejects.toMatchObject({
      code: 'MEDIA_TOO_LARGE',
    });
  });

  it('removes the object when the transaction fails after it was written', async () => {
    const shop = await createTestShop();
    // The audit record names a key that does not exist: its insert fails after the object's put.
    const actor = { keyId: crypto.randomUUID(), requestId: null };
    await expect(
      storeImage(services(), shopContext(shop), png(), { filename: 'x.png', actor }),
    ).rejects.toThrow();
    expect(await mediaRowsOf(shop.id)).toEqual([]);
    expect(await storedKeys(shop.id)).toEqual([]);
  });
});
