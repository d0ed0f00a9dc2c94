/**
 * What bench/scale.ts reads on each shop: the storefront reads and the dashboard's lists
 * and Home report, addressed with the shop's own rows (a product with variants, a
 * department, the word most of its published titles hold and a typo of it, the tag most of
 * its products carry): each shop's most common word and tag, so both shops answer full pages
 * of the same kind of query.
 */
import type pg from 'pg';
import { DEMO_API_KEY, DEMO_MERCHANT_KEY } from '../../scripts/seed/keys';
import { BIG_SHOP_HANDLE, SCALE_MERCHANT_KEY, scaleApiKey } from './scale-db';

export type ScaleShop = {
  label: string;
  id: string;
  apiKey: string;
  merchantKey: string;
  products: number;
  slug: string;
  categorySlug: string;
  term: string;
  typo: string;
  tag: string;
};

export type Read = {
  name: string;
  /** Merchant API reads are never edge-cached; storefront reads get a throwaway parameter. */
  side: 'storefront' | 'merchant';
  path: (shop: ScaleShop) => string;
};

export const READS: Read[] = [
  { name: 'product list', side: 'storefront', path: () => '/products' },
  {
    name: 'filtered list (department)',
    side: 'storefront',
    path: (s) => `/products?categories=${s.categorySlug}`,
  },
  {
    name: 'filtered list (on sale, price)',
    side: 'storefront',
    path: () => '/products?onSale=true&minPrice=10&maxPrice=200',
  },
  {
    name: 'filtered list (A-Z, page 3)',
    side: 'storefront',
    path: () => '/products?sort=A-Z&page=3',
  },
  { name: 'product detail', side: 'storefront', path: (s) => `/products/${s.slug}` },
  { name: 'variants', side: 'storefront', path: (s) => `/products/variants?productId=${s.slug}` },
  { name: 'categories', side: 'storefront', path: () => '/categories' },
  { name: 'search', side: 'storefront', path: (s) => `/search?term=${s.term}` },
  { name: 'search (typo)', side: 'storefront', path: (s) => `/search?term=${s.typo}` },
  { name: 'best sellers', side: 'storefront', path: () => '/products/best-sellers' },
  { name: 'similar products', side: 'storefront', path: (s) => `/products/similar/${s.slug}` },
  { name: 'sitemap (whole)', side: 'storefront', path: () => '/config/site-map' },
  { name: 'merchant products', side: 'merchant', path: () => '/products?limit=25' },
  {
    name: 'merchant products (tag)',
    side: 'merchant',
    path: (s) => `/products?limit=25&tag=${s.tag}`,
  },
  {
    name: 'merchant products (search)',
    side: 'merchant',
    path: (s) => `/products?limit=25&query=${s.term}`,
  },
  { name: 'merchant orders', side: 'merchant', path: () => '/orders?limit=25' },
  { name: 'merchant customers', side: 'merchant', path: () => '/customers?limit=25' },
  { name: 'Home report', side: 'merchant', path: () => '/analytics/reports/overview' },
];

/**
 * A word (lowercase) and the same word with its two middle letters swapped: one typo that
 * keeps the word's length, so a five-letter word is still long enough to be corrected.
 */
function words(word: string) {
  const at = Math.floor(word.length / 2) - 1;
  return {
    term: word,
    typo: word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2),
  };
}

async function describe(
  client: pg.ClientBase,
  label: string,
  handle: string,
  keys: { apiKey: string; merchantKey: string },
): Promise<ScaleShop> {
  const { rows } = await client.query(
    `select s.id,
       (select count(*)::int from products p where p.shop_id = s.id) as products,
       (select p.slug from products p where p.shop_id = s.id
          and p.status = 'published' and exists (select 1 from product_variants v
            where v.shop_id = p.shop_id and v.product_id = p.id)
          and exists (select 1 from product_categories pc
            where pc.shop_id = p.shop_id and pc.product_id = p.id)
          order by p.created_at limit 1) as product,
       (select c.slug from categories c where c.shop_id = s.id and c.parent_id is null
          and c.status = 'published' and exists (select 1 from categories k
            where k.shop_id = c.shop_id and k.parent_id = c.id)
          order by c.position, c.id limit 1) as category,
       (select t from products p cross join unnest(p.tags) t where p.shop_id = s.id
          group by t order by count(*) desc, t limit 1) as tag,
       (select w from products p
          cross join regexp_split_to_table(lower(p.title), '\\s+') w
          where p.shop_id = s.id and p.status = 'published' and w ~ '^[[:alpha:]]{5,}$'
          group by w order by count(*) desc, w limit 1) as word
     from shops s where s.handle = $1`,
    [handle],
  );
  const row = rows[0];
  if (!row) throw new Error(`no shop ${handle}: build the database with npm run bench:scale:build`);
  return {
    label,
    id: row.id,
    products: row.products,
    slug: row.product ?? '',
    categorySlug: row.category ?? 'none',
    tag: row.tag ?? 'none',
    ...words(row.word ?? 'linen'),
    ...keys,
  };
}

/** The big synthetic shop and the demo shop. */
export async function scaleShops(client: pg.ClientBase): Promise<[ScaleShop, ScaleShop]> {
  return [
    await describe(client, 'big', BIG_SHOP_HANDLE, {
      apiKey: scaleApiKey(1),
      merchantKey: SCALE_MERCHANT_KEY,
    }),
    await describe(client, 'demo', 'aurora', {
      apiKey: DEMO_API_KEY,
      merchantKey: DEMO_MERCHANT_KEY,
    }),
  ];
}

/** The URL and headers of `read` on `shop`; `bust` makes a storefront read miss the edge cache. */
export function request(
  origin: string,
  read: Read,
  shop: ScaleShop,
  bust?: string,
): { url: string; headers: Record<string, string> } {
  const path = read.path(shop);
  if (read.side === 'merchant') {
    return {
      url: `${origin}/admin/api/v1${path}`,
      headers: { authorization: `Bearer ${shop.merchantKey}` },
    };
  }
  const sep = path.includes('?') ? '&' : '?';
  return {
    url: `${origin}/access/api/v1${path}${bust ? `${sep}_b=${bust}` : ''}`,
    headers: { 'x-api-key': shop.apiKey },
  };
}
