import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Alternative = { lexeme: string; prefix: boolean };

/**
 * The last word of a term also matches as a prefix. It is looked up as the shop's own
 * lexemes that start with it (search_lexemes), so a search reads this shop's index entries,
 * not every shop's matches of the prefix; a prefix of more than 64 lexemes stays a prefix.
 */
describe('the last word as a prefix', () => {
  let shop: TestShop;
  let other: TestShop;
  const db = testDb();
  const alternatives = async (target: TestShop, word: string, last = true) =>
    (
      await db.execute(
        sql`select lexeme, prefix from public.search_alternatives(${target.id}::uuid, ${word}, ${last})
          where typos = 0 order by lexeme`,
      )
    ).rows as Alternative[];
  const titles = async (target: TestShop, term: string) =>
    (
      (await client(target.apiKey).get(`/search?term=${encodeURIComponent(term)}`)).body as {
        data: { products: { data: Array<{ title: string }> } };
      }
    ).data.products.data
      .map((p) => p.title)
      .sort();

  beforeAll(async () => {
    shop = await createTestShop();
    other = await createTestShop();
    await createProduct(shop, { title: 'Linen Shirt', sku: 'LIN-7' });
    await createProduct(shop, { title: 'Linens Bundle' });
    await createProduct(shop, {
      title: 'Word List',
      description: Array.from({ length: 70 }, (_, i) => `pfx${i}`).join(' '),
    });
    await createProduct(other, { title: 'Linoleum Mat' });
  });

  it("expands to the shop's own lexemes, never another shop's", async () => {
    expect(await alternatives(shop, 'lin')).toEqual([
      { lexeme: 'lin', prefix: false },
      { lexeme: 'linen', prefix: false },
      { lexeme: 'linens', prefix: false },
    ]);
    expect(await alternatives(other, 'lin')).toEqual([
      { lexeme: 'lin', prefix: false },
      { lexeme: 'linoleum', prefix: false },
    ]);
    expect(await titles(shop, 'lin')).toEqual(['Linen Shirt', 'Linens Bundle']);
    expect(await titles(shop, 'shirt lin')).toEqual(['Linen Shirt']);
    expect(await titles(other, 'lin')).toEqual(['Linoleum Mat']);
  });

  it('keeps a word that is not last, or has no lexeme to expand to, exact', async () => {
    expect(await alternatives(shop, 'lin', false)).toEqual([{ lexeme: 'lin', prefix: false }]);
    expect(await alternatives(shop, 'zzq')).toEqual([{ lexeme: 'zzq', prefix: false }]);
    expect(await titles(shop, 'zzq')).toEqual([]);
  });

  it('stays a prefix past 64 lexemes, and finds the same products', async () => {
    expect(await alternatives(shop, 'pfx')).toEqual([{ lexeme: 'pfx', prefix: true }]);
    expect(await alternatives(shop, 'pfx1')).toEqual([
      { lexeme: 'pfx1', prefix: false },
      ...[
        'pfx10',
        'pfx11',
        'pfx12',
        'pfx13',
        'pfx14',
        'pfx15',
        'pfx16',
        'pfx17',
        'pfx18',
        'pfx19',
      ].map((lexeme) => ({ lexeme, prefix: false })),
    ]);
    expect(await titles(shop, 'pfx')).toEqual(['Word List']);
    expect(await titles(shop, 'pfx1')).toEqual(['Word List']);
  });
});
