import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client } from '../helpers/api';
import { createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

/*
 * shop_card_counts (drizzle/0048_shop_card_count_triggers.sql) against the shop's cards
 * counted, after every way a card comes and goes: publishing, unpublishing, deleting, a card
 * added and removed in one transaction, another shop's cards, the shop deleted. The
 * unfiltered product list answers with the kept number.
 */

const kept = async (shopId: string) => {
  const [row] = await testDb()
    .select({ cards: s.shopCardCounts.cards })
    .from(s.shopCardCounts)
    .where(eq(s.shopCardCounts.shopId, shopId));
  return row?.cards ?? null;
};

const counted = async (shopId: string) => {
  const { rows } = await testDb().execute(
    sql`select count(*)::int as n from product_cards where shop_id = ${shopId}`,
  );
  return Number((rows[0] as { n: number }).n);
};

/** The kept number equals the cards counted; returns it. */
async function expectExact(shopId: string) {
  const cards = await counted(shopId);
  expect(await kept(shopId)).toBe(cards);
  return cards;
}

const setStatus = (id: string, status: 'published' | 'draft') =>
  testDb().update(s.products).set({ status }).where(eq(s.products.id, id));

async function listTotal(shop: TestShop, query = '') {
  await announceChange(shop.id);
  const res = await client(shop.apiKey).get(`/products${query}`);
  expect(res.status).toBe(200);
  return res.body.data.totalDocuments as number;
}

describe('shop_card_counts: the unfiltered product list total', () => {
  it('follows publishing, unpublishing and deleting, shop by shop', async () => {
    const shop = await createTestShop();
    const other = await createTestShop();
    const mug = await createProduct(shop, { title: 'Mug' });
    const cup = await createProduct(shop, { title: 'Cup', featured: true });
    await createProduct(shop, { title: 'Bowl' });
    const draft = await createProduct(shop, { title: 'Draft', status: 'draft' });
    await createProduct(other, { title: 'Foreign' });
    expect(await expectExact(shop.id)).toBe(3);
    expect(await expectExact(other.id)).toBe(1);
    expect(await listTotal(shop)).toBe(3);
    // A filter still counts its matches.
    expect(await listTotal(shop, '?featured=true')).toBe(1);

    await setStatus(mug.id, 'draft');
    expect(await expectExact(shop.id)).toBe(2);
    await setStatus(draft.id, 'published');
    expect(await expectExact(shop.id)).toBe(3);
    await testDb().delete(s.products).where(eq(s.products.id, cup.id));
    expect(await expectExact(shop.id)).toBe(2);
    expect(await listTotal(shop)).toBe(2);
    expect(await expectExact(other.id)).toBe(1);

    // The unfiltered list reads the kept number (set apart from the cards here to tell the
    // two apart); a filtered one counts.
    const keep = (cards: number) =>
      testDb().update(s.shopCardCounts).set({ cards }).where(eq(s.shopCardCounts.shopId, shop.id));
    await keep(7);
    expect(await listTotal(shop)).toBe(7);
    expect(await listTotal(shop, '?sort=A-Z')).toBe(7);
    expect(await listTotal(shop, '?featured=true')).toBe(0);
    await keep(2);
  });

  it('counts a card added and removed in one transaction as nothing', async () => {
    const shop = await createTestShop();
    const mug = await createProduct(shop, { title: 'Mug' });
    const bowl = await createProduct(shop, { title: 'Bowl', status: 'draft' });
    await testDb().batch([
      testDb().update(s.products).set({ status: 'published' }).where(eq(s.products.id, bowl.id)),
      testDb().update(s.products).set({ status: 'draft' }).where(eq(s.products.id, mug.id)),
      testDb().update(s.products).set({ status: 'draft' }).where(eq(s.products.id, bowl.id)),
    ]);
    expect(await expectExact(shop.id)).toBe(0);
    expect(await listTotal(shop)).toBe(0);
  });

  it('answers 0 for a shop without cards and goes with a deleted shop', async () => {
    const empty = await createTestShop();
    expect(await kept(empty.id)).toBeNull();
    expect(await listTotal(empty)).toBe(0);

    const shop = await createTestShop();
    await createProduct(shop, { title: 'Mug' });
    expect(await expectExact(shop.id)).toBe(1);
    await testDb().delete(s.shops).where(eq(s.shops.id, shop.id));
    expect(await kept(shop.id)).toBeNull();
  });
});
