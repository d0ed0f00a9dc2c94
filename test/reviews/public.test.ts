import { beforeAll, describe, expect, it } from 'vitest';
import { maskName } from '../../src/modules/reviews/service';
import { client, expectError } from '../helpers/api';
import { createProductFixture } from '../helpers/order-fixtures';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { insertReview } from './support';

describe('GET /reviews/:productId', () => {
  let shop: TestShop;
  let productId: string;

  beforeAll(async () => {
    shop = await createTestShop();
    productId = (await createProductFixture(shop)).id;
    const day = (n: number) => new Date(Date.UTC(2030, 0, n));
    await insertReview(shop, productId, {
      rating: 4,
      createdAt: day(1),
      buyerName: 'Ada Lovelace',
    });
    await insertReview(shop, productId, {
      rating: 5,
      createdAt: day(3),
      buyerName: 'Bo',
      variationLabel: 'red-xl',
      media: [{ _id: 'm1', uploadUrl: `${shop.id}/media/photo.jpg` }],
    });
    await insertReview(shop, productId, { rating: 3, createdAt: day(2), buyerName: 'Chen' });
    await insertReview(shop, productId, { rating: 1, status: 'pending', createdAt: day(4) });
    await insertReview(shop, productId, { rating: 1, hidden: true, createdAt: day(5) });
  });

  it('lists approved, not hidden reviews newest first, in one statement', async () => {
    const res = await client(shop.apiKey).get(`/reviews/${productId}`);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'status']);
    expect(res.body.data.map((r: { rating: number }) => r.rating)).toEqual([5, 3, 4]);
    expect(res.body.data[0]).toMatchObject({
      productId,
      status: 'approved',
      variationLabel: 'red-xl',
      date: '2030-01-03T00:00:00.000Z',
      media: [{ _id: 'm1', uploadUrl: `${shop.id}/media/photo.jpg` }],
    });
  });

  it('masks buyer names: two characters visible, the rest as *', async () => {
    const res = await client(shop.apiKey).get(`/reviews/${productId}`);
    expect(res.body.data.map((r: { buyerName: string }) => r.buyerName)).toEqual([
      'Bo',
      'Ch**',
      'Ad**********',
    ]);
    expect(maskName('  Zoë ')).toBe('Zo*');
    expect(maskName('')).toBe('');
  });

  it('pages with page and limit', async () => {
    const first = await client(shop.apiKey).get(`/reviews/${productId}?page=1&limit=2`);
    const second = await client(shop.apiKey).get(`/reviews/${productId}?page=2&limit=2`);
    expect(first.body.data.map((r: { rating: number }) => r.rating)).toEqual([5, 3]);
    expect(second.body.data.map((r: { rating: number }) => r.rating)).toEqual([4]);
    const beyond = await client(shop.apiKey).get(`/reviews/${productId}?page=9`);
    expect(beyond.body.data).toEqual([]);
    expectError(
      await client(shop.apiKey).get(`/reviews/${productId}?limit=0`),
      422,
      'VALIDATION_FAILED',
    );
  });

  it('answers an empty list for a product without reviews', async () => {
    const product = await createProductFixture(shop);
    const res = await client(shop.apiKey).get(`/reviews/${product.id}`);
    expect(res.body).toMatchObject({ status: 'success', data: [] });
  });

  it('answers REVIEW_PRODUCT_NOT_FOUND for unknown, malformed, unpublished or other-shop products', async () => {
    const draft = await createProductFixture(shop, { status: 'draft' });
    const other = await createTestShop();
    for (const id of [crypto.randomUUID(), 'not-a-uuid', draft.id]) {
      expectError(await client(shop.apiKey).get(`/reviews/${id}`), 404, 'REVIEW_PRODUCT_NOT_FOUND');
    }
    expectError(
      await client(other.apiKey).get(`/reviews/${productId}`),
      404,
      'REVIEW_PRODUCT_NOT_FOUND',
    );
  });
});

describe('GET /reviews/:productId/summary', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it('averages listed reviews to one decimal and counts hidden ones, in one statement', async () => {
    const { id } = await createProductFixture(shop);
    for (const rating of [5, 4, 4]) await insertReview(shop, id, { rating });
    await insertReview(shop, id, { rating: 1, status: 'pending' });
    await insertReview(shop, id, { rating: 1, hidden: true });
    await insertReview(shop, id, { rating: 2, hidden: true, status: 'pending' });
    const res = await client(shop.apiKey).get(`/reviews/${id}/summary`);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBe(1);
    expect(res.body.data).toEqual({ average: 4.3, count: 3, hidden: 2 });
  });

  it('answers zeros for a product without reviews', async () => {
    const { id } = await createProductFixture(shop);
    const res = await client(shop.apiKey).get(`/reviews/${id}/summary`);
    expect(res.body.data).toEqual({ average: 0, count: 0, hidden: 0 });
  });

  it('answers REVIEW_PRODUCT_NOT_FOUND for an unknown or malformed product', async () => {
    for (const id of [crypto.randomUUID(), 'nope']) {
      expectError(
        await client(shop.apiKey).get(`/reviews/${id}/summary`),
        404,
        'REVIEW_PRODUCT_NOT_FOUND',
      );
    }
  });
});
