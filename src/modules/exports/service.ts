import { type Actor, recordAudit } from '../../admin-kit/audit';
import type { Db } from '../../db/client';
import type { ShippingDimensions } from '../../db/schema';
import { csvLine, EXPORT_HEADER } from '../imports/csv/columns';
import { GRAMS_PER, round3 } from '../imports/csv/values';
import { cellOfTags } from '../products/tags';
import { mediaFileUrl } from '../storage/service';
import { type ExportProduct, selectExportPage } from './queries';

/** Products read per statement while an export streams. */
export const EXPORT_PAGE = 100;

type Cells = Partial<Record<(typeof EXPORT_HEADER)[number], string>>;

const amount = (minor: number | null, digits: number) =>
  minor === null ? '' : (minor / 10 ** digits).toFixed(digits);

/** Shopify's Price is what the customer pays; while a sale runs, Compare At is the price. */
function prices(
  item: { price: number | null; sale: number | null; on_sale: boolean },
  digits: number,
) {
  const paying = item.on_sale ? item.sale : item.price;
  return {
    'Variant Price': amount(paying, digits),
    'Variant Compare At Price': item.on_sale ? amount(item.price, digits) : '',
  };
}

function shippingCells(shipping: ShippingDimensions | null): Cells {
  if (!shipping) return {};
  const unit = shipping.weightUnit in GRAMS_PER ? shipping.weightUnit : 'g';
  return {
    'Variant Grams': String(round3(shipping.weight * (GRAMS_PER[unit] ?? 1))),
    'Variant Weight Unit': unit,
    'Variant Length (variant.metafields.storefront.length)': String(shipping.length),
    'Variant Width (variant.metafields.storefront.width)': String(shipping.width),
    'Variant Height (variant.metafields.storefront.height)': String(shipping.height),
    'Variant Measurement Unit (variant.metafields.storefront.measurement_unit)':
      shipping.measurementUnit,
  };
}

type Sellable = {
  sku: string;
  track_stock: boolean;
  stock: number;
  has_shipping: boolean;
  shipping: ShippingDimensions | null;
};

const variantCells = (v: Sellable): Cells => ({
  'Variant SKU': v.sku,
  'Variant Inventory Tracker': v.track_stock ? 'shopify' : '',
  'Variant Inventory Qty': v.track_stock ? String(v.stock) : '',
  'Variant Requires Shipping': v.has_shipping ? 'TRUE' : 'FALSE',
  ...shippingCells(v.shipping),
});

/** What a variant product carries itself, beside its variants: its SKU and parcel. */
const variantProductCells = (p: ExportProduct): Cells => ({
  'Product SKU (product.metafields.storefront.sku)': p.sku,
  'Product Shipping (product.metafields.storefront.shipping)': JSON.stringify({
    has_shipping: p.has_shipping,
    shipping: p.shipping && {
      weight: p.shipping.weight,
      length: p.shipping.length,
      width: p.shipping.width,
      height: p.shipping.height,
      weight_unit: p.shipping.weightUnit,
      measurement_unit: p.shipping.measurementUnit,
    },
  }),
});

/** The rows of one product: the first carries the product, the others variants and images. */
export function productRows(p: ExportProduct, digits: number, imageUrl: (f: string) => string) {
  const variants: Cells[] =
    p.variants.length > 0 && p.options.length > 0
      ? p.variants.map((v) => ({
          ...Object.fromEntries(
            p.options.flatMap((o, i) => [
              [`Option${i + 1} Name`, o.name],
              [`Option${i + 1} Value`, v.values[i] ?? ''],
            ]),
          ),
          ...prices(v, digits),
          ...variantCells(v),
          'Variant Image': v.image ? imageUrl(v.image) : '',
        }))
      : [
          {
            'Option1 Name': 'Title',
            'Option1 Value': 'Default Title',
            ...prices(p, digits),
            ...variantCells(p),
          },
        ];
  const images: Cells[] = p.images.map((image, i) => ({
    'Image Src': imageUrl(image.filename),
    'Image Position': String(i + 1),
    'Image Alt Text': image.alt,
  }));
  const first: Cells = {
    Title: p.title,
    'Body (HTML)': p.description,
    Vendor: p.vendor,
    'SEO Title': p.seo_title,
    'SEO Description': p.seo_description,
    Type: p.primary_category ?? '',
    Tags: cellOfTags(p.tags),
    // Every category, the primary first: importing the file again restores them all.
    Collection: [...(p.primary_category ? [p.primary_category] : []), ...p.other_categories].join(
      ', ',
    ),
    Published: p.status === 'published' ? 'TRUE' : 'FALSE',
    Status: p.status === 'published' ? 'active' : p.status,
    'Featured (product.metafields.storefront.featured)': p.featured ? 'TRUE' : 'FALSE',
    ...(p.options.length > 0 ? variantProductCells(p) : {}),
  };
  const count = Math.max(variants.length, images.length);
  let text = '';
  for (let i = 0; i < count; i++) {
    const cells: Cells = {
      Handle: p.slug,
      ...(i === 0 ? first : {}),
      ...variants[i],
      ...images[i],
    };
    text += csvLine(EXPORT_HEADER.map((column) => cells[column] ?? ''));
  }
  return text;
}

/**
 * Records in the audit log that `actor` exported the shop's catalogue, before a byte of it is
 * sent: an export copies every product out of the shop, so who took it and when is kept like
 * any write (as a created `export`). A failure to record it refuses the export.
 */
export async function auditExport(db: Db, shopId: string, actor: Actor): Promise<void> {
  const after = { object: 'export', kind: 'products', format: 'shopify_csv' };
  const change = { action: 'create' as const, resourceType: 'export', before: null, after };
  await recordAudit(db, shopId, actor, [{ ...change, resourceId: crypto.randomUUID() }]);
}

/**
 * The shop's catalogue as a Shopify product CSV, streamed: one page of products is read
 * and written at a time, so the catalogue is never held whole.
 */
export function exportProducts(
  db: Db,
  shop: { id: string; currencyDigits: number },
  mediaBase: string,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const imageUrl = (filename: string) => mediaFileUrl(mediaBase, shop.id, filename);
  let after: string | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(EXPORT_HEADER)));
        return;
      }
      const page = await selectExportPage(db, shop.id, after, EXPORT_PAGE);
      let text = '';
      for (const product of page) text += productRows(product, shop.currencyDigits, imageUrl);
      if (text) controller.enqueue(encoder.encode(text));
      const last = page.at(-1);
      if (page.length < EXPORT_PAGE || !last) controller.close();
      else after = last.id;
    },
  });
}
