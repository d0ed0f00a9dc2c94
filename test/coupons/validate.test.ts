import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { CouponResultSchema } from '../../src/modules/coupons/schemas';
import { client, expectError } from '../helpers/api';
import { createCategory, createProduct, type TestProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { createCoupon } from '../helpers/order-factory';
import { createOrderFixture } from '../helpers/order-fixtures';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const line = (product: { id: string }, quantity = 1, variationKey?: string) => ({
  productId: product.id,
  quantity,
  type: 'product',
  ...(variationKey === undefined ? {} : { variationKey }),
});

describe('POST /coupons', () => {
  let shop: TestShop;
  let shirt: TestProduct;
  let socks: TestProduct;
  let onSale: TestProduct;
  let sized: TestProduct;
  let free: TestProduct;
  const hour = 60 * 60 * 1000;

  const validate = (coupons: string[], cart: unknown[], api = client(shop.apiKey)) =>
    api.post('/coupons', { coupons, cart });

  beforeAll(async () => {
    shop = await createTestShop();
    const clothing = await createCategory(shop, { name: 'Clothing' });
    const underwear = await createCategory(shop, { name: 'Underwear', parentId: clothing.id });
    shirt = await createProduct(shop, { priceMinor: 2000 });
    socks = await createProduct(shop, { priceMinor: 500, categories: [underwear] });
    onSale = await createProduct(shop, { priceMinor: 3000, salePriceMinor: 1500 });
    sized = await createProduct(shop, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { values: ['S'], priceMinor: 1200 },
        { values: ['M'], priceMinor: 1400 },
      ],
    });
    free = await createProduct(shop, { priceMinor: 0 });
  });

  it('takes a percentage off the server-priced cart', async () => {
    const coupon = await createCoupon(shop, { code: 'TENOFF', kind: 'percentage', value: 10 });
    const res = await validate(['TENOFF'], [line(shirt, 2), line(socks, 1)]);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(CouponResultSchema.strict().safeParse(res.body.data).error?.issues ?? []).toEqual([]);
    expect(res.body.data).toEqual({ _id: coupon.id, code: 'TENOFF', amount: 4.5 });
  });

  it('matches codes case-insensitively and counts a repeated code once', async () => {
    await createCoupon(shop, { code: 'MIXEDCASE', kind: 'fixed', value: 300 });
    const res = await validate(['mixedCase', ' MIXEDCASE '], [line(shirt)]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'MIXEDCASE', amount: 3 });
  });

  it('ignores prices the client sends and uses sale and variant prices', async () => {
    await createCoupon(shop, { code: 'HALF', kind: 'percentage', value: 50 });
    const cart = [{ ...line(onSale), price: 1, actualPrice: 1 }, line(sized, 1, sized.keyOf('M'))];
    const res = await validate(['HALF'], cart);
    expect(res.status).toBe(200);
    // (15.00 sale price + 14.00 variant) * 50%
    expect(res.body.data.amount).toBe(14.5);
  });

  it('never takes more than the eligible total', async () => {
    await createCoupon(shop, { code: 'BIGFIXED', kind: 'fixed', value: 100_000 });
    const res = await validate(['BIGFIXED'], [line(socks, 2)]);
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(10);
  });

  it('rounds a percentage half up to a whole cent', async () => {
    const cheap = await createProduct(shop, { priceMinor: 5 });
    await createCoupon(shop, { code: 'ODD', kind: 'percentage', value: 10 });
    // 10% of 0.05 is half a cent: rounded up to 0.01; 10% of 0.15 is 1.5 cents: 0.02.
    expect((await validate(['ODD'], [line(cheap)])).body.data.amount).toBe(0.01);
    expect((await validate(['ODD'], [line(cheap, 3)])).body.data.amount).toBe(0.02);
  });

  it('counts only lines of the scoped products', async () => {
    await createCoupon(shop, {
      code: 'SHIRTS',
      kind: 'percentage',
      value: 50,
      productIds: [shirt.id],
    });
    const res = await validate(['SHIRTS'], [line(shirt), line(socks, 4)]);
    expect(res.body.data.amount).toBe(10);
  });

  it('counts lines of a scoped category and of its subcategories', async () => {
    const parent = await createCategory(shop, { name: 'Apparel' });
    const child = await createCategory(shop, { name: 'Hats', parentId: parent.id });
    const hat = await createProduct(shop, { priceMinor: 800, categories: [child] });
    await createCoupon(shop, {
      code: 'APPAREL',
      kind: 'fixed',
      value: 10_000,
      categoryIds: [parent.id],
    });
    const res = await validate(['APPAREL'], [line(hat), line(shirt)]);
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(8);
  });

  it('refuses a scoped coupon when no line is in scope', async () => {
    await createCoupon(shop, { code: 'SOCKSONLY', productIds: [socks.id] });
    expectError(await validate(['SOCKSONLY'], [line(shirt)]), 400, 'INVALID_COUPON');
  });

  it('checks the minimum order total on server prices', async () => {
    await createCoupon(shop, { code: 'MIN50', minTotalMinor: 5000 });
    const below = await validate(['MIN50'], [{ ...line(shirt, 2), price: 100 }]);
    expect(expectError(below, 400, 'INVALID_COUPON').message).toContain('50');
    const reached = await validate(['MIN50'], [line(shirt, 3)]);
    expect(reached.status).toBe(200);
  });

  it('refuses inactive coupons and coupons outside their window', async () => {
    const now = Date.now();
    await createCoupon(shop, { code: 'OFF', active: false });
    await createCoupon(shop, { code: 'LATER', startsAt: new Date(now + hour) });
    await createCoupon(shop, { code: 'OVER', endsAt: new Date(now - hour) });
    await createCoupon(shop, {
      code: 'NOW',
      startsAt: new Date(now - hour),
      endsAt: new Date(now + hour),
    });
    for (const code of ['OFF', 'LATER', 'OVER']) {
      expectError(await validate([code], [line(shirt)]), 400, 'INVALID_COUPON');
    }
    expect((await validate(['NOW'], [line(shirt)])).status).toBe(200);
  });

  it('refuses a coupon whose total usage limit is reached', async () => {
    await createCoupon(shop, { code: 'USEDUP', usageLimit: 3, usedCount: 3 });
    await createCoupon(shop, { code: 'ONELEFT', usageLimit: 3, usedCount: 2 });
    expectError(await validate(['USEDUP'], [line(shirt)]), 400, 'INVALID_COUPON');
    expect((await validate(['ONELEFT'], [line(shirt)])).status).toBe(200);
  });

  it("checks the per-customer limit against the signed-in customer's redemptions", async () => {
    const coupon = await createCoupon(shop, { code: 'ONCE', perCustomerLimit: 1 });
    const { customer, api } = await signInCustomer(shop);
    const order = await createOrderFixture(shop, {
      customerId: customer.id,
      email: customer.email,
    });
    const guest = await validate(['ONCE'], [line(shirt)]);
    expect(guest.status).toBe(200);
    expect((await validate(['ONCE'], [line(shirt)], api)).status).toBe(200);
    await testDb().insert(s.couponRedemptions).values({
      shopId: shop.id,
      couponId: coupon.id,
      orderId: order.id,
      customerId: customer.id,
      email: customer.email,
      amountMinor: 100,
    });
    expectError(await validate(['ONCE'], [line(shirt)], api), 400, 'INVALID_COUPON');
  });

  it('refuses unknown codes and more than one coupon', async () => {
    expectError(await validate(['NOSUCHCODE'], [line(shirt)]), 400, 'INVALID_COUPON');
    await createCoupon(shop, { code: 'FIRST' });
    await createCoupon(shop, { code: 'SECOND' });
    const both = await validate(['FIRST', 'SECOND'], [line(shirt)]);
    expect(expectError(both, 400, 'INVALID_COUPON').message).toMatch(/one coupon/i);
  });

  it('answers COUPON_ZERO_TOTAL for an empty, unavailable or free cart', async () => {
    await createCoupon(shop, { code: 'ZERO' });
    expectError(await validate(['ZERO'], []), 400, 'COUPON_ZERO_TOTAL');
    const missing = { ...line(shirt), productId: crypto.randomUUID() };
    expectError(await validate(['ZERO'], [missing]), 400, 'COUPON_ZERO_TOTAL');
    expectError(await validate(['ZERO'], [line(free, 3)]), 400, 'COUPON_ZERO_TOTAL');
  });

  it('leaves items the shop cannot sell out of the discount', async () => {
    await createCoupon(shop, { code: 'SKIPGONE', kind: 'percentage', value: 10 });
    const draft = await createProduct(shop, { priceMinor: 9000, status: 'draft' });
    const res = await validate(['SKIPGONE'], [line(shirt), line(draft), line(sized)]);
    expect(res.status).toBe(200);
    expect(res.body.data.amount).toBe(2);
  });

  it('validates the body like cart hydration does', async () => {
    const bad = await validate(['TENOFF'], [{ productId: shirt.id, quantity: 0, type: 'product' }]);
    const envelope = expectError(bad, 422, 'VALIDATION_FAILED') as unknown as {
      details: Array<{ field: string }>;
    };
    expect(envelope.details.map((d) => d.field)).toContain('cart.0.quantity');
    expectError(await validate([], [line(shirt)]), 422, 'VALIDATION_FAILED');
  });
});

describe('POST /coupons in a shop without coupons', () => {
  it('answers COUPONS_DISABLED', async () => {
    const shop = await createTestShop({ couponsEnabled: false });
    const product = await createProduct(shop, { priceMinor: 1000 });
    await createCoupon(shop, { code: 'ANY' });
    const res = await client(shop.apiKey).post('/coupons', {
      coupons: ['ANY'],
      cart: [line(product)],
    });
    expectError(res, 403, 'COUPONS_DISABLED');
  });

  it("never finds another shop's coupon", async () => {
    const shop = await createTestShop();
    const other = await createTestShop();
    const product = await createProduct(shop, { priceMinor: 1000 });
    await createCoupon(other, { code: 'OTHERSHOP' });
    const res = await client(shop.apiKey).post('/coupons', {
      coupons: ['OTHERSHOP'],
      cart: [line(product)],
    });
    expectError(res, 400, 'INVALID_COUPON');
  });
});
