import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client } from '../helpers/api';
import { testDb } from '../helpers/db';
import { announceChange } from '../helpers/freshness';
import { createTestShop, demoShop, type TestShop } from '../helpers/shop-factory';

describe('GET /settings', () => {
  let shop: TestShop;

  beforeAll(async () => {
    shop = await createTestShop({ currencyDigits: 2 });
    const db = testDb();
    const [logo] = await db
      .insert(s.media)
      .values({
        shopId: shop.id,
        filename: 'logo.png',
        mimeType: 'image/png',
        sizeBytes: 1234,
        title: 'Logo',
      })
      .returning();
    const [root] = await db
      .insert(s.categories)
      .values({ shopId: shop.id, name: 'Women', slug: 'women', position: 1, imageId: logo?.id })
      .returning();
    const [child] = await db
      .insert(s.categories)
      .values({ shopId: shop.id, name: 'Dresses', slug: 'dresses', parentId: root?.id })
      .returning();
    await db.batch([
      db
        .insert(s.categories)
        .values({ shopId: shop.id, name: 'Midi', slug: 'midi', parentId: child?.id }),
      db
        .insert(s.categories)
        .values({ shopId: shop.id, name: 'Hidden', slug: 'hidden', showInMenu: false }),
      db
        .insert(s.categories)
        .values({ shopId: shop.id, name: 'Draft', slug: 'draft', status: 'draft' }),
      db.insert(s.shippingRates).values([
        { shopId: shop.id, title: 'Express', priceMinor: 1290, position: 2 },
        { shopId: shop.id, title: 'Standard', priceMinor: 490, isDefault: true, position: 1 },
        { shopId: shop.id, title: 'Retired', priceMinor: 100, active: false },
      ]),
      db.insert(s.pickupLocations).values({
        shopId: shop.id,
        name: 'Downtown',
        feeMinor: 0,
        lat: 52.52,
        lng: 13.4,
        imageId: logo?.id,
      }),
      db.insert(s.policies).values([
        { shopId: shop.id, type: 'privacy', title: 'Privacy policy', content: '<p>Yours</p>' },
        { shopId: shop.id, type: 'refund', content: '' },
      ]),
      db
        .update(s.shopSettings)
        .set({
          document: {
            branding: { logoId: logo?.id, helpEmail: 'help@shop.test', showSocials: false },
            headerTopbar: { announcements: [{ _id: 'a1', value: 'Free shipping over 50' }] },
            tax: { active: true, value: 19 },
            checkout: { requiresAccount: true },
          },
        })
        .where(eq(s.shopSettings.shopId, shop.id)),
    ]);
  });

  it('returns every field of the contract with the right type', async () => {
    const res = await client(shop.apiKey).get('/settings');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
  });

  it('answers in one database round trip when not cached', async () => {
    await announceChange(shop.id);
    const res = await client(shop.apiKey).get('/settings');
    expect(res.headers.get('server-timing')).toContain('cache;desc="miss"');
    expect(res.roundTrips).toBe(1);
  });

  it('shows the merchant configuration, defaults for the rest', async () => {
    const { data } = (await client(shop.apiKey).get('/settings')).body;
    expect(data._id).toBe(shop.id);
    expect(data.branding.helpEmail).toBe('help@shop.test');
    expect(data.branding.showSocials).toBe(false);
    expect(data.branding.showContacts).toBe(true);
    expect(data.branding.logo).toMatchObject({
      type: 'image/png',
      size: '1234',
      uploadUrl: `${shop.id}/media/logo.png`,
    });
    expect(data.footerConfig.logo).toBeNull();
    expect(data.tax).toEqual({ active: true, value: 19, inclusive: false });
    expect(data.checkout).toEqual({
      requiresAccount: true,
      requiresPayments: false,
      paymentActive: false,
    });
    expect(data.headerTopbar.announcements).toEqual([
      { _id: 'a1', value: 'Free shipping over 50' },
    ]);
    expect(data.adsTracker.googleAnalyticsId).toBe('');
  });

  it('lists active shipping rates in order with amounts in currency units', async () => {
    const { data } = (await client(shop.apiKey).get('/settings')).body;
    expect(
      data.shipping.standard.map((r: { title: string; price: number }) => [r.title, r.price]),
    ).toEqual([
      ['Standard', 4.9],
      ['Express', 12.9],
    ]);
    expect(data.shipping.standard[0].default).toBe(true);
    expect(data.shipping.pickup).toHaveLength(1);
    expect(data.shipping.pickup[0]).toMatchObject({
      name: 'Downtown',
      fee: 0,
      lat: 52.52,
      lng: 13.4,
    });
    expect(data.shipping.pickup[0].image.uploadUrl).toBe(`${shop.id}/media/logo.png`);
  });

  it('nests published menu categories to any depth', async () => {
    const { data } = (await client(shop.apiKey).get('/settings')).body;
    const menu = data.headerTopbar.menuCollections;
    expect(menu.map((c: { slug: string }) => c.slug)).toEqual(['women']);
    expect(menu[0].image.uploadUrl).toBe(`${shop.id}/media/logo.png`);
    expect(menu[0].children[0].slug).toBe('dresses');
    expect(menu[0].children[0].image).toBeNull();
    expect(menu[0].children[0].children[0]).toMatchObject({ slug: 'midi', children: [] });
  });

  it('lists configured policies and links them in the footer', async () => {
    const { data } = (await client(shop.apiKey).get('/settings')).body;
    expect(data.policies.map((p: { type: string }) => p.type).sort()).toEqual([
      'privacy',
      'refund',
    ]);
    for (const p of data.policies) expect(p.policyId).toBe(p._id);
    expect(data.footerPolicies).toContainEqual({
      title: 'Privacy policy',
      link: '/support/privacy',
    });
  });

  it('builds media.url from the shop id', async () => {
    const { data } = (await client(shop.apiKey).get('/settings')).body;
    expect(data.media.url).toBe(`http://storefront.test/storage/${shop.id}/media/`);
  });

  it('serves the demo shop complete settings', async () => {
    const demo = demoShop();
    const res = await client(demo.apiKey).get('/settings');
    expect(res.status).toBe(200);
    expect(res.body.data._id).toBe(demo.id);
  });
});
