import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../src/db/schema';
import { client } from '../helpers/api';
import { createCategory, createProduct } from '../helpers/catalog-factory';
import { testDb } from '../helpers/db';
import { announceChange } from '../helpers/freshness';
import { holdLock, waitingOn } from '../helpers/locks';
import { createTestShop } from '../helpers/shop-factory';

/*
 * category_cards (drizzle/0055_category_cards_triggers.sql) against what the products
 * `categories` filter means, computed from the tree each time: for each published category,
 * the cards of the products linked to it or to a category under it through published
 * categories. Checked after every way that can change: links added and removed, products
 * published, unpublished and deleted, a card's date, categories hidden, published again,
 * moved and deleted; and when a category move and a product's link commit side by side.
 */

type Row = Record<string, unknown>;

async function kept(shopId: string): Promise<Row[]> {
  const { rows } = await testDb().execute(sql`select category_id::text, card_id::text,
      created_at::text from category_cards where shop_id = ${shopId} order by 1, 2`);
  return rows as Row[];
}

/** From the tree, down from every published category through published ones. */
async function fromTree(shopId: string): Promise<Row[]> {
  const { rows } = await testDb().execute(sql`with recursive tree(root, id) as (
      select k.id, k.id from categories k where k.shop_id = ${shopId} and k.status = 'published'
      union
      select t.root, k.id from tree t join categories k on k.shop_id = ${shopId}
        and k.parent_id = t.id and k.status = 'published')
    select t.root::text as category_id, c.id::text as card_id, c.created_at::text as created_at
    from tree t
    join product_categories pc on pc.shop_id = ${shopId} and pc.category_id = t.id
    join product_cards c on c.shop_id = ${shopId} and c.id = pc.product_id
    group by 1, 2, 3 order by 1, 2`);
  return rows as Row[];
}

/** The kept rows equal the tree's; returns them as `category: [card, …]`. */
async function expectExact(shopId: string) {
  const rows = await kept(shopId);
  expect(rows).toEqual(await fromTree(shopId));
  const by: Record<string, string[]> = {};
  for (const r of rows) {
    const category = r.category_id as string;
    by[category] = [...(by[category] ?? []), r.card_id as string];
  }
  return by;
}

const setCategory = (id: string, values: Partial<typeof s.categories.$inferInsert>) =>
  testDb().update(s.categories).set(values).where(eq(s.categories.id, id));

describe('category_cards: the cards each category lists, its subcategories included', () => {
  it('follows links, products, dates and the tree as they change', async () => {
    const shop = await createTestShop();
    const other = await createTestShop();
    const db = testDb();
    const women = await createCategory(shop, { name: 'Women' });
    const clothing = await createCategory(shop, { name: 'Clothing', parentId: women.id });
    const dresses = await createCategory(shop, { name: 'Dresses', parentId: clothing.id });
    const home = await createCategory(shop, { name: 'Home' });
    const dress = await createProduct(shop, { title: 'Dress', categories: [dresses] });
    const scarf = await createProduct(shop, { title: 'Scarf', categories: [clothing, home] });
    const draft = await createProduct(shop, {
      title: 'Draft',
      status: 'draft',
      categories: [dresses],
    });
    const foreign = await createProduct(other, {
      title: 'Foreign',
      categories: [await createCategory(other, { name: 'Women' })],
    });
    let by = await expectExact(shop.id);
    expect(by[women.id]?.sort()).toEqual([dress.id, scarf.id].sort());
    expect(by[dresses.id]).toEqual([dress.id]);
    expect(by[home.id]).toEqual([scarf.id]);
    expect(Object.values(by).flat()).not.toContain(draft.id);
    await expectExact(other.id);

    // A link removed and one added; a product published and unpublished; a date changed.
    await db
      .delete(s.productCategories)
      .where(
        and(
          eq(s.productCategories.productId, scarf.id),
          eq(s.productCategories.categoryId, clothing.id),
        ),
      );
    by = await expectExact(shop.id);
    expect(by[women.id]).toEqual([dress.id]);
    await db
      .insert(s.productCategories)
      .values({ shopId: shop.id, productId: scarf.id, categoryId: dresses.id });
    await db.update(s.products).set({ status: 'published' }).where(eq(s.products.id, draft.id));
    await db.update(s.products).set({ status: 'draft' }).where(eq(s.products.id, dress.id));
    await db
      .update(s.products)
      .set({ createdAt: new Date('2026-01-02T03:04:05Z') })
      .where(eq(s.products.id, scarf.id));
    by = await expectExact(shop.id);
    expect(by[women.id]?.sort()).toEqual([draft.id, scarf.id].sort());

    // A category hidden hides what is under it from the categories above; published again,
    // it shows again. Moved under Home, its products list there and leave Women.
    await setCategory(clothing.id, { status: 'draft' });
    by = await expectExact(shop.id);
    expect(by[women.id]).toBeUndefined();
    expect(by[clothing.id]).toBeUndefined();
    expect(by[dresses.id]?.length).toBe(2);
    await setCategory(clothing.id, { status: 'published' });
    await setCategory(dresses.id, { parentId: home.id });
    by = await expectExact(shop.id);
    expect(by[women.id]).toBeUndefined();
    expect(by[home.id]?.sort()).toEqual([draft.id, scarf.id].sort());

    // A category deleted: its links go, and its children move to the top.
    await setCategory(dresses.id, { parentId: clothing.id });
    await db.delete(s.categories).where(eq(s.categories.id, clothing.id));
    by = await expectExact(shop.id);
    expect(by[women.id]).toBeUndefined();
    expect(by[dresses.id]?.length).toBe(2);

    // A product deleted, and the shop.
    await db.delete(s.products).where(eq(s.products.id, draft.id));
    by = await expectExact(shop.id);
    expect(by[dresses.id]).toEqual([scarf.id]);
    await db.delete(s.shops).where(eq(s.shops.id, other.id));
    expect(await kept(other.id)).toEqual([]);
    expect(foreign.id).toBeTruthy();
  });

  it('lists a department from it, newest first, with its total', async () => {
    const shop = await createTestShop();
    const women = await createCategory(shop, { name: 'Women' });
    const tops = await createCategory(shop, { name: 'Tops', parentId: women.id });
    const titles = ['Old tee', 'Mid tee', 'New tee'];
    for (const [i, title] of titles.entries()) {
      await createProduct(shop, {
        title,
        categories: [i === 1 ? women : tops],
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      });
    }
    await announceChange(shop.id);
    const api = client(shop.apiKey);
    const res = await api.get(`/products?categories=${women.slug}&limit=2`);
    expect(res.status).toBe(200);
    expect(res.body.data.totalDocuments).toBe(3);
    expect(res.body.data.data.map((p: { title: string }) => p.title)).toEqual([
      'New tee',
      'Mid tee',
    ]);
    const old = await api.get(`/products?categories=${women.slug}&sort=OLD&limit=2&page=2`);
    expect(old.body.data.data.map((p: { title: string }) => p.title)).toEqual(['New tee']);
    expect(res.roundTrips).toBe(1);
  });

  it('waits for a product linked under a category being moved, and the other way round', async () => {
    const shop = await createTestShop();
    const women = await createCategory(shop, { name: 'Women' });
    const home = await createCategory(shop, { name: 'Home' });
    const tops = await createCategory(shop, { name: 'Tops', parentId: women.id });
    const tee = await createProduct(shop, { title: 'Tee' });
    const mug = await createProduct(shop, { title: 'Mug' });

    // A link under Tops not yet committed; Tops moved under Home meanwhile.
    const releaseLink = await holdLock(sql`insert into product_categories (shop_id, product_id,
      category_id) values (${shop.id}, ${tee.id}, ${tops.id})`);
    const moved = { done: false };
    const move = setCategory(tops.id, { parentId: home.id }).finally(() => {
      moved.done = true;
    });
    expect(await waitingOn('advisory', 'update "categories"', moved)).not.toBeNull();
    await releaseLink();
    await move;
    let by = await expectExact(shop.id);
    expect(by[home.id]).toEqual([tee.id]);
    expect(by[women.id]).toBeUndefined();

    // A move not yet committed; a link under the moved category meanwhile.
    const releaseMove = await holdLock(
      sql`update categories set parent_id = ${women.id} where id = ${tops.id}`,
    );
    const linked = { done: false };
    const link = testDb()
      .insert(s.productCategories)
      .values({ shopId: shop.id, productId: mug.id, categoryId: tops.id })
      .then(() => {
        linked.done = true;
      });
    expect(await waitingOn('advisory', 'insert into "product_categories"', linked)).not.toBeNull();
    await releaseMove();
    await link;
    by = await expectExact(shop.id);
    expect(by[women.id]?.sort()).toEqual([mug.id, tee.id].sort());
    expect(by[home.id]).toBeUndefined();
  });
});
