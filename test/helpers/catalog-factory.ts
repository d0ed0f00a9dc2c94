import type { BatchItem } from 'drizzle-orm/batch';
import * as s from '../../src/db/schema';
import { testDb } from './db';
import { announceChange } from './freshness';

/*
 * Catalogue fixtures: categories, media, products with options, variants, images and
 * reviews, and orders (for best sellers and reviews). Every row belongs to the shop passed
 * in; unique slugs and filenames are generated unless given.
 */

type ShopRef = { id: string };
type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

const unique = () => crypto.randomUUID().replaceAll('-', '').slice(0, 10);

/** Runs the inserts as one atomic batch (none when the list is empty). */
async function insertAll(items: BatchItem<'pg'>[]) {
  const [first, ...rest] = items;
  if (first) await testDb().batch([first, ...rest]);
}

export type TestCategory = { id: string; slug: string; name: string };

/** A published category (pass `parentId` to nest it, `status` to hide it). */
export async function createCategory(
  shop: ShopRef,
  overrides: Partial<Insert<typeof s.categories>> = {},
): Promise<TestCategory> {
  const name = overrides.name ?? `Category ${unique()}`;
  const [row] = await testDb()
    .insert(s.categories)
    .values({ slug: `category-${unique()}`, ...overrides, name, shopId: shop.id })
    .returning();
  if (!row) throw new Error('category not created');
  await announceChange(shop.id);
  return { id: row.id, slug: row.slug, name: row.name };
}

export type TestMedia = { id: string; filename: string; mimeType: string; sizeBytes: number };

/** An image row of the shop (no object is stored). */
export async function createMedia(
  shop: ShopRef,
  overrides: Partial<Insert<typeof s.media>> = {},
): Promise<TestMedia> {
  const [row] = await testDb()
    .insert(s.media)
    .values({
      filename: `image-${unique()}.jpg`,
      mimeType: 'image/jpeg',
      sizeBytes: 1234,
      ...overrides,
      shopId: shop.id,
    })
    .returning();
  if (!row) throw new Error('media not created');
  await announceChange(shop.id);
  return row;
}

export type VariantSpec = Partial<
  Omit<Insert<typeof s.productVariants>, 'shopId' | 'productId' | 'key'>
> & {
  /** One value per option, by value text, in option order. */
  values: string[];
  /** Images of the variant, in position order. */
  media?: TestMedia[];
};

export type ReviewSpec = Partial<
  Omit<Insert<typeof s.reviews>, 'shopId' | 'productId' | 'orderId'>
> & {
  rating: number;
};

export type ProductSpec = Partial<Omit<Insert<typeof s.products>, 'shopId'>> & {
  /** Linked in this order (position 0, 1, ...). */
  categories?: TestCategory[];
  /** Images of the product, in position order. */
  media?: TestMedia[];
  /** Options with their values, in option order. */
  options?: Array<{ name: string; values: string[] }>;
  /** Variants (needs options); default: every combination at the product's price or 1000. */
  variants?: VariantSpec[];
  /** Reviews, each on an order of its own. */
  reviews?: ReviewSpec[];
};

export type TestOption = { id: string; name: string; values: Array<{ id: string; value: string }> };
export type TestVariant = { id: string; key: string; values: string[] };

export type TestProduct = {
  id: string;
  slug: string;
  title: string;
  options: TestOption[];
  variants: TestVariant[];
  /** The variation key of a combination of value texts (which need not exist as a variant). */
  keyOf(...values: string[]): string;
};

const combinations = (options: Array<{ values: string[] }>): string[][] =>
  options.reduce<string[][]>(
    (acc, option) => acc.flatMap((combo) => option.values.map((value) => [...combo, value])),
    [[]],
  );

/**
 * A product with its categories, images, options, variants and reviews. Defaults: published,
 * price 1000 minor units (none when options are given), stock tracking on with 10 units.
 */
export async function createProduct(shop: ShopRef, spec: ProductSpec = {}): Promise<TestProduct> {
  const db = testDb();
  const { categories = [], media = [], options = [], variants, reviews = [], ...columns } = spec;
  const hasOptions = options.length > 0;
  const id = crypto.randomUUID();
  const title = columns.title ?? `Product ${unique()}`;
  const slug = columns.slug ?? `product-${unique()}`;
  const testOptions: TestOption[] = options.map((option) => ({
    id: crypto.randomUUID(),
    name: option.name,
    values: option.values.map((value) => ({ id: crypto.randomUUID(), value })),
  }));
  const keyOf = (...values: string[]) =>
    values
      .map((value, i) => {
        const found = testOptions[i]?.values.find((v) => v.value === value);
        if (!found) throw new Error(`no value ${value} for option ${i}`);
        return found.id;
      })
      .join('-');
  const variantSpecs: VariantSpec[] = hasOptions
    ? (variants ?? combinations(options).map((values) => ({ values })))
    : [];
  const testVariants = variantSpecs.map((v) => ({
    id: crypto.randomUUID(),
    key: keyOf(...v.values),
    values: v.values,
  }));

  const inserts: BatchItem<'pg'>[] = [
    db.insert(s.products).values({
      stock: 10,
      priceMinor: hasOptions ? null : 1000,
      ...columns,
      id,
      title,
      slug,
      shopId: shop.id,
    }),
  ];
  categories.forEach((category, position) => {
    inserts.push(
      db
        .insert(s.productCategories)
        .values({ shopId: shop.id, productId: id, categoryId: category.id, position }),
    );
  });
  media.forEach((image, position) => {
    inserts.push(
      db
        .insert(s.productMedia)
        .values({ shopId: shop.id, productId: id, mediaId: image.id, position }),
    );
  });
  testOptions.forEach((option, position) => {
    inserts.push(
      db
        .insert(s.productOptions)
        .values({ id: option.id, shopId: shop.id, productId: id, name: option.name, position }),
    );
    option.values.forEach((value, valuePosition) => {
      inserts.push(
        db.insert(s.productOptionValues).values({
          id: value.id,
          shopId: shop.id,
          optionId: option.id,
          value: value.value,
          position: valuePosition,
        }),
      );
    });
  });
  variantSpecs.forEach((spec, position) => {
    const { values: _values, media: variantMedia = [], ...variantColumns } = spec;
    const variant = testVariants[position];
    if (!variant) return;
    inserts.push(
      db.insert(s.productVariants).values({
        priceMinor: columns.priceMinor ?? 1000,
        stock: 10,
        position,
        ...variantColumns,
        id: variant.id,
        key: variant.key,
        shopId: shop.id,
        productId: id,
      }),
    );
    variantMedia.forEach((image, imagePosition) => {
      inserts.push(
        db.insert(s.variantMedia).values({
          shopId: shop.id,
          variantId: variant.id,
          mediaId: image.id,
          position: imagePosition,
        }),
      );
    });
  });
  await insertAll(inserts);
  for (const review of reviews) await addReview(shop, id, review);
  await announceChange(shop.id);
  return { id, slug, title, options: testOptions, variants: testVariants, keyOf };
}

export type OrderLineSpec = {
  productId: string;
  quantity: number;
  variantId?: string;
  variationKey?: string;
  unitPriceMinor?: number;
};

/** An order with lines (status pending unless given); totals follow from the lines. */
export async function createOrder(
  shop: ShopRef,
  lines: OrderLineSpec[],
  overrides: Partial<Insert<typeof s.orders>> = {},
): Promise<{ id: string; orderNumber: string }> {
  const db = testDb();
  const id = crypto.randomUUID();
  const orderNumber = overrides.orderNumber ?? `T-${unique()}`;
  const total = lines.reduce((sum, l) => sum + (l.unitPriceMinor ?? 1000) * l.quantity, 0);
  await insertAll([
    db.insert(s.orders).values({
      email: 'buyer@example.com',
      name: 'Buyer',
      phone: '+10000000000',
      productsTotalMinor: total,
      cartTotalMinor: total,
      ...overrides,
      id,
      orderNumber,
      shopId: shop.id,
    }),
    ...lines.map((line) =>
      db.insert(s.orderLines).values({
        shopId: shop.id,
        orderId: id,
        productId: line.productId,
        variantId: line.variantId ?? null,
        variationKey: line.variationKey ?? '',
        title: 'Ordered product',
        quantity: line.quantity,
        unitPriceMinor: line.unitPriceMinor ?? 1000,
        totalMinor: (line.unitPriceMinor ?? 1000) * line.quantity,
      }),
    ),
  ]);
  await announceChange(shop.id);
  return { id, orderNumber };
}

/** A review of the product on a delivered order of its own (approved unless given). */
export async function addReview(
  shop: ShopRef,
  productId: string,
  spec: ReviewSpec,
): Promise<{ id: string; orderId: string }> {
  const order = await createOrder(shop, [{ productId, quantity: 1 }], { status: 'delivered' });
  const [row] = await testDb()
    .insert(s.reviews)
    .values({ status: 'approved', ...spec, shopId: shop.id, productId, orderId: order.id })
    .returning();
  if (!row) throw new Error('review not created');
  await announceChange(shop.id);
  return { id: row.id, orderId: order.id };
}
