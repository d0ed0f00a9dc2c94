import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/client';
import * as s from '../../src/db/schema';
import { cardSelect } from '../../src/read-models/product-cards';
import { client } from '../helpers/api';
import {
  addReview,
  createCategory,
  createMedia,
  createOrder,
  createProduct,
} from '../helpers/catalog-factory';
import { testDatabase, testDb } from '../helpers/db';
import { announceChange } from '../helpers/freshness';
import { createTestShop, type TestShop } from '../helpers/shop-factory';

type Item = {
  _id: string;
  title: string;
  status: string;
  sellable: number | null;
  onSale: boolean;
  salePrice: number | null;
  actualPrice: number | null;
  reviewCount: number;
  primaryImage: { title: string } | null;
  primaryCategory: { name: string } | null;
};
type Page = { body: { data: { totalDocuments: number; data: Item[] } } };

/**
 * Product cards follow every write, whoever makes it: these tests write with plain SQL, as
 * the merchant API, checkout, payment webhooks, review moderation or an import would, and
 * then compare every card of the shop with the card built from the catalogue as it is now.
 */
describe('product cards follow every catalogue write', () => {
  let shop: TestShop;
  let api: ReturnType<typeof client>;
  const db = testDb();

  /** Cards that differ from the catalogue now (missing, extra or out of date). */
  const drift = async () => {
    const result = await db.execute(sql`
      select count(*)::int as n
      from (${cardSelect} where p.shop_id = ${shop.id} and p.status = 'published') live
      full join (select * from product_cards where shop_id = ${shop.id}) c on c.id = live.id
      where live::text is distinct from c::text`);
    return (result.rows[0] as { n: number }).n;
  };
  // These tests write straight to the tables the cards follow, then read uncached answers:
  // each read first announces a change, as every production write path does.
  const fresh = async (path: string) => {
    await announceChange(shop.id);
    return (await api.get(path)) as Page;
  };
  const list = async (query = '') => (await fresh(`/products${query}`)).body.data;
  const itemOf = async (id: string) => (await list('?limit=50')).data.find((i) => i._id === id);

  beforeAll(async () => {
    shop = await createTestShop();
    api = client(shop.apiKey);
  });

  it('builds a card when a product is published and drops it when it is not', async () => {
    const product = await createProduct(shop, { title: 'Card Lamp' });
    expect(await drift()).toBe(0);
    expect((await itemOf(product.id))?.title).toBe('Card Lamp');

    await db.update(s.products).set({ status: 'draft' }).where(eq(s.products.id, product.id));
    expect(await itemOf(product.id)).toBeUndefined();
    await db
      .update(s.products)
      .set({ status: 'published', title: 'Card Lamp II' })
      .where(eq(s.products.id, product.id));
    expect((await itemOf(product.id))?.title).toBe('Card Lamp II');
    expect(await drift()).toBe(0);

    await db.delete(s.products).where(eq(s.products.id, product.id));
    expect(await itemOf(product.id)).toBeUndefined();
    expect(await drift()).toBe(0);
  });

  it('follows stock and prices of products and variants', async () => {
    const simple = await createProduct(shop, { stock: 2 });
    const sized = await createProduct(shop, { options: [{ name: 'Size', values: ['S', 'M'] }] });

    await db.update(s.products).set({ stock: 0 }).where(eq(s.products.id, simple.id));
    expect((await itemOf(simple.id))?.status).toBe('out-of-stock');
    await db
      .update(s.products)
      .set({ priceMinor: 2000, salePriceMinor: 1500 })
      .where(eq(s.products.id, simple.id));
    expect((await itemOf(simple.id))?.actualPrice).toBe(15);

    await db
      .update(s.productVariants)
      .set({ stock: 0 })
      .where(eq(s.productVariants.productId, sized.id));
    expect((await itemOf(sized.id))?.sellable).toBe(0);
    await db.delete(s.productVariants).where(eq(s.productVariants.productId, sized.id));
    expect(await drift()).toBe(0);
  });

  it('builds a card once when variants and links are added, their names in the document', async () => {
    const product = await createProduct(shop);
    const category = await createCategory(shop, { name: 'Once Linked' });
    // Postgres counts the calls of each function inside the transaction (track_functions);
    // a card is built by product_cards_build, or product_cards_build_few for a few at once.
    const calls = (tx: Parameters<Parameters<typeof withTransaction>[1]>[0]) =>
      tx.execute(sql`select
        (coalesce(pg_stat_get_xact_function_calls('public.product_cards_build(uuid[])'::regprocedure), 0)
          + coalesce(pg_stat_get_xact_function_calls('public.product_cards_build_few(uuid[])'::regprocedure), 0))::int as cards,
        coalesce(pg_stat_get_xact_function_calls('public.product_search_document(uuid,uuid,text,text,text,uuid)'::regprocedure), 0)::int as documents`);
    const counted = await withTransaction(testDatabase(), async (tx) => {
      await tx.execute(sql`set local track_functions = 'all'`);
      await tx.insert(s.productVariants).values(
        ['S', 'M'].map((key, position) => ({
          shopId: shop.id,
          productId: product.id,
          key,
          position,
          sku: `ONCE-${key}`,
          priceMinor: 1000,
        })),
      );
      const variants = (await calls(tx)).rows[0];
      await tx.insert(s.productCategories).values({
        shopId: shop.id,
        productId: product.id,
        categoryId: category.id,
        position: 1,
      });
      return { variants, links: (await calls(tx)).rows[0] };
    });
    expect(counted).toEqual({
      variants: { cards: 1, documents: 1 },
      links: { cards: 2, documents: 2 },
    });
    const [row] = await db
      .select({ document: sql<string>`search_vector::text` })
      .from(s.products)
      .where(eq(s.products.id, product.id));
    expect(row?.document).toContain("'once'");
    expect(row?.document).toContain("'linked'");
    expect(await drift()).toBe(0);
  });

  it('follows images, categories and reviews', async () => {
    const image = await createMedia(shop);
    const category = await createCategory(shop, { name: 'Lighting' });
    const product = await createProduct(shop, { media: [image], categories: [category] });
    expect((await itemOf(product.id))?.primaryCategory?.name).toBe('Lighting');

    await db.update(s.media).set({ title: 'Lamp at dusk' }).where(eq(s.media.id, image.id));
    expect((await itemOf(product.id))?.primaryImage?.title).toBe('Lamp at dusk');
    await db.update(s.categories).set({ name: 'Lamps' }).where(eq(s.categories.id, category.id));
    expect((await itemOf(product.id))?.primaryCategory?.name).toBe('Lamps');
    await db.update(s.categories).set({ status: 'draft' }).where(eq(s.categories.id, category.id));
    expect((await itemOf(product.id))?.primaryCategory).toBeNull();
    await db.delete(s.productMedia).where(eq(s.productMedia.productId, product.id));
    expect((await itemOf(product.id))?.primaryImage).toBeNull();

    const review = await addReview(shop, product.id, { rating: 4, status: 'pending' });
    expect((await itemOf(product.id))?.reviewCount).toBe(0);
    await db.update(s.reviews).set({ status: 'approved' }).where(eq(s.reviews.id, review.id));
    expect((await itemOf(product.id))?.reviewCount).toBe(1);
    await db.update(s.reviews).set({ hidden: true }).where(eq(s.reviews.id, review.id));
    expect((await itemOf(product.id))?.reviewCount).toBe(0);
    expect(await drift()).toBe(0);
  });

  it('follows units sold as orders are placed, cancelled and restored', async () => {
    const product = await createProduct(shop, { title: 'Card Best Seller' });
    const order = await createOrder(shop, [{ productId: product.id, quantity: 3 }]);
    const best = async () =>
      (await fresh('/products/best-sellers')).body.data.data.map((i) => i._id);
    expect(await best()).toContain(product.id);

    await db.update(s.orders).set({ status: 'cancelled' }).where(eq(s.orders.id, order.id));
    expect(await best()).not.toContain(product.id);
    expect(await drift()).toBe(0);
    await db.update(s.orders).set({ status: 'pending' }).where(eq(s.orders.id, order.id));
    expect(await best()).toContain(product.id);
    await db.delete(s.orderLines).where(eq(s.orderLines.orderId, order.id));
    expect(await best()).not.toContain(product.id);
    expect(await drift()).toBe(0);
  });

  it('shows a sale that starts after the card was written', async () => {
    // The sale starts tomorrow, so the card written now says no sale, fresh until the start.
    const product = await createProduct(shop, {
      priceMinor: 2000,
      salePriceMinor: 1200,
      saleStartsAt: new Date(Date.now() + 86_400_000),
    });
    expect((await itemOf(product.id))?.onSale).toBe(false);
    // Then the start passes: moved into the past with the triggers off, so the card stays as
    // written, fresh until a start that is now behind us (no test waits on the clock).
    await testDatabase().interactive(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update products set sale_starts_at = now() - interval '1 second'
        where id = ${product.id}`);
      await tx.execute(sql`update product_cards set fresh_until = now() - interval '1 second'
        where id = ${product.id}`);
    });
    // The stored card still says no sale; readers see it is past fresh_until.
    const [card] = await db
      .select({ item: s.productCards.item })
      .from(s.productCards)
      .where(eq(s.productCards.id, product.id));
    expect((card?.item as Item | undefined)?.onSale).toBe(false);
    const item = await itemOf(product.id);
    expect(item?.onSale).toBe(true);
    expect(item?.salePrice).toBe(12);
    expect((await list('?onSale=true')).data.map((i) => i._id)).toContain(product.id);
    expect((await list('?maxPrice=12')).data.map((i) => i._id)).toContain(product.id);
  });
});
