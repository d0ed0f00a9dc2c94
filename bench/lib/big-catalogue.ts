/**
 * Grows a shop's catalogue to `count` products in all with a few set-based statements through the
 * production schema (its triggers keep the search documents current): titles "Bench product
 * N", every tenth one a draft and every 23rd archived, one in four sold in three sizes
 * (variants, no base price), each linked to one of the shop's categories, created a minute
 * apart so the list's newest-first order is stable.
 */
import pg from 'pg';

export type BigCatalogue = { shopId: string; products: number; categoryId: string | null };

export async function growCatalogue(
  databaseUrl: string,
  handle: string,
  count: number,
): Promise<BigCatalogue> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const shop = await client.query<{ id: string }>('select id from shops where handle = $1', [
      handle,
    ]);
    const shopId = shop.rows[0]?.id;
    if (!shopId) throw new Error(`no shop ${handle}`);
    const before = await client.query<{ n: number }>(
      'select count(*)::int as n from products where shop_id = $1',
      [shopId],
    );
    const missing = Math.max(0, count - (before.rows[0]?.n ?? 0));
    await client.query('begin');
    await client.query(
      `insert into products (shop_id, title, slug, description, sku, status, price_minor,
         track_stock, stock, created_at)
       select $1, 'Bench product ' || n, 'bench-product-' || n,
         '<p>Bench product ' || n || ', a fine thing for the list.</p>', 'BENCH-' || n,
         (case when n % 23 = 0 then 'archived' when n % 10 = 0 then 'draft' else 'published' end)::publication_status,
         case when n % 4 = 0 then null else 1000 + (n % 90) * 100 end,
         true, n % 40, now() - interval '1 year' + n * interval '1 minute'
       from generate_series(1, $2::int) n`,
      [shopId, missing],
    );
    await client.query(
      `insert into product_variants (shop_id, product_id, key, position, sku, stock, price_minor)
       select p.shop_id, p.id, s.size, s.pos, p.sku || '-' || s.size, s.pos * 3, 1500 + s.pos * 100
       from products p
       cross join (values ('S', 0), ('M', 1), ('L', 2)) s(size, pos)
       where p.shop_id = $1 and p.slug like 'bench-product-%' and p.price_minor is null`,
      [shopId],
    );
    const categories = await client.query<{ id: string }>(
      'select id from categories where shop_id = $1 order by position, id',
      [shopId],
    );
    const ids = categories.rows.map((r) => r.id);
    if (ids.length > 0) {
      await client.query(
        `insert into product_categories (shop_id, product_id, category_id, position)
         select p.shop_id, p.id,
           ($2::uuid[])[1 + (substring(p.slug from '[0-9]+$')::int % array_length($2::uuid[], 1))], 0
         from products p where p.shop_id = $1 and p.slug like 'bench-product-%'`,
        [shopId, ids],
      );
    }
    await client.query('commit');
    await client.query('analyze products, product_variants, product_categories');
    const total = await client.query<{ n: number }>(
      'select count(*)::int as n from products where shop_id = $1',
      [shopId],
    );
    return { shopId, products: total.rows[0]?.n ?? 0, categoryId: ids[0] ?? null };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}
