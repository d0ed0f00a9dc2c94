import { unguardFormula } from '../../../lib/csv';

/**
 * The columns of Shopify's product CSV, as every era of it spells them: the classic export
 * ("Variant Price", "Body (HTML)") and the 2025 template ("Price", "Description"). Headers
 * match case- and space-insensitively. Columns we do not map are ignored and named in the
 * import's notes.
 */

/** The columns an import reads, each with the header spellings that name it. */
export const COLUMNS = {
  handle: ['Handle', 'URL handle'],
  title: ['Title'],
  body: ['Body (HTML)', 'Body HTML', 'Description'],
  productCategory: ['Product Category', 'Standard Product Type', 'Standardized Product Type'],
  type: ['Type', 'Custom Product Type'],
  tags: ['Tags'],
  /** Shopify's own export has none; older templates and export apps write one (comma-separated). */
  collection: ['Collection', 'Collections', 'Custom Collections'],
  published: ['Published', 'Published on online store'],
  option1Name: ['Option1 Name'],
  option1Value: ['Option1 Value'],
  option2Name: ['Option2 Name'],
  option2Value: ['Option2 Value'],
  option3Name: ['Option3 Name'],
  option3Value: ['Option3 Value'],
  sku: ['Variant SKU', 'SKU'],
  grams: ['Variant Grams', 'Weight value (grams)'],
  inventoryTracker: ['Variant Inventory Tracker'],
  inventoryQty: ['Variant Inventory Qty', 'Variant Inventory Quantity', 'Inventory quantity'],
  price: ['Variant Price', 'Price'],
  compareAt: ['Variant Compare At Price', 'Compare-at price', 'Compare At Price'],
  requiresShipping: ['Variant Requires Shipping', 'Requires shipping'],
  weightUnit: ['Variant Weight Unit', 'Weight unit for display'],
  imageSrc: ['Image Src', 'Product image URL'],
  imagePosition: ['Image Position'],
  imageAlt: ['Image Alt Text'],
  variantImage: ['Variant Image', 'Variant image URL'],
  status: ['Status'],
  vendor: ['Vendor'],
  seoTitle: ['SEO Title'],
  seoDescription: ['SEO Description'],
  // This catalogue's own fields, written as metafield columns (Shopify keeps them as metafields).
  featured: ['Featured (product.metafields.storefront.featured)'],
  productSku: ['Product SKU (product.metafields.storefront.sku)'],
  productShipping: ['Product Shipping (product.metafields.storefront.shipping)'],
  length: ['Variant Length (variant.metafields.storefront.length)'],
  width: ['Variant Width (variant.metafields.storefront.width)'],
  height: ['Variant Height (variant.metafields.storefront.height)'],
  measurementUnit: ['Variant Measurement Unit (variant.metafields.storefront.measurement_unit)'],
} as const;

export type ColumnKey = keyof typeof COLUMNS;

/** Columns Shopify writes that have no counterpart here, with why they are left out. */
const IGNORED: Array<[RegExp, string]> = [
  [/\(product\.metafields\.|\(variant\.metafields\.|metafield/i, 'metafield'],
  [/^(price|compare at price|included) \/ /i, 'Markets pricing (one price per shop here)'],
  [/^google shopping \//i, 'Google Shopping feed field'],
  [/^option\d linked to$/i, 'linked metafield option'],
];

const normalise = (header: string) => header.trim().replace(/\s+/g, ' ').toLowerCase();

const SPELLINGS = new Map<string, ColumnKey>(
  (Object.entries(COLUMNS) as Array<[ColumnKey, readonly string[]]>).flatMap(([key, names]) =>
    names.map((name) => [normalise(name), key] as const),
  ),
);

/** A column the import leaves out, and why. */
export type IgnoredColumn = { column: string; reason: string };

/** Where each mapped column is in a file, and what was left out. */
export type HeaderMap = {
  /** The header as written (to name columns in errors). */
  headers: string[];
  index: Partial<Record<ColumnKey, number>>;
  ignored: IgnoredColumn[];
};

/** Reads a header row; the first spelling found of each column wins. Null without Handle. */
export function mapHeader(headers: string[]): HeaderMap | null {
  const index: Partial<Record<ColumnKey, number>> = {};
  const ignored: IgnoredColumn[] = [];
  headers.forEach((header, i) => {
    const key = SPELLINGS.get(normalise(header));
    if (key !== undefined && index[key] === undefined) {
      index[key] = i;
      return;
    }
    if (header.trim() === '') return;
    const known = IGNORED.find(([pattern]) => pattern.test(header));
    ignored.push({
      column: header,
      reason: key ? 'repeated column' : (known?.[1] ?? 'not a field of this catalogue'),
    });
  });
  return index.handle === undefined ? null : { headers, index, ignored };
}

/** One data row, read through a header map. */
export type Row = {
  line: number;
  get(key: ColumnKey): string;
  /** Whether the file has this column at all. */
  has(key: ColumnKey): boolean;
  /** The header of a column as the file spells it (the canonical name if it is absent). */
  column(key: ColumnKey): string;
};

export function rowOf(map: HeaderMap, fields: string[], line: number): Row {
  return {
    line,
    get: (key) => {
      const i = map.index[key];
      // A cell the export guarded against formula injection reads back as it was.
      return i === undefined ? '' : unguardFormula((fields[i] ?? '').trim());
    },
    has: (key) => map.index[key] !== undefined,
    column: (key) => {
      const i = map.index[key];
      return i === undefined ? COLUMNS[key][0] : (map.headers[i] ?? COLUMNS[key][0]);
    },
  };
}

/** The header of the export: the classic spelling, which every era of import reads. */
export const EXPORT_HEADER = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Product Category',
  'Type',
  'Tags',
  'Collection',
  'Published',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
  'Variant Grams',
  'Variant Inventory Tracker',
  'Variant Inventory Qty',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Requires Shipping',
  'Image Src',
  'Image Position',
  'Image Alt Text',
  'Variant Image',
  'Variant Weight Unit',
  'SEO Title',
  'SEO Description',
  'Status',
  ...(
    [
      'featured',
      'productSku',
      'productShipping',
      'length',
      'width',
      'height',
      'measurementUnit',
    ] as const
  ).map((key) => COLUMNS[key][0]),
];

/** The export writes its lines with the shared CSV writer, which guards formula cells. */
export { csvLine } from '../../../lib/csv';
