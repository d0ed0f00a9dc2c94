import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client } from '../helpers/api';
import { createCategory, createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Res = { body: { data: { products: { data: Array<{ title: string }> } } } };

/**
 * Every catalogue write reaches search through Postgres triggers, whoever makes it: these
 * tests write with plain SQL, as a merchant API or an import would, and search right after.
 */
describe('search follows every catalogue write', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  const db = testDb();
  // The writes here are plain SQL; a merchant API write or an import announces its change
  // (shopChanged) so cached answers are not served, and so does each search here.
  const search = async (term: string) => {
    await announceChange(shop.id);
    return (
      (await api.get(`/search?term=${encodeURIComponent(term)}`)) as Res
    ).body.data.products.data.map((p) => p.title);
  };
  const documents = async (word: string) => {
    const [row] = await db
      .select({ documents: s.searchWords.documents })
      .from(s.searchWords)
      .where(and(eq(s.searchWords.shopId, shop.id), eq(s.searchWords.word, word)));
    return row?.documents ?? 0;
  };

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
  });

  // search_lexemes, which expands the last word's prefix, holds exactly the lexemes of the
  // shop's published documents after every write of every test, with their counts.
  afterEach(async () => {
    const drift = await db.execute(sql`
      with kept as (select lexeme, documents from search_lexemes where shop_id = ${shop.id}),
      counted as (
        select l.lexeme, count(*)::int as documents
        from (select search_vector from products where shop_id = ${shop.id} and status = 'published'
          union all
          select search_vector from categories where shop_id = ${shop.id} and status = 'published') d
        cross join lateral unnest(d.search_vector) l
        group by l.lexeme)
      select coalesce(k.lexeme, c.lexeme) as lexeme, k.documents as kept, c.documents as counted
      from kept k full join counted c on c.lexeme = k.lexeme
      where k.documents is distinct from c.documents`);
    expect(drift.rows).toEqual([]);
  });

  it('rebuilds a product when its title, description or publication changes', async () => {
    const product = await createProduct(shop, { title: 'Velvet Throw' });
    expect(await search('velvet')).toEqual(['Velvet Throw']);
    expect(await documents('velvet')).toBe(1);

    await db.update(s.products).set({ title: 'Mohair Throw' }).where(eq(s.products.id, product.id));
    expect(await search('velvet')).toEqual([]);
    expect(await search('mohiar')).toEqual(['Mohair Throw']); // a correction from the new word
    expect(await search('velvat')).toEqual([]); // the old word left the dictionary
    expect(await documents('velvet')).toBe(0);

    await db
      .update(s.products)
      .set({ description: '<p>Brushed <em>kid</em> mohair</p>' })
      .where(eq(s.products.id, product.id));
    expect(await search('brushed')).toEqual(['Mohair Throw']);
    expect(await documents('mohair')).toBe(1);

    await db.update(s.products).set({ status: 'draft' }).where(eq(s.products.id, product.id));
    expect(await search('mohair')).toEqual([]);
    expect(await documents('mohair')).toBe(0);
    await db.update(s.products).set({ status: 'published' }).where(eq(s.products.id, product.id));
    expect(await documents('mohair')).toBe(1);

    await db.delete(s.products).where(eq(s.products.id, product.id));
    expect(await search('mohair')).toEqual([]);
    expect(await documents('mohair')).toBe(0);
  });

  it('follows variant SKUs as they are added, changed and removed', async () => {
    const tote = await createProduct(shop, {
      title: 'Market Tote',
      options: [{ name: 'Colour', values: ['Sand'] }],
      variants: [{ values: ['Sand'], sku: 'MKTSAND01' }],
    });
    expect(await search('mktsand01')).toEqual(['Market Tote']);
    const variantId = tote.variants[0]?.id ?? '';
    await db
      .update(s.productVariants)
      .set({ sku: 'MKTMOSS01' })
      .where(eq(s.productVariants.id, variantId));
    expect(await search('mktsand01')).toEqual([]);
    expect(await search('mktmoss01')).toEqual(['Market Tote']);
    await db.delete(s.productVariants).where(eq(s.productVariants.id, variantId));
    expect(await search('mktmoss01')).toEqual([]);
  });

  it('follows category links, names, publication and moves', async () => {
    const outdoor = await createCategory(shop, { name: 'Outdoor' });
    const picnic = await createCategory(shop, { name: 'Picnic', parentId: outdoor.id });
    const blanket = await createProduct(shop, { title: 'Wool Blanket', categories: [picnic] });
    expect(await search('picnic')).toEqual(['Wool Blanket']);
    expect(await search('outdoor')).toEqual(['Wool Blanket']);

    await db.update(s.categories).set({ name: 'Camping' }).where(eq(s.categories.id, outdoor.id));
    expect(await search('outdoor')).toEqual([]);
    expect(await search('camping')).toEqual(['Wool Blanket']);

    await db.update(s.categories).set({ parentId: null }).where(eq(s.categories.id, picnic.id));
    expect(await search('camping')).toEqual([]);

    await db.update(s.categories).set({ status: 'draft' }).where(eq(s.categories.id, picnic.id));
    expect(await search('picnic')).toEqual([]);
    expect(await documents('picnic')).toBe(0);
    await db
      .update(s.categories)
      .set({ status: 'published' })
      .where(eq(s.categories.id, picnic.id));
    expect(await search('picnic')).toEqual(['Wool Blanket']);

    await db.delete(s.productCategories).where(eq(s.productCategories.productId, blanket.id));
    expect(await search('picnic')).toEqual([]);
    // The category itself is still found by its name.
    const res = await api.get('/search?term=picnic');
    expect(res.body.data.categories.data.map((c: { name: string }) => c.name)).toEqual(['Picnic']);
  });

  it('counts words right when several writers add them at once', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => createProduct(shop, { title: `Shearling Slipper ${i}` })),
    );
    expect(await documents('shearling')).toBe(8);
    expect((await api.get('/search?term=shearlin')).body.data.products.totalDocuments).toBe(8);
  });

  it('lets a shop be deleted with its catalogue', async () => {
    const gone = await createTestShop();
    await createProduct(gone, { title: 'Short-lived Scarf' });
    await db.delete(s.shops).where(eq(s.shops.id, gone.id));
    const left = await db.execute(
      sql`select (select count(*)::int from search_words where shop_id = ${gone.id}) as n,
        (select count(*)::int from search_lexemes where shop_id = ${gone.id}) as lexemes`,
    );
    expect(left.rows[0]).toEqual({ n: 0, lexemes: 0 });
  });
});
