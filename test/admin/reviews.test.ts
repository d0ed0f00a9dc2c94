import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import {
  addReview,
  createMedia,
  createProduct,
  type TestProduct,
} from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

describe('review moderation through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let product: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
    product = await createProduct(shop, { priceMinor: 1000 });
  });

  const storefront = () => client(shop.apiKey);
  const listedIds = async () =>
    (await storefront().get(`/reviews/${product.id}`)).body.data.map((r: { _id: string }) => r._id);
  const summary = async () => (await storefront().get(`/reviews/${product.id}/summary`)).body.data;
  const productStats = async () => {
    const body = (await storefront().get(`/products/${product.id}`)).body.data;
    return { count: body.reviewCount, average: body.averageRating };
  };

  it('queues pending reviews first, newest first within each, and pages both ways by cursor', async () => {
    const other = await createTestShop();
    const { api: own } = await merchantOf(other);
    const p = await createProduct(other, { priceMinor: 100 });
    const a = await addReview(other, p.id, {
      rating: 5,
      status: 'approved',
      createdAt: minutesAgo(1),
    });
    const b = await addReview(other, p.id, {
      rating: 4,
      status: 'pending',
      createdAt: minutesAgo(5),
    });
    const c = await addReview(other, p.id, {
      rating: 3,
      status: 'approved',
      createdAt: minutesAgo(3),
    });
    const d = await addReview(other, p.id, {
      rating: 2,
      status: 'pending',
      createdAt: minutesAgo(2),
    });
    const expected = [d.id, b.id, a.id, c.id];
    const whole = await own.get('/reviews?limit=10');
    expect(whole.roundTrips).toBe(1);
    expect(whole.body.data.map((r: { id: string }) => r.id)).toEqual(expected);

    const walked: string[] = [];
    let after = '';
    for (;;) {
      const page = await own.get(`/reviews?limit=1${after ? `&starting_after=${after}` : ''}`);
      walked.push(page.body.data[0].id);
      if (!page.body.has_more) break;
      after = page.body.data[0].id;
    }
    expect(walked).toEqual(expected);
    const back = await own.get(`/reviews?limit=2&ending_before=${c.id}`);
    expect(back.body.data.map((r: { id: string }) => r.id)).toEqual([b.id, a.id]);
    expect(back.body.has_more).toBe(true);

    const pending = await own.get('/reviews?status=pending');
    expect(pending.body.data.map((r: { id: string }) => r.id)).toEqual([d.id, b.id]);
    const gone = await own.get(`/reviews?starting_after=${crypto.randomUUID()}`);
    expectError(gone, 422, 'VALIDATION_FAILED');
    expect(gone.body.details[0].field).toBe('starting_after');
  });

  it('names the product (title, handle, first image) and the masked buyer, in the one statement', async () => {
    const other = await createTestShop();
    const { api: own } = await merchantOf(other);
    const [first, second] = [await createMedia(other), await createMedia(other)];
    const p = await createProduct(other, {
      title: 'Linen Shirt',
      priceMinor: 100,
      media: [first, second].filter((m) => m !== undefined),
    });
    const bare = await createProduct(other, { title: 'Plain Mug', priceMinor: 100 });
    const r = await addReview(other, p.id, { rating: 5, buyerName: 'Grace Hopper' });
    await addReview(other, bare.id, { rating: 4, buyerName: 'Ada' });
    const list = await own.get('/reviews?limit=10');
    expect(list.roundTrips).toBe(1);
    const byProduct = Object.fromEntries(
      list.body.data.map((x: { product: { title: string } }) => [x.product.title, x]),
    );
    expect(byProduct['Linen Shirt']).toMatchObject({
      id: r.id,
      buyer_name: 'Grace Hopper',
      buyer_display_name: 'Gr**********',
      product: { id: p.id, title: 'Linen Shirt', slug: p.slug, image_id: first?.id },
    });
    expect(byProduct['Plain Mug']).toMatchObject({
      buyer_display_name: 'Ad*',
      product: { id: bare.id, image_id: null },
    });
    const one = await own.get(`/reviews/${r.id}`);
    expect(one.body.product).toEqual(byProduct['Linen Shirt'].product);
    // Moderation answers the same names.
    const hidden = await own.post(`/reviews/${r.id}/hide`, {});
    expect(hidden.status).toBe(200);
    expect(hidden.body.product).toEqual(one.body.product);
    expect(hidden.body.buyer_display_name).toBe('Gr**********');
  });

  it('approve, hide and unhide change the storefront list, aggregates and summary in the next request', async () => {
    const listed = await addReview(shop, product.id, { rating: 5, status: 'approved' });
    const review = await addReview(shop, product.id, { rating: 2, status: 'pending' });
    expect(await listedIds()).toEqual([listed.id]);
    expect(await productStats()).toEqual({ count: 1, average: 5 });

    const approved = await api.post(`/reviews/${review.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', listed: true, version: 2 });
    expect(approved.headers.get('etag')).toBe('"2"');
    expect(await listedIds()).toEqual([review.id, listed.id]);
    expect(await productStats()).toEqual({ count: 2, average: 3.5 });
    expect(await summary()).toMatchObject({ count: 2, hidden: 0, average: 3.5 });

    const again = await api.post(`/reviews/${review.id}/approve`, {});
    expect(again.body.version).toBe(2);

    const hidden = await api.post(
      `/reviews/${review.id}/hide`,
      {},
      { headers: { 'if-match': '"2"' } },
    );
    expect(hidden.body).toMatchObject({ hidden: true, listed: false, version: 3 });
    expect(await listedIds()).toEqual([listed.id]);
    expect(await productStats()).toEqual({ count: 1, average: 5 });
    expect(await summary()).toMatchObject({ count: 1, hidden: 1, average: 5 });

    expectError(
      await api.post(`/reviews/${review.id}/unhide`, {}, { headers: { 'if-match': '"2"' } }),
      412,
      'PRECONDITION_FAILED',
    );
    const shown = await api.post(`/reviews/${review.id}/unhide`, {});
    expect(shown.body).toMatchObject({ hidden: false, listed: true, version: 4 });
    expect(await summary()).toMatchObject({ count: 2, hidden: 0 });
  });

  it('approving while hiding ends approved and hidden, each change audited', async () => {
    const review = await addReview(shop, product.id, { rating: 4, status: 'pending' });
    const [approve, hide] = await Promise.all([
      api.post(`/reviews/${review.id}/approve`, {}),
      api.post(`/reviews/${review.id}/hide`, {}),
    ]);
    expect([approve.status, hide.status]).toEqual([200, 200]);
    const read = await api.get(`/reviews/${review.id}`);
    expect(read.body).toMatchObject({
      status: 'approved',
      hidden: true,
      listed: false,
      version: 3,
    });
    expect(await listedIds()).not.toContain(review.id);
    const audit = await testDb()
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.shopId, shop.id), eq(s.auditEvents.resourceId, review.id)));
    // Whichever commits first, each record holds its own field (and `listed` only when it moved).
    const own = audit.map((e) =>
      Object.keys(e.changes as object).filter((field) => field === 'status' || field === 'hidden'),
    );
    expect(own.sort()).toEqual([['hidden'], ['status']]);
  });

  it("answers REVIEW_NOT_FOUND for unknown, malformed and other shops' reviews", async () => {
    const other = await createTestShop();
    const p = await createProduct(other, { priceMinor: 100 });
    const foreign = await addReview(other, p.id, { rating: 3 });
    for (const id of [crypto.randomUUID(), 'nope', foreign.id]) {
      expectError(await api.get(`/reviews/${id}`), 404, 'REVIEW_NOT_FOUND');
      expectError(await api.post(`/reviews/${id}/hide`, {}), 404, 'REVIEW_NOT_FOUND');
    }
  });
});
