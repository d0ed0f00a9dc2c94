import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureDatabase,
  ensureExtensions,
  startEmbeddedPostgres,
} from '../../scripts/local/embedded-postgres';
import { applyMigrations } from '../../scripts/migrate';
import { demoObjects, type SeedResult, seedDemo } from '../../scripts/seed/index';
import { DEMO_API_KEY, DEMO_MERCHANT_KEY, hashApiKey } from '../../scripts/seed/keys';
import { ALL_SCOPES } from '../../src/identity/merchant-scopes';
import { SettingsDocumentSchema } from '../../src/modules/settings/document';
import { makeTempDir } from './support/postgres';

let client: pg.Client;
let seeded: SeedResult;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  const dir = await makeTempDir('node-test-seed-');
  cleanups.push(dir.remove);
  const postgres = await startEmbeddedPostgres({
    dataDir: join(dir.path, 'data'),
    persistent: false,
  });
  cleanups.push(postgres.stop);
  const url = await ensureDatabase(postgres.url, 'seed_test');
  await ensureExtensions(url);
  await applyMigrations(url);
  seeded = await seedDemo(url);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Runs a query scoped to the demo shop ($1) and returns its rows. */
async function rows<T extends pg.QueryResultRow>(text: string, shopId = seeded.demo.id) {
  return (await client.query<T>(text, [shopId])).rows;
}
/** The single number a counting query returns. */
async function count(text: string, shopId = seeded.demo.id): Promise<number> {
  const [row] = await rows<{ n: string }>(text, shopId);
  return Number(row?.n);
}

describe('seedDemo', () => {
  // How long the seed takes is measured by `npm run bench:seed` (bench/SEED.md).
  it('seeds both shops and returns their keys', async () => {
    expect(seeded.demo).toMatchObject({
      handle: 'aurora',
      name: 'Aurora Outfitters',
      apiKey: DEMO_API_KEY,
    });
    expect(seeded.second).toMatchObject({ handle: 'pantry', name: 'Nordic Pantry' });
    const keys = await rows<{ key_hash: string }>(
      'select key_hash from api_keys where shop_id = $1',
    );
    expect(keys).toEqual([{ key_hash: hashApiKey(DEMO_API_KEY) }]);
    expect(seeded.demo.merchantKey).toBe(DEMO_MERCHANT_KEY);
    const merchantKeys = await rows<{ key_hash: string; scopes: string[] }>(
      'select key_hash, scopes from merchant_keys where shop_id = $1',
    );
    expect(merchantKeys).toEqual([
      { key_hash: hashApiKey(DEMO_MERCHANT_KEY), scopes: [...ALL_SCOPES] },
    ]);
    expect(ALL_SCOPES).toContain('admin');
    expect(
      await count('select count(*) n from merchant_keys where shop_id = $1', seeded.second.id),
    ).toBe(0);
    const domains = await rows<{ hostname: string; is_primary: boolean }>(
      'select hostname, is_primary from shop_domains where shop_id = $1 order by hostname',
    );
    expect(domains).toEqual([
      { hostname: 'aurora.example', is_primary: true },
      { hostname: 'www.aurora.example', is_primary: false },
    ]);
  });

  it('builds a catalogue of 60+ published products on a three-level category tree', async () => {
    expect(
      await count("select count(*) n from products where shop_id = $1 and status = 'published'"),
    ).toBeGreaterThanOrEqual(60);
    expect(
      await count("select count(*) n from products where shop_id = $1 and status <> 'published'"),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await count("select count(*) n from categories where shop_id = $1 and status = 'published'"),
    ).toBeGreaterThanOrEqual(8);
    const depth = await count(`with recursive tree as (
        select id, 1 as depth from categories where shop_id = $1 and parent_id is null
        union all select c.id, t.depth + 1 from categories c join tree t on c.parent_id = t.id)
      select max(depth) n from tree`);
    expect(depth).toBe(3);
    expect(
      await count(`select count(*) n from products p where shop_id = $1 and status = 'published'
      and (select count(*) from product_categories pc where pc.product_id = p.id) >= 2`),
    ).toBeGreaterThanOrEqual(20);
    expect(
      await count(`select count(*) n from products p where shop_id = $1 and (primary_category_id is null
      or not exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = p.primary_category_id))`),
    ).toBe(0);
    expect(
      await count(
        `select count(*) n from products where shop_id = $1 and f_unaccent(title) ilike '%creme knit%'`,
      ),
    ).toBe(1);
    const parcels = await rows<{ shipping: Record<string, number | string> }>(`
      select shipping from products where shop_id = $1 and has_shipping
      union all select shipping from product_variants where shop_id = $1`);
    for (const { shipping } of parcels) {
      for (const side of ['weight', 'length', 'width', 'height'])
        expect(shipping[side]).toBeGreaterThan(0);
    }
  });

  it('gives 10+ products two options and variants keyed by value ids in option order', async () => {
    const products = await rows<{
      options: string;
      price_minor: number | null;
      offered: string;
      combos: string;
    }>(`
      select (select count(*) from product_options o where o.product_id = p.id) options, p.price_minor,
        (select count(*) from product_variants v where v.product_id = p.id) offered,
        (select exp(sum(ln(n)))::int from (select count(*) n from product_option_values ov
          join product_options o on o.id = ov.option_id where o.product_id = p.id group by o.id) x) combos
      from products p where p.shop_id = $1 and exists (select 1 from product_variants v where v.product_id = p.id)`);
    expect(products.length).toBeGreaterThanOrEqual(10);
    for (const p of products) {
      expect(Number(p.options)).toBe(2);
      expect(p.price_minor).toBeNull();
    }
    expect(products.some((p) => Number(p.offered) < Number(p.combos))).toBe(true);
    expect(
      await count(`select count(*) n from product_variants v where v.shop_id = $1 and not exists (
        select 1 from product_options o1 join product_option_values a on a.option_id = o1.id
        join product_options o2 on o2.product_id = o1.product_id and o2.position = o1.position + 1
        join product_option_values b on b.option_id = o2.id
        where o1.product_id = v.product_id and o1.position = 0 and v.key = a.id || '-' || b.id)`),
    ).toBe(0);
    expect(
      await count('select count(*) n from product_variants where shop_id = $1 and not active'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        'select count(*) n from product_variants where shop_id = $1 and track_stock and stock = 0',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(`select count(*) n from product_variants v where shop_id = $1
      and not exists (select 1 from variant_media m where m.variant_id = v.id)`),
    ).toBe(0);
  });

  it('covers sales in every window, featured, sold-out and untracked products', async () => {
    const published = "shop_id = $1 and status = 'published'";
    const on = (condition: string) =>
      count(`select count(*) n from products where ${published} and ${condition}`);
    expect(
      await on(
        'sale_price_minor < price_minor and (sale_starts_at is null or sale_starts_at <= now()) and (sale_ends_at is null or sale_ends_at > now())',
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(await on('sale_starts_at <= now() and sale_ends_at > now()')).toBeGreaterThanOrEqual(1);
    expect(await on('sale_ends_at < now()')).toBeGreaterThanOrEqual(1);
    expect(await on('sale_starts_at > now()')).toBeGreaterThanOrEqual(1);
    expect(await on('featured')).toBeGreaterThanOrEqual(5);
    expect(
      await on('track_stock and stock = 0 and price_minor is not null'),
    ).toBeGreaterThanOrEqual(2);
    expect(await on('not track_stock and not is_digital')).toBeGreaterThanOrEqual(2);
    expect(
      await count(`select count(*) n from products p where ${published}
      and not exists (select 1 from product_media m where m.product_id = p.id and m.position = 0)`),
    ).toBe(0);
  });

  it('adds a digital product with two limited downloadable files', async () => {
    const files = await rows<{
      storage_key: string;
      download_limit: number;
      download_days: number;
      has_shipping: boolean;
    }>(`
      select f.storage_key, f.download_limit, f.download_days, p.has_shipping from digital_files f
      join products p on p.id = f.product_id where f.shop_id = $1 and p.is_digital`);
    expect(files).toHaveLength(2);
    for (const f of files) {
      expect(f.storage_key).toMatch(
        new RegExp(`^${seeded.demo.id}/files/[0-9a-f-]{36}-[a-z0-9-]+\\.pdf$`),
      );
      expect(f).toMatchObject({ download_limit: 5, download_days: 30, has_shipping: false });
    }
  });

  it('stores complete settings, shipping options and policies', async () => {
    const [settings] = await rows<{ document: unknown }>(
      'select document from shop_settings where shop_id = $1',
    );
    const document = SettingsDocumentSchema.parse(settings?.document);
    expect(document.headerTopbar.announcements).toHaveLength(3);
    expect(document.tax).toEqual({ active: true, value: 19, inclusive: false });
    expect(document.shipping).toMatchObject({
      active: true,
      standardActive: true,
      pickupActive: true,
    });
    const images = [document.branding.logoId, document.footerConfig.logoId, document.seo.iconId];
    const found = await rows<{ id: string }>('select id from media where shop_id = $1');
    expect(found.map((m) => m.id)).toEqual(expect.arrayContaining(images));
    expect(await count('select count(*) n from shipping_rates where shop_id = $1 and active')).toBe(
      3,
    );
    expect(
      await count('select count(*) n from shipping_rates where shop_id = $1 and is_default'),
    ).toBe(1);
    expect(
      await count(
        'select count(*) n from pickup_locations where shop_id = $1 and lat is not null and image_id is not null',
      ),
    ).toBe(2);
    const types = await rows<{ type: string }>('select type from policies where shop_id = $1');
    expect(types.map((t) => t.type)).toEqual(
      expect.arrayContaining([
        'privacy',
        'terms-of-service',
        'refund',
        'return',
        'shipping',
        'cookie',
      ]),
    );
  });

  it('defines content models of both kinds, with entries in every state', async () => {
    const models = await rows<{ slug: string; kind: string; statuses: string[] }>(`
      select m.slug, m.kind, array_agg(e.status::text order by e.status) statuses
      from content_models m join content_entries e on e.model_id = m.id where m.shop_id = $1 group by m.slug, m.kind`);
    const bySlug = new Map(models.map((m) => [m.slug, m]));
    expect(bySlug.get('home-hero')).toMatchObject({ kind: 'singleton' });
    expect(bySlug.get('home-hero')?.statuses).toContain('published');
    expect(bySlug.get('journal')?.kind).toBe('collection');
    expect(new Set(bySlug.get('journal')?.statuses)).toEqual(
      new Set(['published', 'draft', 'archived']),
    );
    expect(bySlug.get('announcement-bar')).toMatchObject({
      kind: 'singleton',
      statuses: ['draft'],
    });
  });

  it('offers valid, minimum-total, expired, usage-limited and category-scoped coupons', async () => {
    const coupons = await rows<{
      code: string;
      kind: string;
      value: number;
      min_total_minor: number;
      expired: boolean;
      used_up: boolean;
      scoped: boolean;
    }>(`
      select code, kind, value, min_total_minor, coalesce(ends_at < now(), false) expired,
        coalesce(used_count >= usage_limit, false) used_up, cardinality(category_ids) > 0 scoped
      from coupons where shop_id = $1`);
    const byCode = new Map(coupons.map((c) => [c.code, c]));
    expect(byCode.get('WELCOME10')).toMatchObject({
      kind: 'percentage',
      value: 10,
      expired: false,
      used_up: false,
    });
    expect(byCode.get('SAVE15')).toMatchObject({
      kind: 'fixed',
      value: 1500,
      min_total_minor: 10000,
    });
    expect(byCode.get('SUMMER23')?.expired).toBe(true);
    expect(coupons.some((c) => c.used_up)).toBe(true);
    expect(coupons.some((c) => c.scoped)).toBe(true);
  });

  it('records orders with consistent totals and a paid order with download grants', async () => {
    const demo = await rows<{ status: string; payment_status: string }>(`
      select o.status, o.payment_status from orders o join customers c on c.id = o.customer_id
      where o.shop_id = $1 and c.email = 'demo@aurora.example'`);
    expect(new Set(demo.map((o) => o.status))).toEqual(
      new Set(['pending', 'delivered', 'completed']),
    );
    expect(
      await count(`select count(*) n from orders o where shop_id = $1 and (
        products_total_minor <> (select sum(total_minor) from order_lines l where l.order_id = o.id)
        or cart_total_minor <> products_total_minor - coupon_total_minor + shipping_total_minor + tax_total_minor
        or (payment_status = 'fully-paid') <> (paid_total_minor = cart_total_minor))`),
    ).toBe(0);
    const grants =
      await count(`select count(*) n from download_grants g join orders o on o.id = g.order_id
      join customers c on c.id = o.customer_id where g.shop_id = $1 and o.payment_status = 'fully-paid'
      and c.email = 'demo@aurora.example' and g.expires_at > now() and g.download_count < g.download_limit`);
    expect(grants).toBe(2);
    expect(
      await count(`select (select last_number from order_counters where shop_id = $1)
      - (select max(order_number::int) from orders where shop_id = $1) n`),
    ).toBe(0);
    expect(
      await count("select count(*) n from orders where shop_id = $1 and status = 'cancelled'"),
    ).toBeGreaterThanOrEqual(1);
    const statuses = await rows<{ status: string }>(`select distinct c.status from customers c
      join orders o on o.customer_id = c.id where c.shop_id = $1`);
    expect(statuses.map((s) => s.status).sort()).toEqual(['active', 'blacklisted', 'inactive']);
    expect(
      await count(
        "select count(*) n from customer_addresses a join customers c on c.id = a.customer_id where a.shop_id = $1 and c.email = 'demo@aurora.example'",
      ),
    ).toBe(1);
  });

  it('adds approved, pending and hidden reviews tied to orders containing the product', async () => {
    expect(
      await count(
        "select count(*) n from reviews where shop_id = $1 and status = 'approved' and not hidden",
      ),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await count("select count(*) n from reviews where shop_id = $1 and status = 'pending'"),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count('select count(*) n from reviews where shop_id = $1 and hidden'),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(`select count(*) n from reviews r where shop_id = $1 and not exists (
      select 1 from order_lines l where l.order_id = r.order_id and l.product_id = r.product_id)`),
    ).toBe(0);
  });

  it('seeds a smaller second shop that reuses the demo slugs, codes and email', async () => {
    const second = seeded.second.id;
    const pantryProducts = await count(
      "select count(*) n from products where shop_id = $1 and status = 'published'",
      second,
    );
    expect(pantryProducts).toBeGreaterThanOrEqual(6);
    expect(pantryProducts).toBeLessThan(20);
    const shared = await rows<{ n: string }>(
      `select
      (select count(*) from products where slug = 'linen-cafe-apron') + (select count(distinct value) from coupons where code = 'WELCOME10')
      + (select count(*) from customers where email = 'demo@aurora.example') + (select count(*) from content_models where slug = 'home-hero')
      + (select count(*) from shops where id = $1 and currency = 'SEK') n`,
      second,
    );
    expect(Number(shared[0]?.n)).toBe(9);
    expect(await count('select count(*) n from policies where shop_id = $1', second)).toBe(2);
  });

  it('lists a storage object for every media row and digital file, with matching sizes', async () => {
    const objects = new Map(demoObjects(seeded).map((o) => [o.key, o]));
    const stored = (
      await client.query<{ key: string; size: number }>(`
      select shop_id || '/media/' || filename as key, size_bytes as size from media
      union all select storage_key, size_bytes from digital_files`)
    ).rows;
    expect(stored.length).toBeGreaterThan(100);
    expect(objects.size).toBe(stored.length);
    const encoder = new TextEncoder();
    for (const row of stored) {
      const object = objects.get(row.key);
      expect(object, row.key).toBeDefined();
      const body = typeof object?.body === 'string' ? encoder.encode(object.body) : object?.body;
      expect(body?.length, row.key).toBe(row.size);
    }
  });
});
