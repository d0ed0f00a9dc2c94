import pg from 'pg';

/** What the demo shop holds, counted in one statement, for the start-up summary. */
export type ShopSummary = {
  name: string;
  currency: string;
  products: number;
  variantProducts: number;
  categories: number;
  customers: number;
  orders: number;
  reviews: number;
  contentModels: number;
  coupons: string[];
};

const SUMMARY_SQL = `
  select s.name, s.currency,
    (select count(*)::int from products p where p.shop_id = s.id and p.status = 'published') as products,
    (select count(distinct v.product_id)::int from product_variants v
       join products p on p.id = v.product_id and p.status = 'published'
      where v.shop_id = s.id) as "variantProducts",
    (select count(*)::int from categories c where c.shop_id = s.id and c.status = 'published') as categories,
    (select count(*)::int from customers c where c.shop_id = s.id) as customers,
    (select count(*)::int from orders o where o.shop_id = s.id) as orders,
    (select count(*)::int from reviews r where r.shop_id = s.id) as reviews,
    (select count(*)::int from content_models m where m.shop_id = s.id) as "contentModels",
    (select coalesce(array_agg(code order by code), '{}') from (
       select c.code from coupons c
        where c.shop_id = s.id and c.active
          and (c.starts_at is null or c.starts_at <= now())
          and (c.ends_at is null or c.ends_at > now())
          and (c.usage_limit is null or c.used_count < c.usage_limit)
        order by c.code limit 4) k) as coupons
  from shops s where s.id = $1`;

export async function summarizeShop(databaseUrl: string, shopId: string): Promise<ShopSummary> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<ShopSummary>(SUMMARY_SQL, [shopId]);
    const [row] = rows;
    if (!row) throw new Error(`shop ${shopId} not found`);
    return row;
  } finally {
    await client.end();
  }
}

/** Two lines describing the shop, e.g. for the end of `npm run dev`'s start-up. */
export function describeShop(s: ShopSummary): string[] {
  return [
    `${s.name} (${s.currency}): ${s.products} products (${s.variantProducts} with variants), ` +
      `${s.categories} categories, ${s.contentModels} content models,`,
    `  ${s.customers} customers, ${s.orders} orders, ${s.reviews} reviews` +
      (s.coupons.length > 0 ? `; coupons to try: ${s.coupons.join(', ')}` : ''),
  ];
}
