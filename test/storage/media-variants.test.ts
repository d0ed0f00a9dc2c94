import { env } from 'cloudflare:test';
import { IMAGE_WIDTHS } from '@storefront-api/client/images';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectError } from '../helpers/api';
import { checkResponse } from '../helpers/contract';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { dispatch } from '../helpers/worker';

/*
 * `/storage/<shop>/media/<file>?w=<width>` through the worker's real IMAGES binding (Miniflare's
 * offline one, on sharp): the answers are decoded again by the binding to read what they are.
 */

const WEBP_BROWSER = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const OLD_BROWSER = 'image/png,image/*;q=0.8,*/*;q=0.5';

/** A real JPEG of `width` x `height`, drawn as an SVG and encoded by the binding itself. */
async function jpegOf(width: number, height: number): Promise<ArrayBuffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c96"/><stop offset="1" stop-color="#369"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="#eee"/></svg>`;
  const result = await env.IMAGES.input(new Blob([svg]).stream())
    .transform({ width })
    .output({ format: 'image/jpeg' });
  return new Response(result.image()).arrayBuffer();
}

/** An image request: the body as bytes, the answer held to the route's declaration. */
async function fetchImage(path: string, headers: Record<string, string> = {}) {
  const response = await dispatch(new Request(`http://storefront.test${path}`, { headers }));
  checkResponse('GET', new URL(path, 'http://x').pathname, {
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: null,
  });
  const bytes = await response.arrayBuffer();
  return { status: response.status, headers: response.headers, bytes };
}

/** What the binding reads of an answer's bytes. */
const infoOf = async (bytes: ArrayBuffer) =>
  (await env.IMAGES.info(new Blob([bytes]).stream())) as {
    format: string;
    width: number;
    height: number;
  };

let shop: TestShop;
let photoBytes: number;

beforeAll(async () => {
  shop = await createTestShop();
  const photo = await jpegOf(2000, 1500);
  photoBytes = photo.byteLength;
  await env.STORAGE.put(`${shop.id}/media/photo.jpg`, photo, {
    httpMetadata: { contentType: 'image/jpeg' },
  });
  await env.STORAGE.put(`${shop.id}/media/small.jpg`, await jpegOf(800, 600), {
    httpMetadata: { contentType: 'image/jpeg' },
  });
});

describe('GET /storage/:shopId/media/:filename?w=', () => {
  it('resizes a photo to the width asked, as WebP for a browser that accepts it', async () => {
    const res = await fetchImage(`/storage/${shop.id}/media/photo.jpg?w=640`, {
      accept: WEBP_BROWSER,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(await infoOf(res.bytes)).toMatchObject({
      format: 'image/webp',
      width: 640,
      height: 480,
    });
    expect(res.bytes.byteLength).toBeLessThan(photoBytes);
    expect(res.headers.get('content-length')).toBe(String(res.bytes.byteLength));
    expect(res.headers.get('vary')).toBe('Accept');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps a JPEG a JPEG for a browser that names neither WebP nor AVIF', async () => {
    const res = await fetchImage(`/storage/${shop.id}/media/photo.jpg?w=320`, {
      accept: OLD_BROWSER,
    });
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(await infoOf(res.bytes)).toMatchObject({
      format: 'image/jpeg',
      width: 320,
      height: 240,
    });
    expect(res.headers.get('vary')).toBe('Accept');
  });

  it('answers AVIF to a browser that names AVIF and not WebP', async () => {
    const res = await fetchImage(`/storage/${shop.id}/media/photo.jpg?w=320`, {
      accept: 'image/avif,image/webp;q=0,*/*;q=0.5',
    });
    expect(res.headers.get('content-type')).toBe('image/avif');
    // The offline binding's info() reads AVIF as 'heif' and refuses it: the file's own brand says.
    expect(new TextDecoder().decode(res.bytes.slice(4, 12))).toBe('ftypavif');
  });

  it('never makes an image wider than it is', async () => {
    const res = await fetchImage(`/storage/${shop.id}/media/small.jpg?w=1600`, {
      accept: WEBP_BROWSER,
    });
    expect(await infoOf(res.bytes)).toMatchObject({
      format: 'image/webp',
      width: 800,
      height: 600,
    });
  });

  it('resizes once: the second request is answered from the cache, byte for byte', async () => {
    const path = `/storage/${shop.id}/media/photo.jpg?w=1024`;
    const first = await fetchImage(path, { accept: WEBP_BROWSER });
    expect(first.headers.get('server-timing')).toContain('cache;desc="miss"');
    // The copy is stored after the answer; wait until the cache holds it.
    let second = await fetchImage(path, { accept: WEBP_BROWSER });
    for (let i = 0; i < 50 && !second.headers.get('server-timing')?.includes('hit'); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      second = await fetchImage(path, { accept: WEBP_BROWSER });
    }
    expect(second.headers.get('server-timing')).toContain('cache;desc="hit"');
    expect(new Uint8Array(second.bytes)).toEqual(new Uint8Array(first.bytes));
    expect(second.headers.get('content-type')).toBe('image/webp');
    expect(second.headers.get('vary')).toBe('Accept');
    // Another format of the same width is a variant of its own, not the WebP copy.
    const jpeg = await fetchImage(path, { accept: OLD_BROWSER });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
  });

  it('answers 304 to a client holding the variant’s ETag', async () => {
    const path = `/storage/${shop.id}/media/photo.jpg?w=320`;
    const first = await fetchImage(path, { accept: WEBP_BROWSER });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/-320-webp"$/);
    const again = await fetchImage(path, { accept: WEBP_BROWSER, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes.byteLength).toBe(0);
  });

  it('refuses a width outside the set with IMAGE_WIDTH_INVALID, before reading anything', async () => {
    for (const w of ['500', '641', '0640', '640.0', 'abc', '', '99999'])
      expectError(
        await call(`/storage/${shop.id}/media/photo.jpg?w=${w}`),
        400,
        'IMAGE_WIDTH_INVALID',
      );
    expectError(await call(`/storage/${shop.id}/media/none.jpg?w=500`), 400, 'IMAGE_WIDTH_INVALID');
    expect(IMAGE_WIDTHS).toEqual([320, 480, 640, 800, 1024, 1600]);
  });

  it('serves an SVG as stored whatever the width', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';
    await env.STORAGE.put(`${shop.id}/media/mark.svg`, svg, {
      httpMetadata: { contentType: 'image/svg+xml' },
    });
    const res = await fetchImage(`/storage/${shop.id}/media/mark.svg?w=640`, {
      accept: WEBP_BROWSER,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(new TextDecoder().decode(res.bytes)).toBe(svg);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('keeps the image as stored for a request without a width', async () => {
    const res = await fetchImage(`/storage/${shop.id}/media/photo.jpg`, { accept: WEBP_BROWSER });
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.bytes.byteLength).toBe(photoBytes);
    expect(res.headers.get('vary')).toBeNull();
  });

  it("serves a shop's image only under its own shop id, cached copies included", async () => {
    const other = await createTestShop();
    // Shop one's variant is in the cache now; the same file name under the other shop is not it.
    await fetchImage(`/storage/${shop.id}/media/photo.jpg?w=640`, { accept: WEBP_BROWSER });
    expectError(
      await call(`/storage/${other.id}/media/photo.jpg?w=640`, {
        headers: { accept: WEBP_BROWSER },
      }),
      404,
      'MEDIA_NOT_FOUND',
    );
    expectError(await call(`/storage/${other.id}/media/photo.jpg`), 404, 'MEDIA_NOT_FOUND');
    expectError(
      await call(`/storage/${shop.id}/media/..%2F..%2F${other.id}%2Fmedia%2Fphoto.jpg?w=640`),
      404,
      'MEDIA_NOT_FOUND',
    );
    expectError(await call(`/storage/not-a-shop/media/photo.jpg?w=640`), 404, 'MEDIA_NOT_FOUND');
  });
});
