import { describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/api';
import { csvOf, importCsv, uploadCsv, waitForImport } from '../helpers/imports';
import { merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

/** The classic export's columns, with a Markets price, a metafield and a column of no use here. */
const HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Gift Card',
  'Variant Weight Unit',
  'Price / International',
  'Fabric (product.metafields.custom.fabric)',
  'Status',
];

const images = () => inject('imageServerUrl');

const shirt = (overrides: Record<string, string> = {}) => [
  {
    Handle: 'linen-shirt',
    Title: 'Linen Shirt',
    'Body (HTML)': '<p>Cool</p>',
    Type: 'Shirts',
    Tags: 'Summer, Linen',
    Published: 'TRUE',
    'Option1 Name': 'Size',
    'Option1 Value': 'S',
    'Option2 Name': 'Colour',
    'Option2 Value': 'Blue',
    'Variant SKU': 'LS-S-B',
    'Variant Grams': '250.0',
    'Variant Inventory Tracker': 'shopify',
    'Variant Inventory Qty': '4',
    'Variant Price': '30.00',
    'Variant Compare At Price': '40.00',
    'Variant Requires Shipping': 'TRUE',
    'Image Src': `${images()}/png/shirt-front.png`,
    'Image Position': '1',
    'Variant Weight Unit': 'kg',
    'Price / International': '35.00',
    Status: 'active',
    ...overrides,
  },
  {
    Handle: 'linen-shirt',
    'Option1 Value': 'M',
    'Option2 Value': 'Blue',
    'Variant SKU': 'LS-M-B',
    'Variant Grams': '260',
    'Variant Inventory Tracker': 'shopify',
    'Variant Inventory Qty': '0',
    'Variant Price': '30.00',
    'Image Src': `${images()}/png/shirt-back.png`,
    'Image Position': '2',
  },
  { Handle: 'linen-shirt', 'Image Src': `${images()}/missing/gone.png`, 'Image Position': '3' },
];

const mug = [
  {
    Handle: 'Mug',
    Title: 'Mug',
    Type: 'Kitchen',
    Published: 'TRUE',
    'Option1 Name': 'Title',
    'Option1 Value': 'Default Title',
    'Variant SKU': 'MUG',
    'Variant Price': '12.50',
    'Variant Inventory Qty': '7',
    'Variant Inventory Tracker': 'shopify',
    Status: 'active',
  },
];

const draft = [
  {
    Handle: 'secret',
    Title: 'Secret',
    Published: 'FALSE',
    'Option1 Name': 'Title',
    'Option1 Value': 'Default Title',
    'Variant Price': '5',
    Status: 'draft',
  },
];

async function setup() {
  const shop = await createTestShop();
  const { key } = await merchantOf(shop);
  return { shop, secret: key.secret, storefront: client(shop.apiKey) };
}

describe('POST /imports', () => {
  it('upserts products by handle: variants, a sale from Compare At, images, categories from Type, drafts hidden', async () => {
    const { secret, storefront } = await setup();
    const csv = csvOf(HEADER, [...shirt(), ...mug, ...draft]);
    const done = await importCsv(secret, csv);
    expect(done).toMatchObject({
      status: 'completed',
      total_products: 3,
      created: 3,
      failed: 0,
      images_failed: 1,
    });
    expect(done.errors).toEqual([
      expect.objectContaining({
        line: 4,
        column: 'Image Src',
        code: 'IMAGE_NOT_STORED',
        handle: 'linen-shirt',
      }),
    ]);
    const ignored = done.ignored_columns.map((c: { column: string }) => c.column);
    expect(ignored).not.toContain('Vendor');
    expect(ignored).toEqual(
      expect.arrayContaining([
        'Gift Card',
        'Price / International',
        'Fabric (product.metafields.custom.fabric)',
      ]),
    );

    const detail = await storefront.get('/products/linen-shirt');
    expect(detail.status).toBe(200);
    const p = detail.body.data;
    expect(p).toMatchObject({
      title: 'Linen Shirt',
      hasVariantions: true,
      minPrice: 30,
      maxPrice: 30,
    });
    expect(p.primaryCategory.name).toBe('Shirts');
    // Type names the category (the default choice); Tags stay tags.
    expect(p.categories.map((c: { name: string }) => c.name)).toEqual(['Shirts']);
    expect(p.media).toHaveLength(2);
    expect(p.options.map((o: { name: string }) => o.name)).toEqual(['Size', 'Colour']);
    const variants = await storefront.get('/products/variants?productId=linen-shirt');
    const [small, medium] = variants.body.data.variants;
    // Compare At above Price: the storefront shows the price struck through and the sale price paid.
    expect(small).toMatchObject({
      sku: 'LS-S-B',
      price: 40,
      salePrice: 30,
      actualPrice: 30,
      onSale: true,
      sellable: 4,
    });
    expect(small.shipping).toMatchObject({ weight: 0.25, weightUnit: 'kg' });
    expect(medium).toMatchObject({
      sku: 'LS-M-B',
      price: 30,
      onSale: false,
      status: 'out-of-stock',
    });

    const simple = await storefront.get('/products/mug');
    expect(simple.body.data).toMatchObject({
      hasVariantions: false,
      price: 12.5,
      sku: 'MUG',
      sellable: 7,
    });
    expect((await storefront.get('/products/secret')).status).toBe(404);

    // The same file again changes nothing.
    const again = await importCsv(secret, csv);
    expect(again).toMatchObject({
      status: 'completed',
      created: 0,
      updated: 0,
      unchanged: 3,
      failed: 0,
    });
  });

  it('with dry_run=true says what would change and writes nothing', async () => {
    const { secret, storefront } = await setup();
    const done = await importCsv(secret, csvOf(HEADER, [...mug]), { dryRun: true });
    expect(done).toMatchObject({ status: 'completed', dry_run: true, created: 1 });
    expect((await storefront.get('/products/mug')).status).toBe(404);
  });

  it('fails a product with a bad price or a repeated option combination, naming line and column; the others are written', async () => {
    const { secret, storefront } = await setup();
    const rows = [
      ...shirt({ 'Variant Price': '30,00' }),
      ...mug,
      {
        Handle: 'cap',
        Title: 'Cap',
        'Option1 Name': 'Size',
        'Option1 Value': 'One',
        'Variant Price': '9',
      },
      { Handle: 'cap', 'Option1 Value': 'one', 'Variant Price': '9' },
    ];
    const done = await importCsv(secret, csvOf(HEADER, rows));
    expect(done).toMatchObject({ status: 'completed', created: 1, failed: 2 });
    expect(done.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 2, column: 'Variant Price', code: 'CSV_VALUE_INVALID' }),
        expect.objectContaining({
          line: 7,
          column: 'Option1 Value',
          code: 'CSV_DUPLICATE_VARIANT',
        }),
      ]),
    );
    expect((await storefront.get('/products/linen-shirt')).status).toBe(404);
    expect((await storefront.get('/products/cap')).status).toBe(404);
    expect((await storefront.get('/products/mug')).status).toBe(200);
  });
});

describe('malformed files', () => {
  it('refuses a file without a Handle column at once', async () => {
    const { secret } = await setup();
    const res = await uploadCsv(secret, 'Name,Price\nMug,12\n');
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CSV_HEADER_INVALID');
  });

  it('refuses a 50 MB file by its size before reading it', async () => {
    const { secret } = await setup();
    const big = new Uint8Array(50 * 1024 * 1024).fill(0x61);
    const res = await uploadCsv(secret, big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('IMPORT_FILE_TOO_LARGE');
  });

  it('fails a file with broken quoting, naming the line, and writes nothing', async () => {
    const { secret, storefront } = await setup();
    const csv = `${csvOf(HEADER, mug)}\nbroken,"Broken "quote",,,,,,TRUE\n`;
    const res = await uploadCsv(secret, csv);
    expect(res.status).toBe(202);
    const done = await waitForImport(secret, res.body.id);
    expect(done).toMatchObject({
      status: 'failed',
      created: 0,
      error: { line: 3, code: 'CSV_MALFORMED' },
    });
    expect((await storefront.get('/products/mug')).status).toBe(404);
  });

  it('answers 404 for an import of another shop', async () => {
    const { secret } = await setup();
    const other = await setup();
    const res = await uploadCsv(secret, csvOf(HEADER, mug));
    const peek = await (await import('../helpers/merchant')).adminCall(`/imports/${res.body.id}`, {
      headers: { authorization: `Bearer ${other.secret}` },
    });
    expect(peek.status).toBe(404);
    expect(peek.body.code).toBe('IMPORT_NOT_FOUND');
  });
});
