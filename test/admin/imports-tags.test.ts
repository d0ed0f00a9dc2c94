import { beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../src/modules/imports/csv/parse';
import { client } from '../helpers/api';
import { csvOf, importCsv, uploadCsv } from '../helpers/imports';
import { adminCall, type MerchantClient, merchantOf } from '../helpers/merchant';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

const HEADER = [
  'Handle',
  'Title',
  'Product Category',
  'Type',
  'Tags',
  'Option1 Name',
  'Option1 Value',
  'Variant Price',
  'Status',
];

const single = (handle: string, cells: Record<string, string>) => ({
  Handle: handle,
  Title: handle.replace(/-/g, ' '),
  'Option1 Name': 'Title',
  'Option1 Value': 'Default Title',
  'Variant Price': '10.00',
  Status: 'active',
  ...cells,
});

/** Three products: seven distinct tags, two Types, two taxonomy leaves. */
const FILE = csvOf(HEADER, [
  single('tide-shirt', {
    Type: 'Shirts',
    'Product Category': 'Apparel & Accessories > Clothing > Shirts & Tops',
    Tags: 'Summer, Linen, Beach, summer',
  }),
  single('tide-hat', {
    Type: 'Hats',
    'Product Category': 'Apparel & Accessories > Clothing Accessories > Hats',
    Tags: 'Summer, Straw, Sale',
  }),
  single('tide-bag', { Tags: 'Gift, Canvas' }),
]);

type Mapping = {
  sources: Array<{ source: string; column: string | null; new_categories: number }>;
};
const sourceOf = (mapping: Mapping, source: string) =>
  mapping.sources.find((s) => s.source === source);

async function categoryNames(api: MerchantClient) {
  const res = await api.get('/categories?limit=100');
  expect(res.status).toBe(200);
  return res.body.data.map((c: { title: string }) => c.title).sort();
}

describe('Shopify tags and categories on import', () => {
  let shop: TestShop;
  let api: MerchantClient;
  let secret: string;

  beforeAll(async () => {
    shop = await createTestShop();
    const merchant = await merchantOf(shop);
    api = merchant.api;
    secret = merchant.key.secret;
  });

  it('a dry run reports what Type, Product Category and Collection would make, shows the choice, and writes nothing', async () => {
    const before = await categoryNames(api);
    const done = await importCsv(secret, FILE, {
      dryRun: true,
      categoriesFrom: 'product_category',
    });
    expect(done).toMatchObject({
      status: 'completed',
      dry_run: true,
      created: 3,
      categories_from: 'product_category',
    });
    expect(done.category_mapping.sources).toEqual([
      {
        source: 'type',
        column: 'Type',
        products: 2,
        names: 2,
        new_categories: 2,
        examples: ['Shirts', 'Hats'],
      },
      {
        source: 'product_category',
        column: 'Product Category',
        products: 2,
        names: 2,
        new_categories: 2,
        examples: ['Shirts & Tops', 'Hats'],
      },
      {
        source: 'collection',
        column: null,
        products: 0,
        names: 0,
        new_categories: 0,
        examples: [],
      },
    ]);
    expect(done.category_mapping.tags).toEqual({ products: 3, distinct: 7 });
    expect(await categoryNames(api)).toEqual(before);
    expect((await api.get('/products?query=tide')).body.data).toEqual([]);
    // Without a choice the default is Type (the file has no Collection column).
    const plain = await uploadCsv(secret, FILE, { dryRun: true });
    expect(plain.body.categories_from).toBe('type');
  });

  it('makes tags product tags and no category of a tag; categories come from the chosen column', async () => {
    const done = await importCsv(secret, FILE, { categoriesFrom: 'product_category' });
    expect(done).toMatchObject({ status: 'completed', created: 3, failed: 0 });
    expect(await categoryNames(api)).toEqual(['Hats', 'Shirts & Tops']);
    const shirt = (await api.get('/products?tag=linen')).body.data;
    expect(shirt.map((p: { slug: string }) => p.slug)).toEqual(['tide-shirt']);
    expect(shirt[0].tags).toEqual(['Summer', 'Linen', 'Beach']);
    const page = await client(shop.apiKey).get('/products/tide-shirt');
    expect(page.body.data.primaryCategory.name).toBe('Shirts & Tops');

    // Once the categories exist, the report says a second run would create none.
    const again = await importCsv(secret, FILE, {
      dryRun: true,
      categoriesFrom: 'product_category',
    });
    expect(sourceOf(again.category_mapping, 'product_category')?.new_categories).toBe(0);
    expect(sourceOf(again.category_mapping, 'type')?.new_categories).toBe(1);
  });

  it('with categories_from=none leaves every category as it is, and refuses an unknown choice', async () => {
    const edited = csvOf(HEADER, [single('tide-shirt', { Type: 'Tops', Tags: 'Autumn' })]);
    const done = await importCsv(secret, edited, { categoriesFrom: 'none' });
    expect(done).toMatchObject({ status: 'completed', updated: 1, categories_from: 'none' });
    expect(await categoryNames(api)).toEqual(['Hats', 'Shirts & Tops']);
    const [shirt] = (await api.get('/products?query=tide-shirt')).body.data;
    expect(shirt.tags).toEqual(['Autumn']);
    expect(shirt.category_ids).toHaveLength(1);

    const bad = await uploadCsv(secret, edited, { categoriesFrom: 'tags' });
    expect(bad.status).toBe(422);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });

  it('reports a bad tag on its line and column, and fails only that product', async () => {
    const file = csvOf(HEADER, [
      single('tide-long', { Tags: `ok, ${'x'.repeat(256)}` }),
      single('tide-fine', { Tags: 'fine' }),
    ]);
    const done = await importCsv(secret, file, { categoriesFrom: 'none' });
    expect(done).toMatchObject({ created: 1, failed: 1 });
    expect(done.errors).toEqual([
      expect.objectContaining({ line: 2, column: 'Tags', code: 'PRODUCT_TAG_INVALID' }),
    ]);
  });

  it('exports tags as Tags and every category as Collection, so the file imports back as it was', async () => {
    await api.patch(`/products/${(await api.get('/products?query=tide-hat')).body.data[0].id}`, {
      tags: ['Summer', 'Straw', 'Sale', 'Sun hat'],
    });
    const exported = await adminCall('/exports/products', {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(exported.status).toBe(200);
    const records = [];
    for await (const r of readCsv(new Blob([String(exported.body)]).stream())) records.push(r);
    const header = records[0]?.fields ?? [];
    const hat = records.find((r) => r.fields[0] === 'tide-hat')?.fields ?? [];
    expect(hat[header.indexOf('Tags')]).toBe('Summer, Straw, Sale, Sun hat');
    expect(hat[header.indexOf('Collection')]).toBe('Hats');

    const target = await createTestShop();
    const importer = await merchantOf(target);
    const back = await importCsv(importer.key.secret, String(exported.body));
    expect(back).toMatchObject({ status: 'completed', failed: 0, categories_from: 'collection' });
    const was = (await api.get('/products?limit=100')).body.data;
    const is = (await importer.api.get('/products?limit=100')).body.data;
    const tagsBySlug = (list: Array<{ slug: string; tags: string[] }>) =>
      Object.fromEntries(list.map((p) => [p.slug, p.tags]));
    expect(tagsBySlug(is)).toEqual(tagsBySlug(was));
    expect(await categoryNames(importer.api)).toEqual(['Hats', 'Shirts & Tops']);
  });
});
