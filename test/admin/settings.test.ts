import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client, expectError } from '../helpers/api';
import { createMedia } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

describe('settings through the merchant API', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop();
    api = (await merchantOf(shop)).api;
  });

  const storefront = async () => (await client(shop.apiKey).get('/settings')).body.data;

  it('reads the whole document with defaults, version 0 before any change', async () => {
    const bare = await createTestShop();
    await testDb().delete(s.shopSettings).where(eq(s.shopSettings.shopId, bare.id));
    const fresh = (await merchantOf(bare)).api;
    const res = await fresh.get('/settings');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      object: 'settings',
      version: 0,
      updated_at: null,
      reviews: { allowReviews: true },
      tax: { active: false, value: 0 },
      footer: [],
    });
    expect(res.headers.get('etag')).toBe('"0"');
    const first = await fresh.patch(
      '/settings/tax',
      { value: 5 },
      { headers: { 'if-match': '"0"' } },
    );
    expect(first.body).toMatchObject({ version: 1, tax: { value: 5 } });
    expect(first.body.updated_at).toEqual(expect.any(String));
  });

  it('changes one section, keeping its other fields; the storefront shows it at once', async () => {
    const before = (await api.get('/settings')).body;
    const res = await api.patch('/settings/branding', { helpEmail: 'help@shop.test' });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(before.version + 1);
    expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
    expect(res.body.branding).toEqual({ ...before.branding, helpEmail: 'help@shop.test' });
    expect((await storefront()).branding.helpEmail).toBe('help@shop.test');
    const tax = await api.patch('/settings/tax', { active: true, value: 21 });
    expect(tax.body.branding.helpEmail).toBe('help@shop.test');
    expect((await storefront()).tax).toEqual({ active: true, value: 21, inclusive: false });
    const same = await api.patch('/settings/tax', { value: 21 });
    expect(same.body.version).toBe(tax.body.version);
  });

  it('replaces a list section whole', async () => {
    const footer = [{ title: 'Help', links: [{ title: 'FAQ', link: '/faq' }] }];
    const res = await api.patch('/settings/footer', footer);
    expect(res.status).toBe(200);
    expect(res.body.footer).toEqual(footer);
    expect((await storefront()).footer).toEqual(footer);
    expectError(await api.patch('/settings/footer', { title: 'x' }), 422, 'VALIDATION_FAILED');
    expectError(await api.patch('/settings/tax', [1]), 422, 'VALIDATION_FAILED');
  });

  it('refuses invalid values naming the field, and unknown sections with a code', async () => {
    const bad = await api.patch('/settings/tax', { value: 120, rate: 1 });
    expectError(bad, 422, 'VALIDATION_FAILED');
    expect(bad.body.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'rate',
      'value',
    ]);
    const typed = await api.patch('/settings/reviews', { allowReviews: 'yes' });
    expectError(typed, 422, 'VALIDATION_FAILED');
    expect(typed.body.details).toEqual([{ field: 'allowReviews', message: expect.any(String) }]);
    expectError(await api.patch('/settings/colours', {}), 404, 'SETTINGS_SECTION_NOT_FOUND');
    const foreign = await createMedia(await createTestShop());
    const logo = await api.patch('/settings/branding', { logoId: foreign.id });
    expectError(logo, 422, 'VALIDATION_FAILED');
    expect(logo.body.details).toEqual([{ field: 'logoId', message: expect.any(String) }]);
    const own = await createMedia(shop);
    const ok = await api.patch('/settings/branding', { logoId: own.id });
    expect(ok.body.branding.logoId).toBe(own.id);
    expect((await storefront()).branding.logo).toMatchObject({ _id: own.id });
  });

  it('refuses javascript:, data: and vbscript: links in socials, menu, footer and pages', async () => {
    const fieldsOf = (res: { body: { details: { field: string }[] } }) =>
      res.body.details.map((d) => d.field);
    const tricks = [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      '\u0001javascript:alert(1)',
      'jav&#x61;script&colon;alert(1)',
      'jav&#97;script:alert(1)',
      'DATA:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
    ];
    for (const url of tricks) {
      const social = await api.patch('/settings/branding', { facebookUrl: url });
      expectError(social, 422, 'VALIDATION_FAILED');
      expect(fieldsOf(social)).toEqual(['facebookUrl']);
    }
    const menu = await api.patch('/settings/headerTopbar', {
      menuPages: [
        {
          name: 'Ok',
          url: '/about',
          children: [{ name: 'Bad', url: 'javascript:x', children: [] }],
        },
      ],
    });
    expectError(menu, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(menu)).toEqual(['menuPages.0.children.0.url']);
    const footer = await api.patch('/settings/footer', [
      {
        title: 'Help',
        links: [
          { title: 'FAQ', link: '/faq' },
          { title: 'X', link: 'data:,x' },
        ],
      },
    ]);
    expectError(footer, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(footer)).toEqual(['0.links.1.link']);
    const pages = await api.patch('/settings/pages', [{ name: 'P', url: 'vbscript:x' }]);
    expectError(pages, 422, 'VALIDATION_FAILED');
    expect(fieldsOf(pages)).toEqual(['0.url']);
    const kept = ['https://facebook.com/shop', '/about', 'mailto:hi@shop.test', 'tel:+15550100'];
    for (const url of kept) {
      expect((await api.patch('/settings/branding', { facebookUrl: url })).status).toBe(200);
    }
    expect((await storefront()).branding.facebookUrl).toBe('tel:+15550100');
  });

  it('honours If-Match and Idempotency-Key', async () => {
    const { version } = (await api.get('/settings')).body;
    expectError(
      await api.patch(
        '/settings/popups',
        { emailCaptureEnabled: true },
        {
          headers: { 'if-match': `"${version + 5}"` },
        },
      ),
      412,
      'PRECONDITION_FAILED',
    );
    const ok = await api.patch(
      '/settings/popups',
      { emailCaptureEnabled: true },
      {
        headers: { 'if-match': `"${version}"` },
      },
    );
    expect(ok.body.version).toBe(version + 1);
    const key = crypto.randomUUID();
    const once = await api.patch(
      '/settings/seo',
      { title: 'Shop' },
      { headers: { 'idempotency-key': key } },
    );
    const again = await api.patch(
      '/settings/seo',
      { title: 'Shop' },
      { headers: { 'idempotency-key': key } },
    );
    expect(again.body).toEqual(once.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expectError(
      await api.patch('/settings/seo', { title: 'Other' }, { headers: { 'idempotency-key': key } }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });
});
