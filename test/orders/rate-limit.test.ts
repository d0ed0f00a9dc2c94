import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_RATE } from '../../src/modules/orders/service/place';
import { expectError } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('the per-IP order limit', () => {
  let shop: TestShop;
  let productId: string;
  const from = (ip: string) => ({ headers: { 'cf-connecting-ip': ip } });

  const noShipping = { settings: { shipping: { active: false } } };

  beforeAll(async () => {
    shop = await createTestShop(noShipping);
    productId = (await createProduct(shop, { stock: 100 })).id;
  });

  it('refuses the 11th attempt in 10 minutes from one IP, counting refused ones too', async () => {
    expect(ORDER_RATE).toMatchObject({ limit: 10, windowSeconds: 600 });
    const ip = '203.0.113.7';
    for (let i = 0; i < 5; i++) {
      const placed = await postOrder(shop, orderBody([{ productId, quantity: 1 }]), from(ip));
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      const bad = await postOrder(shop, orderBody([{ productId, quantity: 0 }]), from(ip));
      expectError(bad, 422, 'ORDER_VALIDATION_FAILED');
    }
    const refused = await postOrder(shop, orderBody([{ productId, quantity: 1 }]), from(ip));
    expectError(refused, 429, 'ORDER_RATE_LIMITED');
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);

    // Another IP, and the same IP at another shop, are not held back.
    const other = await postOrder(
      shop,
      orderBody([{ productId, quantity: 1 }]),
      from('203.0.113.8'),
    );
    expect(other.status).toBe(200);
    const elsewhere = await createTestShop(noShipping);
    const theirs = (await createProduct(elsewhere)).id;
    const there = await postOrder(
      elsewhere,
      orderBody([{ productId: theirs, quantity: 1 }]),
      from(ip),
    );
    expect(there.status).toBe(200);
  });
});
