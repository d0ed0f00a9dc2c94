/*
 * A product as the CSV reader makes it (csv/mapper.ts) and the writer upserts it
 * (writer.ts): images and categories still named by URL and name, not yet ids.
 */

export type Shipping = {
  weight: number;
  length: number;
  width: number;
  height: number;
  weight_unit: string;
  measurement_unit: string;
};

/** Price, sale, stock and shipping: on the product without options, else on each variant. */
export type Sellable = {
  sku: string;
  price: number;
  sale_price: number | null;
  track_stock: boolean;
  stock: number;
  has_shipping: boolean;
  shipping: Shipping | null;
};

export type VariantDraft = Sellable & { option_values: string[]; image: string | null };

export type ImageDraft = { src: string; alt: string; line: number; column: string };

/** A product as read from the file, before its images and categories are resolved. */
export type ProductDraft = {
  handle: string;
  line: number;
  fields: {
    title: string;
    slug: string;
    description: string;
    status: 'published' | 'draft' | 'archived';
    featured: boolean;
    /** Set only when the file has the column: a file without it leaves the product's as is. */
    vendor?: string;
    seo_title?: string;
    seo_description?: string;
    /** The product's own SKU beside its variants' (ours has one; Shopify's has none). */
    sku?: string;
    has_shipping?: boolean;
    shipping?: Shipping | null;
    /** The product's tags (never categories); set only when the file has a Tags column. */
    tags?: string[];
  };
  /** Set when the product has no options (Shopify's single "Default Title" variant). */
  sellable: Sellable | null;
  options: Array<{ name: string; values: string[] }>;
  variants: VariantDraft[];
  images: ImageDraft[];
  /**
   * The names of the product's categories from the chosen column, the primary first; null
   * when the import leaves categories as they are (`none`).
   */
  categories: string[] | null;
};
