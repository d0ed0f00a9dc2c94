import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/api';
import { codeOf, waitForEmail } from '../helpers/mail';
import { demoShop, secondShop } from '../helpers/shop-factory';

const DEMO_CUSTOMER = 'demo@aurora.example';

/**
 * The seeded demo shop makes every endpoint of the contract answer with real data, as a
 * developer sees it after `npm run dev`. Reads only, apart from the demo customer's sign-in.
 */
describe('the demo shop', () => {
  const api = () => client(demoShop().apiKey);
  type Item = { _id: string; slug: string; hasVariantions: boolean; reviewCount: number };
  let items: Item[];

  beforeAll(async () => {
    items = (await api().get('/products?limit=50')).body.data.data;
  });

  it('lists a catalogue of 60+ products, with variants, sales and stock states', async () => {
    const list = (await api().get('/products')).body.data;
    expect(list.totalDocuments).toBeGreaterThanOrEqual(60);
    expect(items.some((p) => p.hasVariantions)).toBe(true);
    expect((await api().get('/products?onSale=true')).body.data.totalDocuments).toBeGreaterThan(0);
    expect((await api().get('/products?featured=true')).body.data.totalDocuments).toBeGreaterThan(
      0,
    );
  });

  it('answers product detail, variants, variant details, similar and best sellers', async () => {
    const variantProduct = items.find((p) => p.hasVariantions);
    const detail = (await api().get(`/products/${variantProduct?.slug}`)).body.data;
    expect(detail.options.length).toBe(2);
    const variants = (await api().get(`/products/variants?productId=${detail._id}`)).body.data;
    expect(variants.totalVariants).toBeGreaterThan(1);
    const key = variants.variants[0].key;
    const variant = await api().get(
      `/products/variant-details?productId=${detail._id}&variationKey=${key}`,
    );
    expect(variant.status).toBe(200);
    expect(
      (await api().get(`/products/similar/${detail._id}`)).body.data.totalDocuments,
    ).toBeGreaterThan(0);
    expect((await api().get('/products/best-sellers')).body.data.data.length).toBeGreaterThan(0);
    const cart = [{ productId: detail._id, quantity: 1, type: 'product', variationKey: key }];
    expect((await api().post('/products/cart', { cart })).body.total).toBe(1);
    expect(
      (await api().post('/products/cart-similarities', { cart })).body.data.totalDocuments,
    ).toBeGreaterThan(0);
  });

  it('answers categories on three levels, search, content and policies', async () => {
    const categories = (await api().get('/categories?limit=100')).body;
    expect(categories.totalDocuments).toBeGreaterThanOrEqual(8);
    const child = categories.data.find((c: { parent: string | null }) => c.parent);
    expect((await api().get(`/categories/${child.slug}`)).status).toBe(200);
    const search = (await api().get('/search?term=linen')).body.data;
    expect(search.products.totalDocuments).toBeGreaterThan(0);
    expect((await api().get('/content/home-hero')).body.data).not.toBeNull();
    expect((await api().get('/content/journal')).body.data.data.length).toBeGreaterThan(0);
    expect((await api().get('/content/announcement-bar')).body.data).toBeNull();
    expect((await api().get('/settings/policy/privacy')).status).toBe(200);
  });

  it('answers reviews, coupons, page metadata and the sitemap', async () => {
    const reviewed = items.find((p) => p.reviewCount > 0);
    expect((await api().get(`/reviews/${reviewed?._id}`)).body.data.length).toBeGreaterThan(0);
    expect((await api().get(`/reviews/${reviewed?._id}/summary`)).body.data.count).toBeGreaterThan(
      0,
    );
    const simple = items.find((p) => !p.hasVariantions);
    const coupon = await api().post('/coupons', {
      coupons: ['welcome10'],
      cart: [{ productId: simple?._id, quantity: 2, type: 'product' }],
    });
    expect(coupon.body.data.amount).toBeGreaterThan(0);
    const meta = await api().post('/config', { url: '/product/:id', param: simple?.slug });
    expect(meta.body.data.openGraph.images.length).toBeGreaterThan(0);
    expect((await api().get('/config/site-map')).body.data.length).toBeGreaterThan(60);
  });

  it('signs the demo customer in by emailed code and shows their orders and downloads', async () => {
    const requested = await api().post('/auth', { email: DEMO_CUSTOMER });
    expect(requested.body.status).toBe('verify');
    const code = codeOf(await waitForEmail(DEMO_CUSTOMER));
    const verified = await api().post('/auth/verify', {
      email: DEMO_CUSTOMER,
      id: requested.body.data.id,
      code,
      event: 'login',
    });
    const customer = api().withToken(verified.body.token);
    const orders = (await customer.get('/orders')).body;
    const statuses = orders.data.map((o: { status: string }) => o.status);
    expect(statuses).toEqual(expect.arrayContaining(['pending', 'delivered', 'completed']));
    const paid = orders.data.find(
      (o: { paymentStatus: string }) => o.paymentStatus === 'fully-paid',
    );
    const detail = (await customer.get(`/orders/${paid._id}`)).body.data;
    expect(detail.downloadables.length).toBeGreaterThan(0);
    expect(detail.downloadables[0].files.length).toBeGreaterThan(0);
  });

  it('shares nothing with the second shop, which reuses its slugs and codes', async () => {
    const pantry = client(secondShop().apiKey);
    const theirs = (await pantry.get('/products?limit=50')).body.data.data.map((p: Item) => p._id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((id: string) => items.some((p) => p._id === id))).toEqual([]);
    const ours = (await api().get('/products/linen-cafe-apron')).body.data;
    const same = (await pantry.get('/products/linen-cafe-apron')).body.data;
    expect(same._id).not.toBe(ours._id);
    expect((await pantry.get(`/products/${ours._id}`)).status).toBe(404);
  });
});
