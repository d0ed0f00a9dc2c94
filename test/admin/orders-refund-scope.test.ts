import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { PRESET_ROLES } from '../../src/identity/staff-roles';
import { expectError } from '../helpers/api';
import { createOrder, createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { signedInStaff, staffBrowser } from '../helpers/staff';

/** What a refused call must leave as it was: the order row, its refunds and its stock. */
async function stateOf(orderId: string, productId: string) {
  const db = testDb();
  const [order] = await db.select().from(s.orders).where(eq(s.orders.id, orderId));
  const refunds = await db.select().from(s.orderRefunds).where(eq(s.orderRefunds.orderId, orderId));
  const [product] = await db
    .select({ stock: s.products.stock })
    .from(s.products)
    .where(eq(s.products.id, productId));
  return { order, refunds, stock: product?.stock };
}

describe('orders:refund: money moves only with its own scope', () => {
  let shop: TestShop;
  let fulfilment: ReturnType<typeof staffBrowser>;
  let owner: ReturnType<typeof staffBrowser>;

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    fulfilment = staffBrowser((await signedInStaff(shop, { roleKey: 'fulfilment' })).cookie);
    owner = staffBrowser((await signedInStaff(shop, { roleKey: 'owner' })).cookie);
  });

  async function order(paid: boolean) {
    const product = await createProduct(shop, { priceMinor: 2500, stock: 10 });
    const created = await createOrder(
      shop,
      [{ productId: product.id, quantity: 2, unitPriceMinor: 2500 }],
      paid ? { paymentStatus: 'fully-paid', paidTotalMinor: 5000 } : {},
    );
    return { id: created.id, productId: product.id };
  }

  it('the preset roles: fulfilment and support lack it, owner and admin hold it', () => {
    expect(PRESET_ROLES.fulfilment.scopes).toContain('orders:write');
    expect(PRESET_ROLES.fulfilment.scopes).not.toContain('orders:refund');
    expect(PRESET_ROLES.support.scopes).not.toContain('orders:refund');
    expect(PRESET_ROLES.owner.scopes).toContain('orders:refund');
    expect(PRESET_ROLES.admin.scopes).toContain('orders:refund');
  });

  it('a fulfilment member fulfils and notes a paid order, but cannot refund it; nothing changes', async () => {
    const paid = await order(true);
    const fulfilled = await fulfilment.post(`/orders/${paid.id}/fulfillments`, {});
    expect(fulfilled.status).toBe(200);
    expect(fulfilled.body.fulfillment_status).toBe('fulfilled');
    expect((await fulfilment.post(`/orders/${paid.id}/notes`, { body: 'Packed' })).status).toBe(
      200,
    );

    const before = await stateOf(paid.id, paid.productId);
    const refused = expectError(
      await fulfilment.post(`/orders/${paid.id}/refunds`, { amount: 1000 }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expect(refused.message).toContain('orders:refund');
    expectError(
      await fulfilment.post(`/orders/${paid.id}/refund`, {}),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expect(await stateOf(paid.id, paid.productId)).toEqual(before);

    const refunded = await owner.post(`/orders/${paid.id}/refunds`, { amount: 1000 });
    expect(refunded.status).toBe(200);
    expect(refunded.body.refunded_amount).toBe(1000);
  });

  it('a fulfilment member cannot cancel a paid order (refused before anything is written), but cancels an unpaid one', async () => {
    const paid = await order(true);
    const before = await stateOf(paid.id, paid.productId);
    expect(before.order?.status).toBe('pending');
    const refused = expectError(
      await fulfilment.post(`/orders/${paid.id}/cancel`, undefined),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expect(refused.message).toContain('orders:refund');
    // No stock came back, no refund, no status or version change.
    expect(await stateOf(paid.id, paid.productId)).toEqual(before);

    const unpaid = await order(false);
    const cancelled = await fulfilment.post(`/orders/${unpaid.id}/cancel`, undefined);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');

    const byOwner = await owner.post(`/orders/${paid.id}/cancel`, undefined);
    expect(byOwner.status).toBe(200);
    expect(byOwner.body).toMatchObject({ status: 'cancelled', refunded_amount: 5000 });
  });

  it('a key with orders:write but not orders:refund is refused the same way', async () => {
    const paid = await order(true);
    const { api } = await merchantOf(shop, { scopes: ['orders:write'] });
    const before = await stateOf(paid.id, paid.productId);
    expectError(
      await api.post(`/orders/${paid.id}/refunds`, { amount: 100 }),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expectError(
      await api.post(`/orders/${paid.id}/cancel`, undefined),
      403,
      'MERCHANT_SCOPE_MISSING',
    );
    expect(await stateOf(paid.id, paid.productId)).toEqual(before);
    const { api: refunder } = await merchantOf(shop, { scopes: ['orders:write', 'orders:refund'] });
    expect((await refunder.post(`/orders/${paid.id}/cancel`, undefined)).status).toBe(200);
  });
});
