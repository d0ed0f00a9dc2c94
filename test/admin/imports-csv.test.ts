import { describe, expect, it } from 'vitest';
import { mapHeader, rowOf } from '../../src/modules/imports/csv/columns';
import { mapProduct } from '../../src/modules/imports/csv/mapper';
import { CsvSyntaxError, readCsv, readCsvText } from '../../src/modules/imports/csv/parse';

async function records(text: string) {
  const out = [];
  for await (const record of readCsvText(text)) out.push(record);
  return out;
}

/** A stream that hands over `bytes` in chunks of `size`, to cut records anywhere. */
const chunked = (bytes: Uint8Array, size: number) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += size) controller.enqueue(bytes.slice(i, i + size));
      controller.close();
    },
  });

describe('the CSV reader', () => {
  it('reads quoted commas, quotes and line breaks, CRLF and a BOM, with each record’s line', async () => {
    const text =
      '\uFEFFHandle,Body (HTML)\r\nmug,"<p>A ""big"", mug\nwith two lines</p>"\r\n\r\ncap,plain\r\n';
    const read = await records(text);
    expect(read.map((r) => r.fields)).toEqual([
      ['Handle', 'Body (HTML)'],
      ['mug', '<p>A "big", mug\nwith two lines</p>'],
      ['cap', 'plain'],
    ]);
    expect(read.map((r) => r.line)).toEqual([1, 2, 5]);
  });

  it('gives the same records and byte offsets however the bytes arrive', async () => {
    const text = 'Handle,Title\nthé,"Thé, vert"\n"a\nb",ü\nlast,row';
    const bytes = new TextEncoder().encode(text);
    const whole = await records(text);
    for (const size of [1, 2, 3, 7]) {
      const parts = [];
      for await (const record of readCsv(chunked(bytes, size))) parts.push(record);
      expect(parts).toEqual(whole);
    }
    // A record read again from its offsets is the same record (how slices read the file).
    const second = whole[1];
    if (!second) throw new Error('no second record');
    const again = [];
    const slice = bytes.slice(second.start, second.end);
    for await (const r of readCsv(chunked(slice, 4), { offset: second.start, line: second.line })) {
      again.push(r);
    }
    expect(again).toEqual([second]);
  });

  it('refuses broken quoting, naming the line', async () => {
    await expect(records('Handle,Title\nmug,"Mug\n')).rejects.toMatchObject({ line: 2 });
    await expect(records('Handle,Title\nmug,"Mug"x\n')).rejects.toBeInstanceOf(CsvSyntaxError);
    await expect(records('Handle,Title\n\nmug,Mu"g\n')).rejects.toMatchObject({ line: 3 });
  });
});

const product = (header: string[], rows: string[][]) => {
  const map = mapHeader(header);
  if (!map) throw new Error('no Handle');
  return mapProduct(
    rows.map((fields, i) => rowOf(map, fields, i + 2)),
    2,
    'type',
  );
};

describe('Shopify columns of every era', () => {
  it('reads the 2025 template’s spellings and grams with decimals', () => {
    const header = [
      'URL handle',
      'Title',
      'Description',
      'Option1 name',
      'Option1 value',
      'SKU',
      'Price',
      'Compare-at price',
      'Inventory quantity',
      'Weight value (grams)',
      'Weight unit for display',
      'Product image URL',
      'Status',
    ];
    const result = product(header, [
      [
        'tea',
        'Tea',
        '<p>Green</p>',
        'Size',
        '100 g',
        'T-100',
        '4.50',
        '6.00',
        '12',
        '100.0',
        'g',
        'https://img.example/tea.png',
        'active',
      ],
      ['tea', '', '', '', '250 g', 'T-250', '9', '', '3', '250.5', 'g', '', ''],
    ]);
    if (!('draft' in result)) throw new Error(JSON.stringify(result.problems));
    const { draft } = result;
    expect(draft.fields).toMatchObject({ title: 'Tea', slug: 'tea', status: 'published' });
    expect(draft.options).toEqual([{ name: 'Size', values: ['100 g', '250 g'] }]);
    expect(draft.variants[0]).toMatchObject({
      sku: 'T-100',
      price: 600,
      sale_price: 450,
      track_stock: true,
      stock: 12,
    });
    expect(draft.variants[1]).toMatchObject({
      price: 900,
      sale_price: null,
      shipping: { weight: 250.5, weight_unit: 'g' },
    });
    expect(draft.images.map((i) => i.src)).toEqual(['https://img.example/tea.png']);
  });

  it('treats an empty tracker as untracked, and notes columns of no use here', () => {
    const header = [
      'Handle',
      'Title',
      'Variant Inventory Tracker',
      'Variant Inventory Qty',
      'Variant Price',
      'Variant Barcode',
      'Included / United States',
      'Rating (product.metafields.reviews.rating)',
    ];
    expect(mapHeader(header)?.ignored).toEqual([
      { column: 'Variant Barcode', reason: 'not a field of this catalogue' },
      { column: 'Included / United States', reason: 'Markets pricing (one price per shop here)' },
      { column: 'Rating (product.metafields.reviews.rating)', reason: 'metafield' },
    ]);
    const result = product(header, [['Mug', 'Mug', '', '5', '3', '', '', '']]);
    if (!('draft' in result)) throw new Error('refused');
    expect(result.draft.fields.slug).toBe('mug');
    expect(result.draft.sellable).toMatchObject({ track_stock: false, price: 300, sku: '' });
  });

  it('names line and column of each problem', () => {
    const header = ['Handle', 'Title', 'Option1 Name', 'Option1 Value', 'Variant Price', 'Status'];
    const result = product(header, [
      ['x', 'X', 'Size', 'S', '-1', 'sold'],
      ['x', '', '', 'S', '2', ''],
      ['x', '', '', '', '2', ''],
    ]);
    expect('problems' in result && result.problems).toEqual([
      expect.objectContaining({ line: 2, column: 'Variant Price', code: 'CSV_VALUE_INVALID' }),
      expect.objectContaining({ line: 3, column: 'Option1 Value', code: 'CSV_DUPLICATE_VARIANT' }),
      expect.objectContaining({ line: 4, column: 'Option1 Value', code: 'CSV_VALUE_INVALID' }),
      expect.objectContaining({ line: 2, column: 'Status', code: 'CSV_VALUE_INVALID' }),
    ]);
  });
});
