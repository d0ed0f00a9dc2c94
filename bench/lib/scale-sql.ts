/**
 * The set-based statements that fill shops for bench/scale-build.ts: each one an
 * `insert … select` over `generate_series`, for every shop of the session's temporary table
 * `batch` at once, through the production tables and their triggers (search documents,
 * search words and product cards are kept by Postgres as the rows go in).
 *
 * `batch(shop_id, shop_n, products, categories, variant_every, customers, orders, reviews)`:
 * a shop's numbers. A product is numbered by its sku (`P-<n>`), a category by its slug, a
 * customer by its email, an order by its number, so later statements find earlier rows.
 */
import { ADJECTIVES, DEPARTMENTS, KINDS, MATERIALS, NOUNS } from './synthetic-data';

const words = (list: readonly string[]) => `array[${list.map((w) => `'${w}'`).join(', ')}]`;
const ADJ = words(ADJECTIVES);
const MAT = words(MATERIALS);
const NOUN = words(NOUNS);
const TOP = words(DEPARTMENTS);
const KIND = words(KINDS);

/** The product numbered `n` (an SQL expression) of a shop: its title words. */
const title = (n: string) =>
  `(${ADJ})[1 + ${n} % ${ADJECTIVES.length}] || ' ' || (${MAT})[1 + (${n} / ${ADJECTIVES.length}) % ${MATERIALS.length}] || ' ' || (${NOUN})[1 + (${n} / ${ADJECTIVES.length * MATERIALS.length}) % ${NOUNS.length}]`;

/** The status of the product numbered `n`. */
const STATUS = (n: string) =>
  `(case when ${n} % 41 = 0 then 'archived' when ${n} % 20 = 0 then 'draft' else 'published' end)::publication_status`;

/** Departments: one per hundred categories (at least one), the rest under them. */
const TOPS = `greatest(1, b.categories / 100)`;

export const BATCH_TABLE = `create temporary table batch (
  shop_id uuid primary key, shop_n int not null, products int not null, categories int not null,
  variant_every int not null, customers int not null, orders int not null, reviews int not null
) on commit preserve rows`;

/** The statements, in order, with what each fills. */
export const FILL: ReadonlyArray<readonly [what: string, sql: string]> = [
  [
    'categories (departments)',
    `insert into categories (shop_id, name, slug, description, position, featured, created_at)
     select b.shop_id, (${TOP})[1 + (k - 1) % ${DEPARTMENTS.length}] || ' ' || k, 'department-' || k,
       '<p>Department ' || k || '</p>', k, k % 5 = 1, now() - interval '2 years'
     from batch b cross join generate_series(1, ${TOPS}) k`,
  ],
  [
    'categories (collections)',
    `insert into categories (shop_id, parent_id, name, slug, description, position, created_at)
     select b.shop_id, t.id, (${KIND})[1 + k % ${KINDS.length}] || ' ' || k, 'collection-' || k,
       '<p>Collection ' || k || '</p>', k, now() - interval '2 years' + k * interval '1 minute'
     from batch b cross join generate_series(1, b.categories - ${TOPS}) k
     join categories t on t.shop_id = b.shop_id and t.slug = 'department-' || (1 + k % ${TOPS})`,
  ],
  [
    'products',
    `insert into products (shop_id, title, slug, description, sku, status, featured,
       primary_category_id, price_minor, sale_price_minor, sale_starts_at, sale_ends_at,
       track_stock, stock, tags, vendor, created_at)
     select b.shop_id, ${title('n')} || ' ' || n, 'product-' || n,
       '<p>' || ${title('n')} || ', made to last.</p>', 'P-' || n,
       'draft',
       n % 10 = 0, c.id,
       case when n % b.variant_every = 0 then null else 500 + (n % 300) * 100 end,
       case when n % b.variant_every <> 0 and n % 7 = 0 then 400 + (n % 300) * 80 end,
       case when n % b.variant_every <> 0 and n % 7 = 0 then now() - interval '3 days' end,
       case when n % b.variant_every <> 0 and n % 7 = 0 then now() + interval '30 days' end,
       true, n % 50, array['tag-' || n % 40, 'season-' || n % 4], 'Maker ' || n % 25,
       now() - interval '3 years' + n * interval '1 minute'
     from batch b cross join generate_series(1, b.products) n
     join categories c on c.shop_id = b.shop_id
       and c.slug = 'collection-' || (1 + n % (b.categories - ${TOPS}))`,
  ],
  [
    'product numbers',
    `create temporary table pmap on commit drop as
     select p.shop_id, substring(p.sku from 3)::int as n, p.id, p.title, p.price_minor
     from products p join batch b on b.shop_id = p.shop_id`,
  ],
  ['product numbers (index)', 'create index on pmap (shop_id, n)'],
  [
    'product categories',
    `insert into product_categories (shop_id, product_id, category_id, position)
     select p.shop_id, p.id, c.id, x.position
     from pmap p join batch b on b.shop_id = p.shop_id
     cross join lateral (values (0, 1 + p.n % (b.categories - ${TOPS})),
       (1, 1 + (p.n * 7 + 3) % (b.categories - ${TOPS}))) x(position, k)
     join categories c on c.shop_id = p.shop_id and c.slug = 'collection-' || x.k
     where x.position = 0 or (p.n % 3 = 0 and x.k <> 1 + p.n % (b.categories - ${TOPS}))`,
  ],
  [
    'media and product media',
    `with src as (
       select p.shop_id, p.id as product_id, p.title, p.n, gen_random_uuid() as media_id from pmap p
     ), m as (
       insert into media (id, shop_id, filename, mime_type, size_bytes, title)
       select media_id, shop_id, 'product-' || n || '.jpg', 'image/jpeg', 40000 + n % 9000, title
       from src returning id
     )
     insert into product_media (shop_id, product_id, media_id, position)
     select shop_id, product_id, media_id, 0 from src`,
  ],
  [
    'options, values and variants',
    `with src as (
       select p.shop_id, p.id as product_id, p.n, gen_random_uuid() as option_id,
         gen_random_uuid() as s, gen_random_uuid() as m, gen_random_uuid() as l
       from pmap p join batch b on b.shop_id = p.shop_id where p.n % b.variant_every = 0
     ), o as (
       insert into product_options (id, shop_id, product_id, name, position)
       select option_id, shop_id, product_id, 'Size', 0 from src returning id
     ), v as (
       insert into product_option_values (id, shop_id, option_id, value, position)
       select x.id, src.shop_id, src.option_id, x.value, x.position
       from src cross join lateral (values (src.s, 'S', 0), (src.m, 'M', 1), (src.l, 'L', 2))
         x(id, value, position)
       returning id
     )
     insert into product_variants (shop_id, product_id, key, position, sku, track_stock, stock, price_minor)
     select src.shop_id, src.product_id, x.id::text, x.position, 'P-' || src.n || '-' || x.value,
       true, (src.n + x.position) % 30, 1500 + (src.n % 200) * 100 + x.position * 500
     from src cross join lateral (values (src.s, 'S', 0), (src.m, 'M', 1), (src.l, 'L', 2))
       x(id, value, position)`,
  ],
  [
    // Last, as a merchant publishes an import: each card is built once, with its variants,
    // links and images, instead of again after each of them.
    'publication',
    `update products p set status = ${STATUS('m.n')}
     from pmap m where p.id = m.id and p.shop_id = m.shop_id and ${STATUS('m.n')} <> 'draft'`,
  ],
  [
    'customers',
    `insert into customers (shop_id, email, name, phone, created_at)
     select b.shop_id, 'customer' || k || '@example.com', 'Customer ' || k, '+1555' || lpad(k::text, 7, '0'),
       now() - interval '2 years' + k * (interval '2 years' / b.customers)
     from batch b cross join generate_series(1, b.customers) k`,
  ],
  [
    'customer numbers',
    `create temporary table cmap on commit drop as
     select c.shop_id, substring(c.email from 9 for position('@' in c.email) - 9)::int as cn, c.id
     from customers c join batch b on b.shop_id = c.shop_id`,
  ],
  ['customer numbers (index)', 'create index on cmap (shop_id, cn)'],
  [
    'orders',
    `insert into orders (shop_id, order_number, customer_id, email, name, phone, status,
       payment_status, refund_state, products_total_minor, cart_total_minor, paid_total_minor,
       created_at, updated_at)
     select b.shop_id, (1000 + k)::text, c.id, 'customer' || c.cn || '@example.com',
       'Customer ' || c.cn, '+1555' || lpad(c.cn::text, 7, '0'),
       -- The last hundredth (about four days) still open: half of it pending, some unpaid.
       (case when k % 25 = 0 then 'cancelled' when k % 40 = 1 then 'refunded'
         when k > b.orders - b.orders / 100 and k % 2 = 0 then 'pending'
         when k % 3 = 0 then 'completed' else 'delivered' end)::order_status,
       (case when k > b.orders - b.orders / 100 and k % 4 = 0 then 'unpaid' else 'fully-paid' end)::payment_status,
       (case when k % 40 = 1 then 'refunded' when k % 997 = 0 then 'requested' else 'none' end)::refund_state,
       6000, 6000, case when k > b.orders - b.orders / 100 and k % 4 = 0 then 0 else 6000 end,
       now() - (b.orders - k) * (interval '1 year' / b.orders),
       now() - (b.orders - k) * (interval '1 year' / b.orders)
     from batch b cross join generate_series(1, b.orders) k
     join cmap c on c.shop_id = b.shop_id and c.cn = 1 + (k * 7) % b.customers`,
  ],
  [
    'order lines',
    // Two lines an order; the first of a product drawn mostly from the shop's first tenth,
    // so best sellers are a real ranking.
    `insert into order_lines (shop_id, order_id, product_id, title, quantity, unit_price_minor,
       total_minor, position, created_at)
     select o.shop_id, o.id, p.id, p.title, 1 + j % 2, 3000, 3000 * (1 + j % 2), j, o.created_at
     from orders o join batch b on b.shop_id = o.shop_id
     cross join lateral (select (o.order_number::int - 1000) as k) ok
     cross join generate_series(0, 1) j
     join pmap p on p.shop_id = o.shop_id and p.n = 1 + case when j = 0
       then (ok.k * 31) % greatest(1, b.products / 10) else ((ok.k::bigint * 7919) % b.products)::int end`,
  ],
  [
    'reviews',
    `insert into reviews (shop_id, product_id, order_id, buyer_name, rating, comment, status, created_at)
     select ol.shop_id, ol.product_id, ol.order_id, o.name, 1 + (ok.k % 5), 'Lovely quality.',
       (case when ok.k % 7 = 0 then 'pending' else 'approved' end)::review_status, o.created_at
     from batch b join orders o on o.shop_id = b.shop_id
     cross join lateral (select (o.order_number::int - 1000) as k) ok
     join order_lines ol on ol.shop_id = o.shop_id and ol.order_id = o.id and ol.position = 1
     where ok.k <= b.reviews and o.status in ('delivered', 'completed')`,
  ],
];
