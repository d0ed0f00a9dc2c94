import { beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { orderBody, ordersOf, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('Idempotency-Key on POST /orders', () => {
  let shop: TestShop;
  let product: TestProduct;
  const key = (k: string) => ({ headers: { 'Idempotency-Key': k } });

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    product = await createProduct(shop, { priceMinor: 1000, stock: 100 });
  });

  it('refuses the same key with a different body, creating nothing', async () => {
    const before = (await ordersOf(shop)).length;
    const body = orderBody([{ productId: product.id, quantity: 1 }]);
    expect((await postOrder(shop, body, key('reuse-1'))).status).toBe(200);
    const changed = { ...body, cart: [{ ...body.cart[0], quantity: 2 }] };
    expectError(await postOrder(shop, changed, key('reuse-1')), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(await ordersOf(shop)).toHaveLength(before + 1);
  });

  it('treats a body with its keys in another order as the same request', async () => {
    const body = orderBody([{ productId: product.id, quantity: 1 }]);
    const first = await postOrder(shop, body, key('order-of-keys'));
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const again = await postOrder(shop, reordered, key('order-of-keys'));
    expect(again.body.data._id).toBe(first.body.data._id);
  });

  it('refuses a key that is not 1 to 255 visible ASCII characters', async () => {
    const body = orderBody([{ productId: product.id, quantity: 1 }]);
    expectError(await postOrder(shop, body, key('x'.repeat(256))), 400, 'IDEMPOTENCY_KEY_INVALID');
    expectError(await postOrder(shop, body, key('has space')), 400, 'IDEMPOTENCY_KEY_INVALID');
  });

  it('keeps nothing for a failed request, so a corrected retry with the key succeeds', async () => {
    const bad = orderBody([{ productId: crypto.randomUUID(), quantity: 1 }]);
    expectError(await postOrder(shop, bad, key('fix-and-retry')), 422, 'ORDER_VALIDATION_FAILED');
    const good = orderBody([{ productId: product.id, quantity: 1 }]);
    expect((await postOrder(shop, good, key('fix-and-retry'))).status).toBe(200);
  });

  it('scopes keys to the shop', async () => {
    const other = await createTestShop({ settings: { shipping: { active: false } } });
    const otherProduct = await createProduct(other, { priceMinor: 1000 });
    const mine = await postOrder(
      shop,
      orderBody([{ productId: product.id, quantity: 1 }]),
      key('shared'),
    );
    const theirs = await postOrder(
      other,
      orderBody([{ productId: otherProduct.id, quantity: 1 }]),
      key('shared'),
    );
    expect(theirs.status).toBe(200);
    expect(theirs.body.data._id).not.toBe(mine.body.data._id);
  });

  it('refuses the key of a guest order for a signed-in customer (different requester)', async () => {
    const { customer, api } = await signInCustomer(shop);
    const body = orderBody([{ productId: product.id, quantity: 1 }], { cartUserId: customer.id });
    expect((await postOrder(shop, body, key('who-asks'))).status).toBe(200);
    const res = await api.post('/orders', body, key('who-asks'));
    expectError(res, 422, 'IDEMPOTENCY_KEY_REUSED');
  });
});
