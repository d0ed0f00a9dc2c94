import { describe, expect, it } from 'vitest';
import { mapHeader, rowOf } from '../../../../../src/modules/imports/csv/columns';
import { mapProduct } from '../../../../../src/modules/imports/csv/mapper';
import { CsvSyntaxError, readCsvText } from '../../../../../src/modules/imports/csv/parse';

async function records(text: string) {
  const out = [];
  for await (const r of readCsvText(text)) out.push({ fields: r.fields, line: r.line });
  return out;
}

describe('CSV parsing', () => {
  it('reads quoted fields with commas, quotes and line breaks, and skips blank lines', async () => {
    const text = 'Handle,Title\r\nlamp,"Lamp, ""brass""\nsecond line"\r\n,\r\nshade,Shade\n';
    expect(await records(text)).toEqual([
      { fields: ['Handle', 'Title'], line: 1 },
      { fields: ['lamp', 'Lamp, "brass"\nsecond line'], line: 2 },
      { fields: ['shade', 'Shade'], line: 5 },
    ]);
  });

  it('names the line of a quote left open', async () => {
    await expect(records('Handle,Title\nlamp,"open\n')).rejects.toBeInstanceOf(CsvSyntaxError);
  });
});

describe('CSV mapping', () => {
  it('maps a Shopify header and turns rows into one product draft', async () => {
    const [header, ...rows] = await records(
      'Handle,Title,Variant Price,Status\nlamp,Brass lamp,19.99,active\n',
    );
    const map = mapHeader(header?.fields ?? []);
    expect(map?.index.handle).toBe(0);
    if (!map) throw new Error('header not recognised');
    const result = mapProduct(
      rows.map((r) => rowOf(map, r.fields, r.line)),
      2,
      'type',
    );
    expect(result).toHaveProperty('draft');
    expect(mapHeader(['Nothing', 'Known'])).toBeNull();
  });
});
