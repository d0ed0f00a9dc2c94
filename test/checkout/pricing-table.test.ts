import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { PRICING_CASES, type PricingCase } from '../fixtures/pricing-cases';
import { client, expectError } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { createCoupon, createShippingRate, orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/*
 * Every order of the pricing table placed through POST /orders: the API charges what the table
 * says (the preselected, cheapest qualifying rate, the coupon, the tax inclusive or exclusive),
 * GET /settings tells a theme each rate's minimum and whether prices include tax, and a rate
 * the order does not qualify for is refused.
 */

type Placed = {
  shop: TestShop;
  rates: Map<string, string>;
  cart: Array<{ productId: string; quantity: number }>;
  coupons: string[];
};

async function shopFor(c: PricingCase): Promise<Placed> {
  const shop = await createTestShop({
    currency: c.currency,
    currencyDigits: c.digits,
    settings: { tax: c.tax },
  });
  const rates = new Map<string, string>();
  for (const [position, rate] of c.rates.entries()) {
    const row = await createShippingRate(shop, { ...rate, position });
    rates.set(rate.title, row.id);
  }
  const cart = [];
  for (const line of c.lines) {
    const product = await createProduct(shop, { priceMinor: line.unitMinor, trackStock: false });
    cart.push({ productId: product.id, quantity: line.quantity });
  }
  const coupons = c.coupon ? [(await createCoupon(shop, c.coupon)).code] : [];
  return { shop, rates, cart, coupons };
}

describe.each(PRICING_CASES)('pricing table through the API: $name', (c) => {
  let placed: Placed;
  const amount = (minor: number) => minor / 10 ** c.digits;

  beforeAll(async () => {
    placed = await shopFor(c);
  });

  it('lists each rate’s minimum and whether prices include tax', async () => {
    const res = await client(placed.shop.apiKey).get('/settings');
    expect(res.status).toBe(200);
    const { data } = res.body as {
      data: {
        tax: unknown;
        shipping: { standard: Array<{ title: string; minOrder: number | null }> };
      };
    };
    expect(data.tax).toEqual(c.tax);
    expect(data.shipping.standard.map(({ title, minOrder }) => ({ title, minOrder }))).toEqual(
      c.rates.map((r) => ({
        title: r.title,
        minOrder: r.minOrderMinor === null ? null : amount(r.minOrderMinor),
      })),
    );
  });

  it('charges the table’s total with the preselected rate', async () => {
    const res = await postOrder(
      placed.shop,
      orderBody(placed.cart, {
        shippingId: placed.rates.get(c.expected.rate),
        coupons: placed.coupons,
      }),
    );
    expect(res.status).toBe(200);
    const order = (res.body as { data: Record<string, number> & { _id: string } }).data;
    expect(order).toMatchObject({
      productsTotal: amount(c.expected.products),
      shippingTotal: amount(c.expected.shipping),
      taxTotal: amount(c.expected.tax),
      cartTotal: amount(c.expected.total),
    });
    const [row] = await testDb().select().from(s.orders).where(eq(s.orders.id, order._id));
    expect(row).toMatchObject({
      productsTotalMinor: c.expected.products,
      couponTotalMinor: c.expected.coupon,
      shippingTotalMinor: c.expected.shipping,
      taxTotalMinor: c.expected.tax,
      cartTotalMinor: c.expected.total,
    });
  });

  it.runIf(c.expected.unavailable.length > 0)(
    'refuses a rate the order does not qualify for',
    async () => {
      for (const title of c.expected.unavailable) {
        const res = await postOrder(
          placed.shop,
          orderBody(placed.cart, { shippingId: placed.rates.get(title), coupons: placed.coupons }),
        );
        expectError(res, 422, 'INVALID_SHIPPING_ID');
      }
    },
  );
});
