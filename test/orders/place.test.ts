import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { OrderConfirmationSchema } from '../../src/modules/orders/schemas';
import { client, expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { deviceHeaders, signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { waitForEmail } from '../helpers/mail';
import {
  buyerEmail,
  createCoupon,
  createShippingRate,
  orderBody,
  postOrder,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type ErrorBody = { details: Array<{ field: string; message: string }> };

const stockOf = async (productId: string) => {
  const [row] = await testDb()
    .select({ stock: s.products.stock })
    .from(s.products)
    .where(eq(s.products.id, productId));
  return row?.stock;
};

describe('POST /orders', () => {
  let shop: TestShop;
  let rate: { id: string };
  let shirt: TestProduct;
  let mug: TestProduct;
  let sized: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop({
      currency: 'EUR',
      settings: { tax: { active: true, value: 19 } },
      domains: [{ hostname: 'shop.example.test', isPrimary: true }],
    });
    rate = await createShippingRate(shop, { title: 'Parcel', priceMinor: 490 });
    shirt = await createProduct(shop, { title: 'Linen shirt', priceMinor: 2500, stock: 20 });
    mug = await createProduct(shop, {
      title: 'Mug',
      priceMinor: 1250,
      trackStock: false,
      stock: 0,
    });
    sized = await createProduct(shop, {
      title: 'Sized tee',
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [
        { values: ['S'], priceMinor: 1500, stock: 4 },
        { values: ['M'], priceMinor: 1700, stock: 4 },
      ],
    });
  });

  it('places an order priced by the server and answers with the confirmation', async () => {
    const body = orderBody(
      [
        { productId: shirt.id, quantity: 2 },
        { productId: mug.id, quantity: 1 },
      ],
      { shippingId: rate.id, note: 'Ring twice' },
    );
    const res = await postOrder(shop, body);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const parsed = OrderConfirmationSchema.strict().safeParse(res.body.data);
    expect(parsed.error?.issues ?? []).toEqual([]);
    // products 62.50; tax 19% of 62.50 = 11.875 → 11.88; shipping 4.90
    expect(res.body.data).toMatchObject({
      orderNumber: expect.stringMatching(/^\d+$/),
      products: [
        { _id: shirt.id, title: 'Linen shirt', quantity: 2 },
        { _id: mug.id, title: 'Mug', quantity: 1 },
      ],
      productsTotal: 62.5,
      couponTotal: 0,
      shippingTotal: 4.9,
      taxTotal: 11.88,
      cartTotal: 79.28,
    });
    const [order] = await testDb()
      .select()
      .from(s.orders)
      .where(and(eq(s.orders.shopId, shop.id), eq(s.orders.id, res.body.data._id)));
    expect(order).toMatchObject({
      email: body.email,
      status: 'pending',
      paymentStatus: 'unpaid',
      note: 'Ring twice',
      town: 'London',
      cartTotalMinor: 7928,
      shipping: { kind: 'standard', id: rate.id, name: 'Parcel', priceMinor: 490 },
    });
  });

  it('takes stock of tracked products and variants only', async () => {
    const before = await stockOf(shirt.id);
    const variant = sized.variants[1];
    const res = await postOrder(
      shop,
      orderBody(
        [
          { productId: shirt.id, quantity: 3 },
          { productId: sized.id, quantity: 2, variationKey: sized.keyOf('M') },
          { productId: mug.id, quantity: 5 },
        ],
        { shippingId: rate.id },
      ),
    );
    expect(res.status).toBe(200);
    expect(await stockOf(shirt.id)).toBe((before ?? 0) - 3);
    expect(await stockOf(mug.id)).toBe(0);
    const [row] = await testDb()
      .select({ stock: s.productVariants.stock })
      .from(s.productVariants)
      .where(eq(s.productVariants.id, variant?.id ?? ''));
    expect(row?.stock).toBe(2);
    const lines = await testDb()
      .select()
      .from(s.orderLines)
      .where(eq(s.orderLines.orderId, res.body.data._id))
      .orderBy(s.orderLines.position);
    expect(lines.map((l) => [l.title, l.variationKey, l.unitPriceMinor, l.quantity])).toEqual([
      ['Linen shirt', '', 2500, 3],
      ['Sized tee', sized.keyOf('M'), 1700, 2],
      ['Mug', '', 1250, 5],
    ]);
  });

  it('numbers orders per shop, one after the other', async () => {
    const first = await postOrder(
      shop,
      orderBody([{ productId: mug.id, quantity: 1 }], { shippingId: rate.id }),
    );
    const second = await postOrder(
      shop,
      orderBody([{ productId: mug.id, quantity: 1 }], { shippingId: rate.id }),
    );
    expect(Number(second.body.data.orderNumber)).toBe(Number(first.body.data.orderNumber) + 1);
    const other = await createTestShop();
    const product = await createProduct(other, { priceMinor: 1000 });
    await createShippingRate(other);
    const rates = await testDb()
      .select()
      .from(s.shippingRates)
      .where(eq(s.shippingRates.shopId, other.id));
    const elsewhere = await postOrder(
      other,
      orderBody([{ productId: product.id, quantity: 1 }], { shippingId: rates[0]?.id }),
    );
    expect(elsewhere.body.data.orderNumber).toBe('1001');
  });

  it('ignores every price and total the client sends', async () => {
    const res = await postOrder(
      shop,
      orderBody([{ productId: shirt.id, quantity: 1, price: 0.01, actualPrice: 0.01 } as never], {
        shippingId: rate.id,
        cartTotal: 0.01,
        productsTotal: 0.01,
        shippingTotal: 0,
        taxTotal: 0,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ productsTotal: 25, shippingTotal: 4.9, taxTotal: 4.75 });
    expect(res.body.data.cartTotal).toBe(34.65);
  });

  it('applies a coupon before tax and records its use', async () => {
    const coupon = await createCoupon(shop, { code: 'ORDER10', kind: 'percentage', value: 10 });
    const email = buyerEmail();
    const res = await postOrder(
      shop,
      orderBody([{ productId: shirt.id, quantity: 2 }], {
        shippingId: rate.id,
        coupons: ['order10'],
        email,
      }),
    );
    expect(res.status).toBe(200);
    // products 50.00, coupon 5.00, tax 19% of 45.00 = 8.55, shipping 4.90
    expect(res.body.data).toMatchObject({
      productsTotal: 50,
      couponTotal: 5,
      taxTotal: 8.55,
      shippingTotal: 4.9,
      cartTotal: 58.45,
    });
    const [used] = await testDb().select().from(s.coupons).where(eq(s.coupons.id, coupon.id));
    expect(used?.usedCount).toBe(1);
    const redemptions = await testDb()
      .select()
      .from(s.couponRedemptions)
      .where(eq(s.couponRedemptions.couponId, coupon.id));
    expect(redemptions).toMatchObject([{ orderId: res.body.data._id, email, amountMinor: 500 }]);
  });

  it('queues a confirmation email whose link signs the buyer in with POST /auth/access', async () => {
    const email = buyerEmail('mail');
    const res = await postOrder(
      shop,
      orderBody([{ productId: mug.id, quantity: 1 }], { shippingId: rate.id, email }),
    );
    expect(res.status).toBe(200);
    const mail = await waitForEmail(email, (m) => m.subject.includes(res.body.data.orderNumber));
    const href = /https:\/\/shop\.example\.test\/auth\/access\?[^"\s]+/.exec(mail.text)?.[0];
    expect(href).toBeDefined();
    const link = new URL(href ?? '');
    expect(link.searchParams.get('order')).toBe(res.body.data._id);
    expect(link.searchParams.get('email')).toBe(email);
    const access = await client(shop.apiKey).post(
      '/auth/access',
      {
        id: link.searchParams.get('id'),
        email: link.searchParams.get('email'),
        order: link.searchParams.get('order'),
      },
      { headers: deviceHeaders('device-1') },
    );
    expect(access.status).toBe(200);
    const mine = await client(shop.apiKey, access.body.token, deviceHeaders('device-1')).get(
      `/orders/${res.body.data._id}`,
    );
    expect(mine.status).toBe(200);
  });

  it('links a guest order to the customer of its email, creating one at the first order', async () => {
    const email = buyerEmail('first');
    const first = await postOrder(
      shop,
      orderBody([{ productId: mug.id, quantity: 1 }], {
        shippingId: rate.id,
        email: email.toUpperCase(),
      }),
    );
    const second = await postOrder(
      shop,
      orderBody([{ productId: mug.id, quantity: 1 }], {
        shippingId: rate.id,
        email,
        name: 'Other',
      }),
    );
    const rows = await testDb()
      .select({ id: s.orders.id, customerId: s.orders.customerId, email: s.orders.email })
      .from(s.orders)
      .where(eq(s.orders.email, email));
    expect(rows).toHaveLength(2);
    const [customer] = await testDb()
      .select()
      .from(s.customers)
      .where(and(eq(s.customers.shopId, shop.id), eq(s.customers.email, email)));
    expect(customer).toMatchObject({ name: 'Ada Lovelace', phone: '+15550100' });
    expect(new Set(rows.map((r) => r.customerId))).toEqual(new Set([customer?.id]));
    expect([first.status, second.status]).toEqual([200, 200]);
  });

  it('links the order to the signed-in customer only when cartUserId is theirs', async () => {
    const { customer, api } = await signInCustomer(shop);
    const body = (extra: Record<string, unknown>) =>
      orderBody([{ productId: mug.id, quantity: 1 }], {
        shippingId: rate.id,
        email: buyerEmail(),
        ...extra,
      });
    const own = await api.post('/orders', body({ cartUserId: customer.id }));
    const forged = await client(shop.apiKey).post('/orders', body({ cartUserId: customer.id }));
    const orders = await testDb()
      .select({ id: s.orders.id, customerId: s.orders.customerId })
      .from(s.orders)
      .where(eq(s.orders.shopId, shop.id));
    const byId = new Map(orders.map((o) => [o.id, o.customerId]));
    expect(byId.get(own.body.data._id)).toBe(customer.id);
    expect(byId.get(forged.body.data._id)).not.toBe(customer.id);
  });
});

describe('POST /orders validation', () => {
  let shop: TestShop;
  let rate: { id: string };
  let shirt: TestProduct;
  let sized: TestProduct;

  beforeAll(async () => {
    shop = await createTestShop();
    rate = await createShippingRate(shop);
    shirt = await createProduct(shop, { priceMinor: 2500, stock: 2 });
    sized = await createProduct(shop, {
      options: [{ name: 'Size', values: ['S', 'M'] }],
      variants: [{ values: ['S'] }, { values: ['M'], active: false }],
    });
  });

  const place = (cart: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) =>
    postOrder(shop, orderBody(cart as never, { shippingId: rate.id, ...extra }));

  it('names every bad field of the body', async () => {
    const res = await postOrder(shop, {
      cart: [{ productId: shirt.id, quantity: -1, type: 'product' }],
      name: '',
      email: 'not-an-email',
      phone: '12-34',
    });
    const body = expectError(res, 422, 'ORDER_VALIDATION_FAILED') as unknown as ErrorBody;
    const fields = body.details.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['cart.0.quantity', 'name', 'email', 'phone']));
  });

  it('requires a non-empty cart', async () => {
    const res = await place([]);
    const body = expectError(res, 422, 'ORDER_VALIDATION_FAILED') as unknown as ErrorBody;
    expect(body.details.map((d) => d.field)).toContain('cart');
  });

  it('names unknown, unpublished and other shops’ products', async () => {
    const draft = await createProduct(shop, { status: 'draft' });
    const foreign = await createProduct(await createTestShop(), { priceMinor: 100 });
    const res = await place([
      { productId: shirt.id, quantity: 1 },
      { productId: crypto.randomUUID(), quantity: 1 },
      { productId: 'not-a-uuid', quantity: 1 },
      { productId: draft.id, quantity: 1 },
      { productId: foreign.id, quantity: 1 },
    ]);
    const body = expectError(res, 422, 'ORDER_VALIDATION_FAILED') as unknown as ErrorBody;
    expect(body.details.map((d) => d.field)).toEqual(['cart.1', 'cart.2', 'cart.3', 'cart.4']);
  });

  it('names variant problems: missing key, unknown or inactive variant', async () => {
    const res = await place([
      { productId: sized.id, quantity: 1 },
      { productId: sized.id, quantity: 1, variationKey: sized.keyOf('M') },
      { productId: sized.id, quantity: 1, variationKey: sized.keyOf('S') },
      { productId: shirt.id, quantity: 1, variationKey: sized.keyOf('S') },
    ]);
    const body = expectError(res, 422, 'ORDER_VALIDATION_FAILED') as unknown as ErrorBody;
    expect(body.details.map((d) => d.field)).toEqual(['cart.0.variationKey', 'cart.1', 'cart.3']);
  });

  it('fails the whole order when an item is out of stock, taking nothing', async () => {
    const res = await place([
      { productId: sized.id, quantity: 1, variationKey: sized.keyOf('S') },
      { productId: shirt.id, quantity: 2 },
      { productId: shirt.id, quantity: 1 },
    ]);
    const body = expectError(res, 422, 'ORDER_VALIDATION_FAILED') as unknown as ErrorBody;
    expect(body.details.map((d) => d.field)).toEqual(['cart.1.quantity', 'cart.2.quantity']);
    expect(await stockOf(shirt.id)).toBe(2);
    const orders = await testDb().select().from(s.orders).where(eq(s.orders.shopId, shop.id));
    expect(orders).toHaveLength(0);
  });

  it('requires the town unless the shop collects no address', async () => {
    const res = await place([{ productId: shirt.id, quantity: 1 }], { town: undefined });
    const body = expectError(res, 422, 'ORDER_VALIDATION_FAILED') as unknown as ErrorBody;
    expect(body.details).toEqual([{ field: 'town', message: expect.any(String) }]);
    const noAddress = await createTestShop({ settings: { shipping: { removeAddress: true } } });
    const product = await createProduct(noAddress, { priceMinor: 900 });
    const ok = await postOrder(
      noAddress,
      orderBody([{ productId: product.id, quantity: 1 }], { town: undefined, city: undefined }),
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ shippingTotal: 0, cartTotal: 9 });
  });

  it('names coupon problems in the details', async () => {
    await createCoupon(shop, { code: 'GONE', usageLimit: 1, usedCount: 1 });
    await createCoupon(shop, { code: 'OTHER' });
    const usedUp = await place([{ productId: shirt.id, quantity: 1 }], { coupons: ['GONE'] });
    const body = expectError(usedUp, 422, 'ORDER_VALIDATION_FAILED') as unknown as ErrorBody;
    expect(body.details).toEqual([
      { field: 'coupons.0', message: expect.stringMatching(/used up/) },
    ]);
    const two = await place([{ productId: shirt.id, quantity: 1 }], { coupons: ['GONE', 'OTHER'] });
    const stacked = expectError(two, 422, 'ORDER_VALIDATION_FAILED') as unknown as ErrorBody;
    expect(stacked.details.map((d) => d.field)).toEqual(['coupons']);
  });

  it("enforces a coupon's per-customer limit by email at order time", async () => {
    await createCoupon(shop, { code: 'ONCEPER', perCustomerLimit: 1 });
    const email = buyerEmail();
    const product = await createProduct(shop, { priceMinor: 1000, trackStock: false });
    const first = await place([{ productId: product.id, quantity: 1 }], {
      coupons: ['ONCEPER'],
      email,
    });
    expect(first.status).toBe(200);
    const again = await place([{ productId: product.id, quantity: 1 }], {
      coupons: ['onceper'],
      email: email.toUpperCase(),
    });
    expectError(again, 422, 'ORDER_VALIDATION_FAILED');
    const someoneElse = await place([{ productId: product.id, quantity: 1 }], {
      coupons: ['ONCEPER'],
    });
    expect(someoneElse.status).toBe(200);
  });

  it('refuses coupons in a shop that has them switched off', async () => {
    const off = await createTestShop({
      couponsEnabled: false,
      settings: { shipping: { active: false } },
    });
    const product = await createProduct(off, { priceMinor: 1000 });
    await createCoupon(off, { code: 'NOPE' });
    const res = await postOrder(
      off,
      orderBody([{ productId: product.id, quantity: 1 }], { coupons: ['NOPE'] }),
    );
    const body = expectError(res, 422, 'ORDER_VALIDATION_FAILED') as unknown as ErrorBody;
    expect(body.details.map((d) => d.field)).toEqual(['coupons.0']);
  });
});

describe('POST /orders in a shop that requires an account', () => {
  it('takes orders only from the signed-in customer, for their own account', async () => {
    const shop = await createTestShop({
      settings: { checkout: { requiresAccount: true }, shipping: { active: false } },
    });
    const product = await createProduct(shop, { priceMinor: 1000 });
    const body = (extra: Record<string, unknown> = {}) =>
      orderBody([{ productId: product.id, quantity: 1 }], extra);
    expectError(await postOrder(shop, body()), 401, 'AUTH_TOKEN_MISSING');
    const { customer, api } = await signInCustomer(shop);
    const anonymousId = await api.post('/orders', body());
    const envelope = expectError(
      anonymousId,
      422,
      'ORDER_VALIDATION_FAILED',
    ) as unknown as ErrorBody;
    expect(envelope.details.map((d) => d.field)).toEqual(['cartUserId']);
    const own = await api.post('/orders', body({ cartUserId: customer.id }));
    expect(own.status).toBe(200);
  });
});
