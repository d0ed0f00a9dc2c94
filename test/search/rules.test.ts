import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/api';
import { createCategory, createProduct } from '../helpers/catalog-factory';
import { createTestShop } from '../helpers/shop-factory';

type Res = { body: { data: { products: { data: Array<{ title: string }> } } } };
const titles = (res: Res) => res.body.data.products.data.map((p) => p.title);

const HOUR = 3_600_000;
/** Creation times an hour apart: a higher `n` is newer. */
const BASE = Date.now() - 100 * HOUR;
const at = (n: number) => new Date(BASE + n * HOUR);

/** The matching rules of docs/decisions/catalogue.md ("Search: matching and ranking"), one shop per concern. */
describe('search matching', () => {
  let api: ReturnType<typeof client>;
  const search = async (term: string) =>
    titles(await api.get(`/search?term=${encodeURIComponent(term)}`));

  beforeAll(async () => {
    const shop = await createTestShop();
    api = client(shop.apiKey);
    const knitwear = await createCategory(shop, { name: 'Knitwear' });
    const jumpers = await createCategory(shop, { name: 'Winter Jumpers', parentId: knitwear.id });
    const hidden = await createCategory(shop, { name: 'Clearance', status: 'draft' });
    await createProduct(shop, { title: 'Merino Jumper', categories: [jumpers], createdAt: at(1) });
    await createProduct(shop, { title: 'Lambswool Crewneck', createdAt: at(2) });
    await createProduct(shop, { title: 'Alpaca Cardigan', categories: [hidden], createdAt: at(3) });
    await createProduct(shop, { title: 'Turtleneck Sweater', createdAt: at(4) });
    await createProduct(shop, { title: 'Linen Shirt', createdAt: at(5) });
    await createProduct(shop, { title: 'Lined Jacket', createdAt: at(6) });
    await createProduct(shop, {
      title: 'Dyed Scarf',
      sku: 'ZX90210',
      description:
        '<p>Hand-<b>stitched</b> in Porto &amp; dyed with ind&iacute;go.</p><script>var wanted = "bicycle";</script>',
      createdAt: at(7),
    });
    await createProduct(shop, {
      title: 'Canvas Tote',
      sku: 'KNITKIT',
      options: [{ name: 'Colour', values: ['Sand', 'Ink'] }],
      variants: [
        { values: ['Sand'], sku: 'TOTE-SAND-01' },
        { values: ['Ink'], sku: 'TOTE-INK-02' },
      ],
      createdAt: at(8),
    });
  });

  it('allows no typo under five letters, one from five, two when a word has nine or more', async () => {
    expect(await search('lamb')).toEqual(['Lambswool Crewneck']); // a prefix, not a typo
    expect(await search('lamp')).toEqual([]);
    expect(await search('jumpr')).toEqual(['Merino Jumper']); // a letter missing
    expect(await search('jumpet')).toEqual(['Merino Jumper']); // a letter wrong
    expect(await search('jummper')).toEqual(['Merino Jumper']); // a letter added
    expect(await search('jmuper')).toEqual(['Merino Jumper']); // two letters swapped
    expect(await search('jumbet')).toEqual([]); // two typos in six letters
    expect(await search('jmpr')).toEqual([]); // four letters: exact or prefix only
    expect(await search('turtlnek')).toEqual(['Turtleneck Sweater']); // two typos, ten letters
    expect(await search('turtlnk')).toEqual([]); // three typos
  });

  it('never replaces a word the shop has by a correction', async () => {
    expect(await search('lined')).toEqual(['Lined Jacket']);
    expect(await search('linen')).toEqual(['Linen Shirt']);
    expect((await search('linex')).sort()).toEqual(['Lined Jacket', 'Linen Shirt']);
  });

  it('matches the last word as a prefix, the others as whole words', async () => {
    expect(await search('shirt lin')).toEqual(['Linen Shirt']);
    expect(await search('lin shirt')).toEqual([]);
    expect(await search('merino jum')).toEqual(['Merino Jumper']);
  });

  it('finds words of the description without its markup, scripts or entities', async () => {
    expect(await search('stitched porto')).toEqual(['Dyed Scarf']);
    expect(await search('indigo')).toEqual(['Dyed Scarf']);
    expect(await search('bicycle')).toEqual([]);
    expect(await search('amp')).toEqual([]);
  });

  it('finds SKUs of products and variants exactly or by prefix, never with typos', async () => {
    expect(await search('zx90210')).toEqual(['Dyed Scarf']);
    expect(await search('ZX902')).toEqual(['Dyed Scarf']);
    expect(await search('zx90211')).toEqual([]);
    expect(await search('tote-ink-02')).toEqual(['Canvas Tote']);
    expect(await search('TOTE-SAND')).toEqual(['Canvas Tote']);
    expect(await search('knitkit')).toEqual(['Canvas Tote']);
    expect(await search('knitkti')).toEqual([]); // a swap, forgiven in text, not in a SKU
  });

  it('finds products by the names of their published categories and their ancestors', async () => {
    expect(await search('jumpers')).toEqual(['Merino Jumper']);
    expect(await search('knitwear')).toEqual(['Merino Jumper']);
    expect(await search('winter')).toEqual(['Merino Jumper']);
    expect(await search('clearance')).toEqual([]);
  });

  it('drops words from the end when nothing matches them all, never from the start', async () => {
    expect(await search('merino jumper lamp')).toEqual(['Merino Jumper']);
    expect(await search('lamp merino')).toEqual([]);
  });
});

/** The ranking rule: words, typos, proximity, attribute, exactness, then recency and id. */
describe('search ranking', () => {
  let api: ReturnType<typeof client>;
  const search = async (term: string) =>
    titles(await api.get(`/search?term=${encodeURIComponent(term)}`));

  beforeAll(async () => {
    const shop = await createTestShop();
    api = client(shop.apiKey);
    const linenShirts = await createCategory(shop, { name: 'Linen Shirts' });
    // Older products win each rule below, so recency cannot explain the order.
    await createProduct(shop, { title: 'Velvet Cushions', createdAt: at(1) });
    await createProduct(shop, { title: 'Linen Cushion', createdAt: at(2) });
    await createProduct(shop, { title: 'Oxford Tee', categories: [linenShirts], createdAt: at(3) });
    await createProduct(shop, {
      title: 'Linen Square',
      description: '<p>Folds into a shirt pocket.</p>',
      createdAt: at(4),
    });
    await createProduct(shop, { title: 'Wool Scarf', createdAt: at(5) });
    await createProduct(shop, {
      title: 'Silk Square',
      description: '<p>Wear it as a scarf.</p>',
      createdAt: at(6),
    });
    await createProduct(shop, { title: 'Wool Cap', createdAt: at(7) });
    await createProduct(shop, { title: 'Wool Capes', createdAt: at(8) });
    await createProduct(shop, { title: 'Pocket Tee', createdAt: at(9) });
    await createProduct(shop, { title: 'Pocket Tee', createdAt: at(9) });
  });

  it('puts fewer typos first (a singular counts one)', async () => {
    expect(await search('cushions')).toEqual(['Velvet Cushions', 'Linen Cushion']);
  });

  it('puts closer words first, before the field they are in', async () => {
    expect(await search('linen shirt')).toEqual(['Oxford Tee', 'Linen Square']);
  });

  it('puts title matches before descriptions', async () => {
    expect(await search('scarf')).toEqual(['Wool Scarf', 'Silk Square']);
  });

  it('puts a title that is the query, then exact words, before prefixes', async () => {
    expect(await search('wool cap')).toEqual(['Wool Cap', 'Wool Capes']);
  });

  it('breaks ties by recency, then id, the same way on every request', async () => {
    const res = await api.get('/search?term=pocket');
    const ids = res.body.data.products.data.map((p: { _id: string }) => p._id);
    expect(res.body.data.products.data.map((p: { title: string }) => p.title)).toEqual([
      'Pocket Tee',
      'Pocket Tee',
      'Linen Square',
    ]);
    expect(ids.slice(0, 2)).toEqual([...ids.slice(0, 2)].sort().reverse());
    expect(
      (await api.get('/search?term=pocket')).body.data.products.data.map(
        (p: { _id: string }) => p._id,
      ),
    ).toEqual(ids);
  });
});
