import { beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../src/modules/imports/csv/parse';
import { client, expectError } from '../helpers/api';
import { csvOf, importCsv } from '../helpers/imports';
import { type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const SEO = {
  seo_title: 'Linen shirt, stone washed',
  seo_description: 'A breathable linen shirt.\nFree returns for 30 days.',
  vendor: 'Nordic Weavers',
};

/** The three fields of a product answer. */
const seoOf = (product: Record<string, unknown>) => ({
  seo_title: product.seo_title,
  seo_description: product.seo_description,
  vendor: product.vendor,
});

describe('SEO title, SEO description and vendor of a product', () => {
  let shop: TestShop;
  let api: MerchantClient;

  beforeAll(async () => {
    shop = await createTestShop({ name: 'Aurora Linen' });
    api = (await merchantOf(shop)).api;
  });

  it('are created, shown by get and list, changed by PATCH, and default to empty', async () => {
    const created = await api.post('/products', {
      title: 'Stone shirt',
      price: 3900,
      ...SEO,
      vendor: '  Nordic Weavers  ',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(seoOf(created.body)).toEqual(SEO);

    const got = await api.get(`/products/${created.body.id}`);
    expect(seoOf(got.body)).toEqual(SEO);
    const listed = await api.get('/products?query=stone');
    expect(listed.body.data.map(seoOf)).toEqual([SEO]);

    const patched = await api.patch(
      `/products/${created.body.id}`,
      { seo_title: 'Stone shirt in linen', vendor: '' },
      { headers: { 'if-match': `"${created.body.version}"` } },
    );
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(seoOf(patched.body)).toEqual({ ...SEO, seo_title: 'Stone shirt in linen', vendor: '' });
    expect(patched.body.version).toBe(created.body.version + 1);

    const plain = await api.post('/products', { title: 'Plain shirt', price: 100 });
    expect(seoOf(plain.body)).toEqual({ seo_title: '', seo_description: '', vendor: '' });
  });

  it('refuses values over their limits with 422 naming the field', async () => {
    for (const [field, max] of [
      ['seo_title', 255],
      ['seo_description', 1000],
      ['vendor', 255],
    ] as const) {
      const res = await api.post('/products', { title: 'Too long', [field]: 'x'.repeat(max + 1) });
      expectError(res, 422, 'VALIDATION_FAILED');
      expect(res.body.details.map((d: { field: string }) => d.field)).toEqual([field]);
      const ok = await api.post('/products', {
        title: `Just fits ${field}`,
        [field]: 'x'.repeat(max),
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    }
    const wrongType = await api.post('/products', { title: 'Typed', vendor: 7 });
    expectError(wrongType, 422, 'VALIDATION_FAILED');
  });

  it('POST /config uses the SEO title and description for the product page, else the product’s own', async () => {
    const storefront = client(shop.apiKey);
    const page = async (param: string) => {
      const res = await storefront.post('/config', { url: '/product/:id', param });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    await api.post('/products', {
      title: 'Sand trousers',
      slug: 'sand-trousers',
      description: '<p>Wide <b>linen</b> trousers.</p>',
      price: 5900,
      seo_title: 'Wide linen trousers in sand',
      seo_description: '  Wide   linen trousers,\n made in Portugal. ',
    });
    const seo = await page('sand-trousers');
    expect(seo.title).toBe('Wide linen trousers in sand | Aurora Linen');
    expect(seo.description).toBe('Wide linen trousers, made in Portugal.');
    expect(seo.openGraph).toMatchObject({ title: seo.title, description: seo.description });

    // An SEO title that already names the shop is the whole title.
    await api.post('/products', {
      title: 'Sand jacket',
      slug: 'sand-jacket',
      price: 8900,
      seo_title: 'Sand jacket – Aurora Linen',
    });
    expect((await page('sand-jacket')).title).toBe('Sand jacket – Aurora Linen');

    await api.post('/products', {
      title: 'Sand cap',
      slug: 'sand-cap',
      description: '<p>A <i>linen</i> cap.</p>',
      price: 1900,
    });
    const fallback = await page('sand-cap');
    expect(fallback.title).toBe('Sand cap | Aurora Linen');
    expect(fallback.description).toBe('A linen cap.');
  });
});

/** Every cell of a CSV text, row by row, read with the importer's own reader. */
async function cellsOf(csv: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const record of readCsv(new Blob([csv]).stream())) rows.push(record.fields);
  return rows;
}

describe('the Shopify CSV maps Vendor, SEO Title and SEO Description', () => {
  it('imports them, exports them, and a round trip gives them back exactly', async () => {
    const source = await createTestShop({ currency: 'SEK' });
    const { api: sourceApi, key: sourceKey } = await merchantOf(source);
    const header = ['Handle', 'Title', 'Vendor', 'SEO Title', 'SEO Description', 'Variant Price'];
    const tricky = {
      Handle: 'tricky-shirt',
      Title: 'Tricky shirt',
      Vendor: '=Vendor, "Quoted" & Co',
      'SEO Title': '+Shirt, "the best"',
      'SEO Description': 'Line one,\nline two; “curly” – and @mentions',
      'Variant Price': '19.99',
    };
    const done = await importCsv(
      sourceKey.secret,
      csvOf(header, [
        tricky,
        { Handle: 'bare-shirt', Title: 'Bare shirt', 'Variant Price': '5.00' },
      ]),
    );
    expect(done.errors).toEqual([]);
    expect(done).toMatchObject({ status: 'completed', created: 2, currency: 'SEK' });
    expect(done.ignored_columns).toEqual([]);

    const imported = (await sourceApi.get('/products?limit=10')).body.data as Array<
      Record<string, unknown>
    >;
    const bySlug = (list: Array<Record<string, unknown>>, slug: string) =>
      list.find((p) => p.slug === slug) ?? {};
    expect(seoOf(bySlug(imported, 'tricky-shirt'))).toEqual({
      seo_title: tricky['SEO Title'],
      seo_description: tricky['SEO Description'],
      vendor: tricky.Vendor,
    });
    expect(seoOf(bySlug(imported, 'bare-shirt'))).toEqual({
      seo_title: '',
      seo_description: '',
      vendor: '',
    });

    const exported = await sourceApi.get('/exports/products');
    expect(exported.status).toBe(200);
    const rows = await cellsOf(String(exported.body));
    const columns = rows[0] ?? [];
    const first = rows.find((row) => row[0] === 'tricky-shirt') ?? [];
    // Formula-like cells are guarded in the file (a leading apostrophe), and read back whole.
    expect(first[columns.indexOf('Vendor')]).toBe(`'${tricky.Vendor}`);
    expect(first[columns.indexOf('SEO Title')]).toBe(`'${tricky['SEO Title']}`);
    expect(first[columns.indexOf('SEO Description')]).toBe(tricky['SEO Description']);

    const target = await createTestShop({ currency: 'EUR' });
    const { api: targetApi, key: targetKey } = await merchantOf(target);
    const again = await importCsv(targetKey.secret, String(exported.body));
    expect(again.errors).toEqual([]);
    expect(again).toMatchObject({ status: 'completed', created: 2, currency: 'EUR' });
    const copied = (await targetApi.get('/products?limit=10')).body.data;
    for (const slug of ['tricky-shirt', 'bare-shirt']) {
      expect(seoOf(bySlug(copied, slug))).toEqual(seoOf(bySlug(imported, slug)));
    }
    // Importing the export once more changes nothing.
    const same = await importCsv(targetKey.secret, String(exported.body));
    expect(same).toMatchObject({ status: 'completed', unchanged: 2, created: 0, updated: 0 });
  });

  it('leaves the fields as they are when the file has no such column, and refuses overlong ones', async () => {
    const shop = await createTestShop();
    const { api, key } = await merchantOf(shop);
    const row = { Handle: 'kept', Title: 'Kept', 'Variant Price': '5.00' };
    const full = await importCsv(
      key.secret,
      csvOf(
        ['Handle', 'Title', 'Variant Price', 'Vendor', 'SEO Title', 'SEO Description'],
        [
          {
            ...row,
            Vendor: SEO.vendor,
            'SEO Title': SEO.seo_title,
            'SEO Description': SEO.seo_description,
          },
        ],
      ),
    );
    expect(full).toMatchObject({ status: 'completed', created: 1 });
    const kept = await importCsv(key.secret, csvOf(['Handle', 'Title', 'Variant Price'], [row]));
    expect(kept).toMatchObject({ status: 'completed', unchanged: 1 });
    const [product] = (await api.get('/products')).body.data;
    expect(seoOf(product)).toEqual(SEO);

    const long = await importCsv(
      key.secret,
      csvOf(
        ['Handle', 'Title', 'SEO Title', 'Variant Price'],
        [{ Handle: 'long', Title: 'Long', 'SEO Title': 'y'.repeat(256), 'Variant Price': '1' }],
      ),
    );
    expect(long).toMatchObject({ status: 'completed', failed: 1, created: 0 });
    expect(long.errors).toEqual([
      expect.objectContaining({ line: 2, column: 'SEO Title', code: 'CSV_VALUE_INVALID' }),
    ]);
  });
});
