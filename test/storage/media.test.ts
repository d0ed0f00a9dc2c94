import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { call, expectError } from '../helpers/api';
import { createTestShop } from '../helpers/shop-factory';

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>';

describe('GET /storage/:shopId/media/:filename', () => {
  it('serves an image from R2 at the URL settings.media.url builds', async () => {
    const shop = await createTestShop();
    await env.STORAGE.put(`${shop.id}/media/logo.svg`, svg, {
      httpMetadata: { contentType: 'image/svg+xml' },
    });
    const settings = await call('/settings', { apiKey: shop.apiKey });
    const url = `${settings.body.data.media.url}logo.svg`;
    const res = await call(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.body).toBe(svg);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('answers 304 Not Modified to a client holding the current ETag', async () => {
    const shop = await createTestShop();
    await env.STORAGE.put(`${shop.id}/media/mark.svg`, svg, {
      httpMetadata: { contentType: 'image/svg+xml' },
    });
    const first = await call(`/storage/${shop.id}/media/mark.svg`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toBeTruthy();
    const again = await call(`/storage/${shop.id}/media/mark.svg`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('never serves digital files stored beside the media', async () => {
    const shop = await createTestShop();
    await env.STORAGE.put(`${shop.id}/files/ebook.pdf`, 'secret');
    expectError(
      await call(`/storage/${shop.id}/media/..%2Ffiles%2Febook.pdf`),
      404,
      'MEDIA_NOT_FOUND',
    );
    expectError(await call(`/storage/${shop.id}/media/../files/ebook.pdf`), 404, 'ROUTE_NOT_FOUND');
    expectError(await call(`/storage/${shop.id}/files/ebook.pdf`), 404, 'ROUTE_NOT_FOUND');
  });

  it('answers MEDIA_NOT_FOUND for a missing file or a malformed shop id', async () => {
    const shop = await createTestShop();
    expectError(await call(`/storage/${shop.id}/media/nothing.png`), 404, 'MEDIA_NOT_FOUND');
    expectError(await call('/storage/not-a-shop/media/logo.png'), 404, 'MEDIA_NOT_FOUND');
  });
});
