import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('GET /auth', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  it('returns the signed-in customer with no address yet, in one statement', async () => {
    const { api, customer } = await signInCustomer(shop, { name: 'Ada Lovelace' });
    const res = await api.get('/auth');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data.user).toMatchObject({
      _id: customer.id,
      email: customer.email,
      name: 'Ada Lovelace',
    });
    expect(res.body.data.shipping).toBeNull();
    expect(res.roundTrips).toBe(1);
  });

  it('includes the saved address in the same statement', async () => {
    const { api, customer } = await signInCustomer(shop);
    const [address] = await testDb()
      .insert(s.customerAddresses)
      .values({ shopId: shop.id, customerId: customer.id, town: 'Berlin', postalCode: '10115' })
      .returning();
    const res = await api.get('/auth');
    expect(res.body.data.shipping).toEqual({
      _id: address?.id,
      town: 'Berlin',
      city: '',
      apartment: '',
      room: '',
      postalCode: '10115',
    });
    expect(res.roundTrips).toBe(1);
  });

  it('requires a token', async () => {
    expectError(await client(shop.apiKey).get('/auth'), 401, 'AUTH_TOKEN_MISSING');
  });

  it('refuses a blacklisted or inactive account on every call', async () => {
    const black = await signInCustomer(shop, { status: 'blacklisted' });
    expectError(await black.api.get('/auth'), 403, 'ACCOUNT_BLACKLISTED');
    const inactive = await signInCustomer(shop, { status: 'inactive' });
    expectError(await inactive.api.get('/auth'), 403, 'ACCOUNT_INACTIVE');
  });

  it('answers AUTH_USER_NOT_FOUND once the customer is gone', async () => {
    const { api, customer } = await signInCustomer(shop);
    await testDb().delete(s.customers).where(eq(s.customers.id, customer.id));
    expectError(await api.get('/auth'), 404, 'AUTH_USER_NOT_FOUND');
  });
});

describe('PATCH /auth', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop();
  });

  const profile = { name: 'Ada Lovelace', phone: '+49 (151) 123-45678', town: 'Berlin' };

  it('saves name and phone and creates the address, in one batch after the token check', async () => {
    const { api, customer } = await signInCustomer(shop);
    const res = await api.patch('/auth', { ...profile, city: 'Mitte', postalCode: '10115' });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      _id: customer.id,
      name: 'Ada Lovelace',
      phone: '+4915112345678',
    });
    expect(res.body.data.shipping).toMatchObject({
      town: 'Berlin',
      city: 'Mitte',
      apartment: '',
      room: '',
      postalCode: '10115',
    });
    expect(res.roundTrips).toBe(2);
    const me = await api.get('/auth');
    expect(me.body.data).toEqual(res.body.data);
  });

  it('updates the same address; optional parts left out keep their value', async () => {
    const { api } = await signInCustomer(shop);
    const first = await api.patch('/auth', { ...profile, city: 'Mitte', room: '4' });
    const second = await api.patch('/auth', { ...profile, town: 'Hamburg', room: '' });
    expect(second.body.data.shipping).toMatchObject({
      _id: first.body.data.shipping._id,
      town: 'Hamburg',
      city: 'Mitte',
      room: '',
    });
  });

  it('ignores fields that are not part of the profile', async () => {
    const { api, customer } = await signInCustomer(shop);
    const res = await api.patch('/auth', {
      ...profile,
      email: 'attacker@example.test',
      status: 'blacklisted',
      _id: crypto.randomUUID(),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ _id: customer.id, email: customer.email });
    const [row] = await testDb().select().from(s.customers).where(eq(s.customers.id, customer.id));
    expect(row?.status).toBe('active');
  });

  it('answers PHONE_NUMBER_INVALID for implausible numbers', async () => {
    const { api } = await signInCustomer(shop);
    for (const phone of ['call me', '12345', '+1234567890123456', '++4915112345678', '']) {
      expectError(await api.patch('/auth', { ...profile, phone }), 400, 'PHONE_NUMBER_INVALID');
    }
  });

  it('requires name and town (VALIDATION_FAILED)', async () => {
    const { api } = await signInCustomer(shop);
    expectError(
      await api.patch('/auth', { phone: profile.phone, town: 'Berlin' }),
      422,
      'VALIDATION_FAILED',
    );
    expectError(await api.patch('/auth', { ...profile, town: '  ' }), 422, 'VALIDATION_FAILED');
  });

  it('requires a valid token', async () => {
    expectError(await client(shop.apiKey).patch('/auth', profile), 401, 'AUTH_TOKEN_MISSING');
    expectError(
      await client(shop.apiKey, 'garbage').patch('/auth', profile),
      401,
      'AUTH_TOKEN_INVALID',
    );
  });
});
