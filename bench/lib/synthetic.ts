import { createHash, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { bulkInsert } from './bulk';
import {
  ADJECTIVES,
  COLOURS,
  columnsOf,
  DAY_MS,
  DEPARTMENTS,
  KINDS,
  MATERIALS,
  NOUNS,
  type Random,
  type Row,
  type Rows,
  random,
  SIZES,
  slugify,
  TABLES,
} from './synthetic-data';

/** How many rows of each kind one synthetic shop gets. */
export type Scale = {
  products: number;
  categories: number;
  variants: number;
  reviews: number;
  contentEntries: number;
};

/** Optional richness: description words drawn from a vocabulary (8 to 24 of them). */
export type SyntheticOptions = { descriptionWords?: readonly string[] };

/** What the EXPLAIN run needs to address the synthetic shop's data. */
export type SyntheticShop = {
  id: string;
  apiKey: string;
  productSlug: string;
  variantProductSlug: string;
  topCategorySlug: string;
  topCategoryId: string;
  categoryTerm: string;
  searchTerm: string;
  collectionSlug: string;
  singletonSlug: string;
  entryId: string;
};

/** Builds the rows of one shop in memory; `write` inserts them. */
class ShopBuilder {
  readonly rows = Object.fromEntries(Object.keys(TABLES).map((t) => [t, []])) as unknown as Rows;
  readonly shopId = randomUUID();
  private readonly now = Date.now();

  constructor(
    readonly r: Random,
    readonly seed: number,
    readonly options: SyntheticOptions = {},
  ) {}

  /** The product's description: its title, and words of the vocabulary when one is given. */
  description(title: string): string {
    const words = this.options.descriptionWords;
    if (!words?.length) return `<p>${title}, made to last.</p>`;
    const picked = Array.from({ length: this.r.int(8, 24) }, () => this.r.pick(words));
    return `<p>${title}, made to last.</p><p>${picked.join(' ')}.</p>`;
  }

  at(daysAgo: number) {
    return new Date(this.now - daysAgo * DAY_MS - this.r.int(0, DAY_MS));
  }

  image(title: string) {
    const id = randomUUID();
    const filename = `${slugify(title)}-${id.slice(0, 8)}.jpg`;
    this.rows.media.push({
      id,
      shop_id: this.shopId,
      filename,
      mime_type: 'image/jpeg',
      size_bytes: this.r.int(20_000, 400_000),
      title,
    });
    return id;
  }

  /** Departments at the top, kinds under them, a leaf under each kind; returns the leaves. */
  categories(count: number): string[] {
    const { r, rows } = this;
    const add = (name: string, parentId: string | null, position: number) => {
      const id = randomUUID();
      const first = rows.categories.length === 0;
      rows.categories.push({
        id,
        shop_id: this.shopId,
        parent_id: parentId,
        name,
        slug: `${slugify(name)}-${rows.categories.length}`,
        description: `<p>${name}</p>`,
        featured: r.chance(0.15),
        position,
        image_id: parentId === null ? this.image(name) : null,
        status: !first && r.chance(0.05) ? 'draft' : 'published',
        created_at: this.at(r.int(30, 700)),
      });
      return id;
    };
    const topCount = Math.max(1, Math.min(DEPARTMENTS.length, Math.round(count / 10)));
    const tops = DEPARTMENTS.slice(0, topCount).map((name, i) => ({
      id: add(name, null, i),
      name,
    }));
    const leaves: string[] = [];
    for (let i = 0; rows.categories.length < count; i += 1) {
      const top = tops[i % tops.length] as { id: string; name: string };
      const kind = `${top.name} ${KINDS[Math.floor(i / tops.length) % KINDS.length]}`;
      const kindId = add(kind, top.id, i);
      leaves.push(kindId);
      if (rows.categories.length < count)
        leaves.push(add(`${kind} ${r.pick(MATERIALS)}`, kindId, 0));
    }
    return leaves.length ? leaves : tops.map((t) => t.id);
  }

  /** Products in the leaves; 40% get two options and their variants until the budget runs out. */
  products(count: number, variantBudget: number, leaves: string[]) {
    const { r, rows, shopId, seed } = this;
    let budget = variantBudget;
    for (let i = 0; i < count; i += 1) {
      const id = randomUUID();
      const title = `${r.pick(ADJECTIVES)} ${r.pick(MATERIALS)} ${r.pick(NOUNS)}`;
      const primary = r.pick(leaves);
      const withVariants = budget > 0 && r.chance(0.4);
      const price = r.int(5, 400) * 100 - 1;
      const onSale = !withVariants && r.chance(0.2);
      const status = i === 0 || r.chance(0.94) ? 'published' : r.pick(['draft', 'archived']);
      rows.products.push({
        id,
        shop_id: shopId,
        title,
        slug: `${slugify(title)}-${i}`,
        description: this.description(title),
        sku: `SKU-${seed}-${i}`,
        status,
        featured: r.chance(0.1),
        primary_category_id: primary,
        price_minor: withVariants ? null : price,
        sale_price_minor: onSale ? Math.round(price * 0.8) : null,
        sale_starts_at: onSale ? this.at(10) : null,
        sale_ends_at: onSale ? new Date(this.now + 10 * DAY_MS) : null,
        track_stock: r.chance(0.8),
        stock: r.int(0, 60),
        created_at: this.at(r.int(0, 700)),
      });
      rows.product_categories.push({
        shop_id: shopId,
        product_id: id,
        category_id: primary,
        position: 0,
      });
      const second = r.pick(leaves);
      if (second !== primary && r.chance(0.3)) {
        rows.product_categories.push({
          shop_id: shopId,
          product_id: id,
          category_id: second,
          position: 1,
        });
      }
      for (const position of [0, 1]) {
        rows.product_media.push({
          shop_id: shopId,
          product_id: id,
          media_id: this.image(`${title} ${position + 1}`),
          position,
        });
      }
      if (withVariants) budget -= this.variants(id, i, price);
    }
  }

  /** Size × colour options, values and one variant per combination; returns how many. */
  private variants(productId: string, index: number, price: number): number {
    const { r, rows, shopId } = this;
    const lists = [SIZES.slice(0, r.int(2, SIZES.length)), COLOURS.slice(0, r.int(1, 4))];
    const [sizes = [], colours = []] = lists.map((values, position) => {
      const optionId = randomUUID();
      rows.product_options.push({
        id: optionId,
        shop_id: shopId,
        product_id: productId,
        name: position ? 'Colour' : 'Size',
        position,
      });
      return values.map((value, p) => {
        const valueId = randomUUID();
        rows.product_option_values.push({
          id: valueId,
          shop_id: shopId,
          option_id: optionId,
          value,
          position: p,
        });
        return valueId;
      });
    });
    let position = 0;
    for (const size of sizes) {
      for (const colour of colours) {
        rows.product_variants.push({
          id: randomUUID(),
          shop_id: shopId,
          product_id: productId,
          key: `${size}-${colour}`,
          position,
          sku: `SKU-${this.seed}-${index}-${position}`,
          track_stock: true,
          stock: r.int(0, 20),
          price_minor: price + r.int(0, 3) * 500,
        });
        position += 1;
      }
    }
    return position;
  }

  /** Delivered orders, and per review one order line; a product's reviews come from different orders. */
  reviews(count: number) {
    const { r, rows, shopId } = this;
    const orders = Array.from({ length: Math.max(50, Math.ceil(count / 4)) }, (_, i) => ({
      id: randomUUID(),
      shop_id: shopId,
      order_number: String(10_000 + i),
      email: `buyer${i}@example.com`,
      name: `Buyer ${i}`,
      phone: '+10000000000',
      status: 'delivered',
      payment_status: 'fully-paid',
      products_total_minor: 5_000,
      cart_total_minor: 5_000,
      created_at: this.at(r.int(1, 500)),
    }));
    rows.orders.push(...orders);
    const used = new Set<string>();
    for (let k = 0; k < count; k += 1) {
      const product = r.pick(rows.products);
      const order = r.pick(orders);
      const pair = `${order.id}/${product.id}`;
      if (used.has(pair)) continue;
      used.add(pair);
      rows.order_lines.push({
        shop_id: shopId,
        order_id: order.id,
        product_id: product.id,
        title: product.title,
        quantity: r.int(1, 3),
        unit_price_minor: 2_500,
        total_minor: 2_500,
      });
      rows.reviews.push({
        shop_id: shopId,
        product_id: product.id,
        order_id: order.id,
        buyer_name: order.name,
        rating: r.int(2, 5),
        comment: 'Lovely quality.',
        status: r.chance(0.85) ? 'approved' : 'pending',
        hidden: r.chance(0.05),
        created_at: this.at(r.int(0, 400)),
      });
    }
  }

  /** A large collection (a journal), a small one (FAQ) and a singleton; returns a published journal entry. */
  content(count: number): string {
    const { r, rows, shopId } = this;
    const model = (slug: string, kind: string) => {
      const id = randomUUID();
      rows.content_models.push({ id, shop_id: shopId, slug, name: slug, kind });
      return id;
    };
    const [journal, faq, homepage] = [
      model('journal', 'collection'),
      model('faq', 'collection'),
      model('homepage', 'singleton'),
    ];
    const entry = (modelId: string, data: Row, status: string) => {
      const id = randomUUID();
      const created = this.at(r.int(0, 900));
      const updated = new Date(created.getTime() + r.int(0, DAY_MS));
      rows.content_entries.push({
        id,
        shop_id: shopId,
        model_id: modelId,
        status,
        data,
        created_at: created,
        updated_at: updated,
      });
      return id;
    };
    const welcome = entry(journal, { title: 'Welcome', body: '<p>Hello</p>' }, 'published');
    for (let i = 1; i < count; i += 1) {
      const status = r.chance(0.8) ? 'published' : r.pick(['draft', 'archived']);
      entry(
        i % 10 === 0 ? faq : journal,
        {
          title: `Story ${i}`,
          body: `<p>${r.pick(MATERIALS)} notes</p>`,
          tags: [r.pick(DEPARTMENTS)],
        },
        status,
      );
    }
    for (const status of ['published', 'published', 'draft'])
      entry(homepage, { headline: 'New season', cta: 'Shop now' }, status);
    return welcome;
  }

  async write(client: pg.ClientBase) {
    for (const [table, spec] of Object.entries(TABLES)) {
      await bulkInsert(client, table, columnsOf(spec), this.rows[table as keyof Rows]);
    }
  }
}

/**
 * Builds one shop with a catalogue of the given scale (categories three levels deep,
 * products in them with images, options and variants, orders and reviews, content
 * models and entries) and writes it with bulk inserts.
 */
export async function createSyntheticShop(
  client: pg.ClientBase,
  scale: Scale,
  seed: number,
  options: SyntheticOptions = {},
): Promise<SyntheticShop> {
  const shop = new ShopBuilder(random(seed), seed, options);
  const apiKey = `sf_bench_${createHash('sha256').update(shop.shopId).digest('hex').slice(0, 32)}`;
  shop.rows.shops.push({
    id: shop.shopId,
    handle: `bench-${seed}-${shop.shopId.slice(0, 8)}`,
    name: `Bench shop ${seed}`,
  });
  shop.rows.api_keys.push({
    shop_id: shop.shopId,
    key_hash: createHash('sha256').update(apiKey).digest('hex'),
    prefix: apiKey.slice(0, 12),
  });
  shop.rows.shop_settings.push({ shop_id: shop.shopId, document: {} });
  const leaves = shop.categories(scale.categories);
  shop.products(scale.products, scale.variants, leaves);
  shop.reviews(scale.reviews);
  const entryId = shop.content(scale.contentEntries);
  await shop.write(client);

  const [first] = shop.rows.products;
  const variantProduct =
    shop.rows.products.find((p) => p.price_minor === null && p.status === 'published') ?? first;
  const [top] = shop.rows.categories;
  return {
    id: shop.shopId,
    apiKey,
    productSlug: String(first?.slug),
    variantProductSlug: String(variantProduct?.slug),
    topCategorySlug: String(top?.slug),
    topCategoryId: String(top?.id),
    categoryTerm: String(top?.name).slice(0, 4).toLowerCase(),
    searchTerm: String(first?.title).split(' ')[1]?.toLowerCase() ?? 'linen',
    collectionSlug: 'journal',
    singletonSlug: 'homepage',
    entryId,
  };
}
