import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import type { SettingsDocumentInput } from '../../src/modules/settings/document';
import { client, expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import {
  createCoupon,
  createPickupLocation,
  createShippingRate,
  orderBody,
  postOrder,
} from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Fixture = {
  shop: TestShop;
  product: TestProduct;
  ebook: TestProduct;
  rate: { id: string };
  retired: { id: string };
  pickup: { id: string };
  closed: { id: string };
};

async function shopWith(shipping: SettingsDocumentInput['shipping']): Promise<Fixture> {
  const shop = await createTestShop({ settings: { shipping } });
  return {
    shop,
    product: await createProduct(shop, { priceMinor: 2000, trackStock: false }),
    ebook: await createProduct(shop, { priceMinor: 800, isDigital: true, trackStock: false }),
    rate: await createShippingRate(shop, { title: 'Courier', priceMinor: 650 }),
    retired: await createShippingRate(shop, { title: 'Old', priceMinor: 100, active: false }),
    pickup: await createPickupLocation(shop, { name: 'Depot', feeMinor: 150 }),
    closed: await createPickupLocation(shop, { name: 'Closed', active: false }),
  };
}

const order = (
  f: Fixture,
  extra: Record<string, unknown>,
  cart = [{ productId: f.product.id, quantity: 1 }],
) => postOrder(f.shop, orderBody(cart, extra));

describe('shipping with standard delivery and pickup', () => {
  let f: Fixture;

  beforeAll(async () => {
    f = await shopWith({ active: true, standardActive: true, pickupActive: true });
  });

  it('charges the chosen active rate and keeps a snapshot of it', async () => {
    const res = await order(f, { shippingId: f.rate.id, pickupLocationId: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ shippingTotal: 6.5, cartTotal: 26.5 });
    const [row] = await testDb().select().from(s.orders).where(eq(s.orders.id, res.body.data._id));
    expect(row?.shipping).toEqual({
      kind: 'standard',
      id: f.rate.id,
      name: 'Courier',
      priceMinor: 650,
    });
  });

  it('tells a theme which cart lines are delivered, as checkout charges them', async () => {
    const res = await client(f.shop.apiKey).post('/products/cart', {
      cart: [
        { type: 'product', productId: f.product.id, quantity: 1 },
        { type: 'product', productId: f.ebook.id, quantity: 1 },
      ],
    });
    expect(res.status).toBe(200);
    const items = (res.body as { data: Array<{ _id: string; needsShipping: boolean }> }).data;
    expect(items.map((i) => [i._id, i.needsShipping])).toEqual([
      [f.product.id, true],
      [f.ebook.id, false],
    ]);
  });

  it('keeps the postal code of the delivery address', async () => {
    const res = await order(f, { shippingId: f.rate.id, postalCode: '10115' });
    expect(res.status).toBe(200);
    const [row] = await testDb().select().from(s.orders).where(eq(s.orders.id, res.body.data._id));
    expect(row?.postalCode).toBe('10115');
    const long = await order(f, { shippingId: f.rate.id, postalCode: 'x'.repeat(21) });
    expectError(long, 422, 'ORDER_VALIDATION_FAILED');
  });

  it('offers a rate with a minimum only to orders worth it after coupons', async () => {
    const free = await createShippingRate(f.shop, {
      title: 'Free over 50',
      priceMinor: 0,
      minOrderMinor: 5000,
    });
    const coupon = await createCoupon(f.shop, { kind: 'fixed', value: 500 });
    const two = [{ productId: f.product.id, quantity: 2 }];
    const three = [{ productId: f.product.id, quantity: 3 }];
    const short = await order(f, { shippingId: free.id }, two);
    expectError(short, 422, 'INVALID_SHIPPING_ID');
    expect(short.body.message).toMatch(/minimum/);
    const enough = await order(f, { shippingId: free.id }, three);
    expect(enough.status).toBe(200);
    expect(enough.body.data).toMatchObject({ productsTotal: 60, shippingTotal: 0, cartTotal: 60 });
    // 60 less a 5 coupon still reaches 50; the threshold is the value after coupons.
    const discounted = await order(f, { shippingId: free.id, coupons: [coupon.code] }, three);
    expect(discounted.body.data).toMatchObject({ couponTotal: 5, shippingTotal: 0 });
    const exactly = await createShippingRate(f.shop, { priceMinor: 0, minOrderMinor: 6000 });
    expect((await order(f, { shippingId: exactly.id }, three)).status).toBe(200);
    expectError(
      await order(f, { shippingId: exactly.id, coupons: [coupon.code] }, three),
      422,
      'INVALID_SHIPPING_ID',
    );
  });

  it("charges the chosen pickup point's fee", async () => {
    const res = await order(f, { shippingId: null, pickupLocationId: f.pickup.id });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ shippingTotal: 1.5, cartTotal: 21.5 });
  });

  it('refuses an unknown, retired, malformed or foreign rate with INVALID_SHIPPING_ID', async () => {
    const foreign = await createShippingRate(await createTestShop());
    for (const shippingId of [crypto.randomUUID(), f.retired.id, 'express', foreign.id]) {
      expectError(await order(f, { shippingId }), 422, 'INVALID_SHIPPING_ID');
    }
  });

  it('refuses an unknown or closed pickup point', async () => {
    for (const pickupLocationId of [crypto.randomUUID(), f.closed.id, f.rate.id]) {
      expectError(await order(f, { pickupLocationId }), 422, 'INVALID_SHIPPING_ID');
    }
  });

  it('needs exactly one choice when something is to be delivered', async () => {
    expectError(await order(f, {}), 422, 'INVALID_SHIPPING_ID');
    const both = await order(f, { shippingId: f.rate.id, pickupLocationId: f.pickup.id });
    expect(expectError(both, 422, 'INVALID_SHIPPING_ID').message).toMatch(/not both/);
  });

  it('charges no shipping for a cart of digital products only', async () => {
    const res = await order(f, { shippingId: f.rate.id }, [{ productId: f.ebook.id, quantity: 1 }]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ shippingTotal: 0, cartTotal: 8 });
    const none = await order(f, {}, [{ productId: f.ebook.id, quantity: 1 }]);
    expect(none.status).toBe(200);
  });
});

describe('shipping options switched off', () => {
  it('refuses a rate when standard delivery is off, and a pickup point when pickup is off', async () => {
    const pickupOnly = await shopWith({ active: true, standardActive: false, pickupActive: true });
    expectError(
      await order(pickupOnly, { shippingId: pickupOnly.rate.id }),
      422,
      'INVALID_SHIPPING_ID',
    );
    expect((await order(pickupOnly, { pickupLocationId: pickupOnly.pickup.id })).status).toBe(200);
    const standardOnly = await shopWith({
      active: true,
      standardActive: true,
      pickupActive: false,
    });
    const pickup = await order(standardOnly, { pickupLocationId: standardOnly.pickup.id });
    expectError(pickup, 422, 'INVALID_SHIPPING_ID');
  });

  it('charges nothing and ignores any choice when shipping is off', async () => {
    const off = await shopWith({ active: false });
    const res = await order(off, { shippingId: off.rate.id, pickupLocationId: 'whatever' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ shippingTotal: 0, cartTotal: 20 });
  });

  it('needs no choice when the shop offers no option at all', async () => {
    const none = await shopWith({ active: true, standardActive: false, pickupActive: false });
    const res = await order(none, {});
    expect(res.status).toBe(200);
    expect(res.body.data.shippingTotal).toBe(0);
  });

  it('makes the choice optional when the shop collects no address', async () => {
    const noAddress = await shopWith({ active: true, removeAddress: true, standardActive: true });
    const without = await order(noAddress, { town: undefined });
    expect(without.status).toBe(200);
    expect(without.body.data.shippingTotal).toBe(0);
    const chosen = await order(noAddress, {
      town: undefined,
      pickupLocationId: noAddress.pickup.id,
    });
    expectError(chosen, 422, 'INVALID_SHIPPING_ID');
  });
});
