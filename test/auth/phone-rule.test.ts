import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { expectError } from '../helpers/api';
import { createProduct, type TestProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { orderBody, postOrder } from '../helpers/order-factory';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Detail = { field: string; message: string };
const detailsOf = (body: { details?: Detail[] }) => body.details ?? [];

/*
 * One phone rule for customers: PATCH /auth answers its contract code PHONE_NUMBER_INVALID,
 * POST /orders its ORDER_VALIDATION_FAILED, and both name the field `phone` with the same
 * message, for the same numbers.
 */
describe('the phone rule of PATCH /auth and POST /orders', () => {
  let shop: TestShop;
  let mug: TestProduct;
  const profile = { name: 'Ada Lovelace', town: 'Berlin' };

  beforeAll(async () => {
    shop = await createTestShop({ settings: { shipping: { active: false } } });
    mug = await createProduct(shop, { priceMinor: 1200, trackStock: false });
  });

  const badPhones: unknown[] = [
    'call me',
    '12345',
    '+1234567890123456',
    '++4915112345678',
    '',
    '+49 151 1234567 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2',
    42,
  ];

  it('refuses the same numbers on both endpoints, with the same detail', async () => {
    const { api } = await signInCustomer(shop);
    for (const phone of badPhones) {
      const patched = await api.patch('/auth', { ...profile, phone });
      const profileError = expectError(patched, 400, 'PHONE_NUMBER_INVALID');
      const ordered = await postOrder(
        shop,
        orderBody([{ productId: mug.id, quantity: 1 }], { phone }),
      );
      expectError(ordered, 422, 'ORDER_VALIDATION_FAILED');

      const profileDetails = detailsOf(patched.body);
      const orderDetails = detailsOf(ordered.body).filter((d) => d.field === 'phone');
      expect(profileDetails.length, String(phone)).toBeGreaterThan(0);
      expect(orderDetails, String(phone)).toEqual(profileDetails);
      expect(profileDetails.every((d) => d.field === 'phone')).toBe(true);
      expect(profileDetails[0]?.message).toBe(profileError.message);
    }
  });

  it('treats a missing phone alike', async () => {
    const { api } = await signInCustomer(shop);
    const patched = await api.patch('/auth', profile);
    expectError(patched, 400, 'PHONE_NUMBER_INVALID');
    const ordered = await postOrder(
      shop,
      orderBody([{ productId: mug.id, quantity: 1 }], { phone: undefined }),
    );
    expectError(ordered, 422, 'ORDER_VALIDATION_FAILED');
    expect(detailsOf(ordered.body).filter((d) => d.field === 'phone')).toEqual(
      detailsOf(patched.body),
    );
  });

  it('stores an accepted number in the same compact form from both endpoints', async () => {
    const typed = '+49 (151) 123-45.678';
    const { api, customer } = await signInCustomer(shop);
    const patched = await api.patch('/auth', { ...profile, phone: typed });
    expect(patched.status).toBe(200);
    expect(patched.body.data.user.phone).toBe('+4915112345678');

    const ordered = await postOrder(
      shop,
      orderBody([{ productId: mug.id, quantity: 1 }], { phone: typed }),
    );
    expect(ordered.status, JSON.stringify(ordered.body)).toBe(200);
    const [order] = await testDb()
      .select({ phone: s.orders.phone })
      .from(s.orders)
      .where(eq(s.orders.id, ordered.body.data._id));
    expect(order?.phone).toBe('+4915112345678');
    const [saved] = await testDb()
      .select({ phone: s.customers.phone })
      .from(s.customers)
      .where(eq(s.customers.id, customer.id));
    expect(saved?.phone).toBe(order?.phone);
  });

  it('still answers VALIDATION_FAILED when other profile fields are wrong too', async () => {
    const { api } = await signInCustomer(shop);
    const res = await api.patch('/auth', { ...profile, name: ' ', phone: 'call me' });
    expectError(res, 422, 'VALIDATION_FAILED');
    expect(
      detailsOf(res.body)
        .map((d) => d.field)
        .sort(),
    ).toEqual(['name', 'phone']);
  });
});
