import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditRows } from '../../src/admin-kit/audit';
import * as s from '../../src/db/schema';
import { createOrder, createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';
import { signedInStaff, staffBrowser } from '../helpers/staff';

type Performer = { type: string; id: string | null; name: string; email: string | null };

describe('audit entries and order timelines name who made each change', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let keyId: string;
  let productId: string;

  beforeAll(async () => {
    shop = await createTestShop();
    const own = await merchantOf(shop, { name: 'Warehouse' });
    api = own.api;
    keyId = own.key.id;
    productId = (await createProduct(shop, { priceMinor: 1000 })).id;
  });

  const performers = async (orderId: string): Promise<Performer[]> => {
    const res = await api.get(`/orders/${orderId}/timeline`);
    expect(res.status).toBe(200);
    return res.body.data.map((e: { performed_by: Performer }) => e.performed_by);
  };

  it('names a member by name, a key by its name and the command line as such', async () => {
    const order = await createOrder(shop, [{ productId, quantity: 1 }]);
    const ana = await signedInStaff(shop, {
      roleKey: 'owner',
      name: 'Ana Lopez',
      email: `ana-${crypto.randomUUID().slice(0, 8)}@example.com`,
    });
    expect(
      (await staffBrowser(ana.cookie).post(`/orders/${order.id}/notes`, { body: 'Gift wrap' }))
        .status,
    ).toBe(200);
    expect((await api.post(`/orders/${order.id}/notes`, { body: 'Packed' })).status).toBe(200);
    await testDb()
      .insert(s.auditEvents)
      .values(
        auditRows(shop.id, { keyId: null, requestId: null, label: 'operator' }, [
          {
            action: 'update',
            resourceType: 'order',
            resourceId: order.id,
            before: { tags: [] },
            after: { tags: ['vip'] },
          },
        ]),
      );

    expect(await performers(order.id)).toEqual([
      { type: 'staff', id: ana.memberId, name: 'Ana Lopez', email: ana.email, removed: false },
      { type: 'key', id: keyId, name: 'API key “Warehouse”', email: null, removed: false },
      { type: 'operator', id: null, name: 'Shop CLI', email: null, removed: false },
    ]);
    const log = await api.get(`/audit?resource_id=${order.id}&staff_member_id=${ana.memberId}`);
    expect(log.body.data.map((e: { performed_by: Performer }) => e.performed_by.name)).toEqual([
      'Ana Lopez',
    ]);
  });

  it("follows a member's new name, and keeps the name they acted under once they are removed", async () => {
    const order = await createOrder(shop, [{ productId, quantity: 1 }]);
    const owner = await signedInStaff(shop, { roleKey: 'owner', name: 'Owner' });
    const ben = await signedInStaff(shop, { roleKey: 'owner', name: 'Ben Ode' });
    await staffBrowser(ben.cookie).post(`/orders/${order.id}/notes`, { body: 'Called' });

    await testDb()
      .update(s.staffPeople)
      .set({ name: 'Benjamin Ode' })
      .where(eq(s.staffPeople.id, ben.personId));
    expect((await performers(order.id))[0]).toMatchObject({ name: 'Benjamin Ode' });

    // A member who had no name when they acted is named by their email.
    const nameless = await signedInStaff(shop, { roleKey: 'owner', name: '' });
    await staffBrowser(nameless.cookie).post(`/orders/${order.id}/notes`, { body: 'Hm' });
    expect((await performers(order.id))[1]).toMatchObject({ name: nameless.email });

    const removed = await staffBrowser(owner.cookie).delete(`/staff/${ben.memberId}`);
    expect(removed.status).toBe(200);
    await testDb()
      .update(s.staffPeople)
      .set({ name: 'Somebody Else' })
      .where(eq(s.staffPeople.id, ben.personId));
    expect((await performers(order.id))[0]).toEqual({
      type: 'staff',
      id: ben.memberId,
      name: 'Ben Ode',
      email: ben.email,
      removed: true,
    });
  });
});
