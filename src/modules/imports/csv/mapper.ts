import type { CategorySource } from '../../../db/schema';
import { ApiError } from '../../../errors';
import { MAX_SEO_DESCRIPTION, MAX_SEO_TITLE, MAX_VENDOR } from '../../products/admin-seo-schemas';
import { normaliseTags, tagsOfCell } from '../../products/tags';
import type { ColumnKey, Row } from './columns';
import type { ImageDraft, ProductDraft, Sellable, Shipping, VariantDraft } from './draft';
import {
  amountOf,
  booleanOf,
  decimalOf,
  GRAMS_PER,
  type ImportProblem,
  Problems,
  quantityOf,
  round3,
  slugOfHandle,
  textOf,
} from './values';

/*
 * One product's rows (those of one Handle) → what the products service upserts. The first
 * row carries the product; each row with an option value or a price is a variant; a row with
 * an Image Src adds an image. Images and categories are named here (URLs, names) and become
 * ids when the product is written.
 */

export type MapResult = { draft: ProductDraft } | { problems: ImportProblem[] };

const OPTION_KEYS = [
  ['option1Name', 'option1Value'],
  ['option2Name', 'option2Value'],
  ['option3Name', 'option3Value'],
] as const;

function statusOf(row: Row, problems: Problems): ProductDraft['fields']['status'] {
  const published = booleanOf(row, 'published', true, problems);
  const status = row.get('status').toLowerCase();
  if (status === '' || status === 'active') return published ? 'published' : 'draft';
  if (status === 'draft' || status === 'archived') return status;
  problems.at(row, 'status', `"${row.get('status')}" is not active, draft or archived`);
  return 'draft';
}

function shippingOf(row: Row, problems: Problems): Shipping | null {
  const grams = decimalOf(row, 'grams', problems);
  if (grams === null) return null;
  const unit = row.get('weightUnit').toLowerCase() || 'kg';
  const per = GRAMS_PER[unit];
  if (per === undefined) problems.at(row, 'weightUnit', `"${unit}" is not g, kg, lb or oz`);
  return {
    weight: round3(grams / (per ?? 1)),
    length: decimalOf(row, 'length', problems) ?? 0,
    width: decimalOf(row, 'width', problems) ?? 0,
    height: decimalOf(row, 'height', problems) ?? 0,
    weight_unit: unit,
    measurement_unit: row.get('measurementUnit') || 'cm',
  };
}

/** Shopify's Price is what the customer pays; a higher Compare At Price means a sale. */
function sellableOf(row: Row, digits: number, problems: Problems): Sellable {
  const paid = amountOf(row, 'price', digits, problems);
  if (paid === null && row.get('price') === '') problems.at(row, 'price', 'A price is required');
  const compareAt = amountOf(row, 'compareAt', digits, problems);
  const onSale = compareAt !== null && paid !== null && compareAt > paid;
  const quantity = quantityOf(row, 'inventoryQty', problems);
  // Older files say who tracks stock ("shopify" or empty); newer ones only give the quantity.
  const tracked =
    row.get('inventoryTracker') !== '' || (!row.has('inventoryTracker') && quantity !== null);
  return {
    sku: row.get('sku'),
    price: onSale ? compareAt : (paid ?? 0),
    sale_price: onSale ? paid : null,
    track_stock: tracked,
    stock: tracked ? (quantity ?? 0) : 0,
    has_shipping: booleanOf(row, 'requiresShipping', true, problems),
    shipping: shippingOf(row, problems),
  };
}

const isVariantRow = (row: Row) =>
  OPTION_KEYS.some(([, value]) => row.get(value) !== '') || row.get('price') !== '';

function optionNamesOf(first: Row): string[] {
  const names = OPTION_KEYS.map(([name]) => first.get(name));
  const last = names.findLastIndex((name) => name !== '');
  return names.slice(0, last + 1).map((name, i) => name || `Option ${i + 1}`);
}

function readVariants(rows: Row[], names: string[], digits: number, problems: Problems) {
  const variants: VariantDraft[] = [];
  const seen = new Map<string, number>();
  const values = names.map(() => new Map<string, string>());
  for (const row of rows.filter(isVariantRow)) {
    const optionValues = names.map((_, i) => {
      const [, key] = OPTION_KEYS[i] ?? OPTION_KEYS[0];
      const value = row.get(key);
      if (value === '') problems.at(row, key, `Every variant needs a value for ${names[i]}`);
      const known = values[i]?.get(value.toLowerCase());
      if (known) return known;
      values[i]?.set(value.toLowerCase(), value);
      return value;
    });
    const combination = optionValues.join('\u0000').toLowerCase();
    const earlier = seen.get(combination);
    if (earlier !== undefined) {
      problems.add(
        row,
        row.column('option1Value'),
        'CSV_DUPLICATE_VARIANT',
        `The options ${optionValues.join(' / ')} are already a variant on line ${earlier}`,
      );
    }
    seen.set(combination, row.line);
    const image = row.get('variantImage');
    variants.push({
      ...sellableOf(row, digits, problems),
      option_values: optionValues,
      image: image || null,
    });
  }
  const options = names.map((name, i) => ({ name, values: [...(values[i]?.values() ?? [])] }));
  return { options, variants };
}

function imagesOf(rows: Row[]): ImageDraft[] {
  const images = rows
    .filter((row) => row.get('imageSrc') !== '')
    .map((row, order) => ({
      src: row.get('imageSrc'),
      alt: row.get('imageAlt'),
      line: row.line,
      column: row.column('imageSrc'),
      position: Number(row.get('imagePosition')) || 1_000_000 + order,
    }));
  images.sort((a, b) => a.position - b.position);
  const seen = new Set<string>();
  return images
    .filter((image) => !seen.has(image.src) && seen.add(image.src))
    .map(({ position: _, ...image }) => image);
}

/**
 * The category names one column gives a product, the primary first: Type (one name), Product
 * Category (the last level of Shopify's taxonomy path, "Apparel & Accessories > Clothing >
 * Shirts" → "Shirts") or Collection (comma-separated, each once in any case).
 */
export function categoryNamesOf(first: Row, source: Exclude<CategorySource, 'none'>): string[] {
  if (source === 'type') return first.get('type') ? [first.get('type')] : [];
  if (source === 'product_category') {
    const last = first.get('productCategory').split('>').pop()?.trim() ?? '';
    return last ? [last] : [];
  }
  const seen = new Set<string>();
  return tagsOfCell(first.get('collection')).filter(
    (name) => !seen.has(name.toLowerCase()) && seen.add(name.toLowerCase()),
  );
}

/** The Tags cell as the product's tags, checked by the products' own rule. */
function tagsOf(row: Row, problems: Problems): Partial<ProductDraft['fields']> {
  if (!row.has('tags')) return {};
  try {
    return { tags: normaliseTags(tagsOfCell(row.get('tags'))) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    problems.add(row, row.column('tags'), error.code, error.details?.[0]?.message ?? error.message);
    return {};
  }
}

/** A variant product's own parcel (ours has one beside its variants'), as JSON in a metafield column. */
function productShippingOf(row: Row, problems: Problems) {
  const raw = row.get('productShipping');
  if (raw === '') return {};
  try {
    const parsed = JSON.parse(raw) as { has_shipping: boolean; shipping: Shipping | null };
    if (typeof parsed.has_shipping !== 'boolean') throw new Error('no has_shipping');
    return { has_shipping: parsed.has_shipping, shipping: parsed.shipping ?? null };
  } catch {
    problems.at(row, 'productShipping', 'Expected {"has_shipping": true, "shipping": {…}}');
    return {};
  }
}

/** Vendor, SEO Title and SEO Description: each one the file has, within the API's limits. */
function seoOf(row: Row, problems: Problems): Partial<ProductDraft['fields']> {
  const fields: Array<[ColumnKey, 'vendor' | 'seo_title' | 'seo_description', number]> = [
    ['vendor', 'vendor', MAX_VENDOR],
    ['seoTitle', 'seo_title', MAX_SEO_TITLE],
    ['seoDescription', 'seo_description', MAX_SEO_DESCRIPTION],
  ];
  return Object.fromEntries(
    fields
      .filter(([key]) => row.has(key))
      .map(([key, field, max]) => [field, textOf(row, key, max, problems)]),
  );
}

const sellableOnly = (variant: VariantDraft | undefined): Sellable | null => {
  if (!variant) return null;
  const { option_values: _, image: __, ...sellable } = variant;
  return sellable;
};

/** Reads one product's rows; its problems (with line and column) when it cannot be imported. */
export function mapProduct(rows: Row[], digits: number, categoriesFrom: CategorySource): MapResult {
  const first = rows[0];
  if (!first) throw new Error('a product has at least one row');
  const handle = first.get('handle');
  const problems = new Problems(handle);
  const slug = slugOfHandle(handle);
  if (!slug) problems.at(first, 'handle', `"${handle}" cannot be a URL handle`);
  const title = first.get('title');
  if (title === '') problems.at(first, 'title', 'The first row of a product needs a Title');
  const names = optionNamesOf(first);
  const read = readVariants(rows, names, digits, problems);
  const single = read.variants.length <= 1 && names.length <= 1;
  const isDefault = single && (names.length === 0 || names[0]?.toLowerCase() === 'title');
  if (read.variants.length === 0) {
    problems.at(first, 'price', 'A product needs at least one row with a price');
  }
  const images = imagesOf(rows);
  for (const variant of read.variants) {
    if (variant.image && !images.some((image) => image.src === variant.image)) {
      images.push({ src: variant.image, alt: '', line: first.line, column: 'Variant Image' });
    }
  }
  const draft: ProductDraft = {
    handle,
    line: first.line,
    fields: {
      title,
      slug: slug ?? '',
      description: first.get('body'),
      status: statusOf(first, problems),
      featured: booleanOf(first, 'featured', false, problems),
      ...seoOf(first, problems),
      ...(first.has('productSku') ? { sku: first.get('productSku') } : {}),
      ...productShippingOf(first, problems),
      ...tagsOf(first, problems),
    },
    sellable: isDefault ? sellableOnly(read.variants[0]) : null,
    options: isDefault ? [] : read.options,
    variants: isDefault ? [] : read.variants,
    images,
    categories: categoriesFrom === 'none' ? null : categoryNamesOf(first, categoriesFrom),
  };
  return problems.list.length > 0 ? { problems: problems.list } : { draft };
}
