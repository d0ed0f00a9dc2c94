import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { requestCode, uniqueEmail } from '../auth/support';
import { client, expectError } from '../helpers/api';
import { createOrder, createProduct } from '../helpers/catalog-factory';
import { signInCustomer } from '../helpers/customer';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const shopRow = async (id: string) =>
  (await testDb().select().from(s.shops).where(eq(s.shops.id, id)))[0];

const fieldsOf = (body: { details?: Array<{ field: string }> }) =>
  (body.details ?? []).map((d) => d.field).sort();

describe('the shop section of the settings: name, support email and currency', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  it('shows the shop itself in GET /settings', async () => {
    const res = await api.get('/settings');
    expect(res.status).toBe(200);
    expect(res.body.shop).toEqual({
      name: shop.name,
      supportEmail: '',
      currency: 'EUR',
      currencyDigits: 2,
      currencyLocked: false,
    });
  });

  it('renames the shop (trimmed): settings, the storefront, its emails and the audit log show the new name', async () => {
    const before = (await api.get('/settings')).body;
    const name = `Renamed ${crypto.randomUUID().slice(0, 8)}`;
    const res = await api.patch(
      '/settings/shop',
      { name: `  ${name}  ` },
      { headers: { 'if-match': `"${before.version}"` } },
    );
    expect(res.status).toBe(200);
    expect(res.body.shop.name).toBe(name);
    expect(res.body.version).toBe(before.version + 1);
    expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
    expect((await api.get('/settings')).body.shop.name).toBe(name);
    expect((await shopRow(shop.id))?.name).toBe(name);

    // The storefront's field for the name, and an email sent after the change.
    const health = await client(shop.apiKey).get('/settings/health');
    expect(health.body.name).toBe(name);
    const buyer = uniqueEmail();
    await signInCustomer(shop, { email: buyer });
    const { mail } = await requestCode(shop.apiKey, buyer);
    expect(mail.subject).toContain(name);

    const audit = await api.get(`/audit?resource_type=settings&resource_id=${shop.id}`);
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body.data[0])).toContain(name);

    // A stale version is refused like any settings write, and changes nothing.
    expectError(
      await api.patch(
        '/settings/shop',
        { name: 'Stale' },
        { headers: { 'if-match': `"${before.version}"` } },
      ),
      412,
      'PRECONDITION_FAILED',
    );
    expect((await shopRow(shop.id))?.name).toBe(name);
  });

  it('changes the support email, which is the storefront’s branding.helpEmail', async () => {
    const res = await api.patch('/settings/shop', { supportEmail: ' care@shop.test ' });
    expect(res.status).toBe(200);
    expect(res.body.shop.supportEmail).toBe('care@shop.test');
    expect(res.body.branding.helpEmail).toBe('care@shop.test');
    const storefront = (await client(shop.apiKey).get('/settings')).body.data;
    expect(storefront.branding.helpEmail).toBe('care@shop.test');
    // One stored value: a branding change shows in the shop section too.
    const branding = await api.patch('/settings/branding', { helpEmail: 'desk@shop.test' });
    expect(branding.body.shop.supportEmail).toBe('desk@shop.test');
  });

  it('refuses bad input with 422 VALIDATION_FAILED naming the field, writing nothing', async () => {
    const before = (await api.get('/settings')).body;
    const cases: Array<[unknown, string[]]> = [
      [{ name: '' }, ['name']],
      [{ name: '    ' }, ['name']],
      [{ name: 'x'.repeat(81) }, ['name']],
      [{ name: 7 }, ['name']],
      [{ supportEmail: 'not an email' }, ['supportEmail']],
      [{ currency: 'euro' }, ['currency']],
      [{ currencyDigits: 5 }, ['currencyDigits']],
      [{ currencyDigits: 1.5 }, ['currencyDigits']],
      [{ colour: 'red' }, ['colour']],
      [['name'], ['(root)']],
    ];
    for (const [body, fields] of cases) {
      const res = await api.patch('/settings/shop', body);
      const error = expectError(res, 422, 'VALIDATION_FAILED');
      expect(fieldsOf(error), JSON.stringify(body)).toEqual(fields);
    }
    expect((await api.get('/settings')).body).toEqual(before);
  });

  it('changes currency and digits while the shop has no order, then refuses with 409 SHOP_CURRENCY_LOCKED', async () => {
    const own = await createTestShop();
    const ownApi = (await merchantOf(own)).api;
    const yen = await ownApi.patch('/settings/shop', { currency: 'jpy', currencyDigits: 0 });
    expect(yen.status).toBe(200);
    expect(yen.body.shop).toMatchObject({
      currency: 'JPY',
      currencyDigits: 0,
      currencyLocked: false,
    });
    expect(await shopRow(own.id)).toMatchObject({ currency: 'JPY', currencyDigits: 0 });

    const product = await createProduct(own, { priceMinor: 1500 });
    await createOrder(own, [{ productId: product.id, quantity: 1, unitPriceMinor: 1500 }]);
    const locked = (await ownApi.get('/settings')).body;
    expect(locked.shop.currencyLocked).toBe(true);

    const refused = expectError(
      await ownApi.patch('/settings/shop', { currencyDigits: 2 }),
      409,
      'SHOP_CURRENCY_LOCKED',
    );
    expect(refused.message).toMatch(/orders.*stored.*JPY with 0 digits/);
    expect(fieldsOf(refused)).toEqual(['currencyDigits']);
    expectError(
      await ownApi.patch('/settings/shop', { currency: 'EUR', name: 'Also renamed' }),
      409,
      'SHOP_CURRENCY_LOCKED',
    );
    // Nothing of the refused change was written, the name included.
    expect(await shopRow(own.id)).toMatchObject({ currency: 'JPY', currencyDigits: 0 });
    expect((await ownApi.get('/settings')).body).toEqual(locked);

    // The same digits, and the name alone, still go through.
    const renamed = await ownApi.patch('/settings/shop', {
      name: 'Yen shop',
      currency: 'JPY',
      currencyDigits: 0,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.shop).toMatchObject({ name: 'Yen shop', currencyLocked: true });
  });
});
