import { createHash, randomUUID } from 'node:crypto';
import * as s from '../../src/db/schema';
import type { SeedDb } from './index';

/** A storage object the local stack writes into its bucket (images and digital files). */
export type SeedObject = { key: string; contentType: string; body: Uint8Array | string };

/** Tables a shop's rows go into, in an order that satisfies every foreign key. */
const TABLES = {
  shops: s.shops,
  apiKeys: s.apiKeys,
  merchantKeys: s.merchantKeys,
  shopDomains: s.shopDomains,
  media: s.media,
  shopSettings: s.shopSettings,
  shippingRates: s.shippingRates,
  pickupLocations: s.pickupLocations,
  policies: s.policies,
  categories: s.categories,
  products: s.products,
  productCategories: s.productCategories,
  productMedia: s.productMedia,
  productOptions: s.productOptions,
  productOptionValues: s.productOptionValues,
  productVariants: s.productVariants,
  variantMedia: s.variantMedia,
  digitalFiles: s.digitalFiles,
  contentModels: s.contentModels,
  contentEntries: s.contentEntries,
  customers: s.customers,
  customerAddresses: s.customerAddresses,
  newsletterSubscriptions: s.newsletterSubscriptions,
  coupons: s.coupons,
  orderCounters: s.orderCounters,
  orders: s.orders,
  orderLines: s.orderLines,
  couponRedemptions: s.couponRedemptions,
  downloadGrants: s.downloadGrants,
  reviews: s.reviews,
} as const;

type Tables = typeof TABLES;
export type PlanRows = { [K in keyof Tables]: Array<Tables[K]['$inferInsert']> };

/** What order lines and reviews need to know about a seeded product. */
export type ProductRef = {
  id: string;
  title: string;
  sku: string;
  priceMinor: number;
  sale: SaleWindow | null;
  isDigital: boolean;
  files: Array<{ id: string; downloadLimit: number | null; downloadDays: number | null }>;
  /** Variants by their option values joined with '/', e.g. `M/Sand`. */
  variants: Map<
    string,
    { id: string; key: string; sku: string; priceMinor: number; sale: SaleWindow | null }
  >;
};

export type SaleWindow = { priceMinor: number; startsAt: Date | null; endsAt: Date | null };

export type PartyRef = {
  id: string | null;
  email: string;
  name: string;
  phone: string;
  address: { town: string; city: string; apartment: string; room: string };
};

const DAY_MS = 86_400_000;

/**
 * Every row of one shop, built in memory with client-side ids so the whole shop goes
 * into the database in one statement per table, plus the storage objects it refers to.
 */
export class ShopPlan {
  readonly rows: PlanRows = Object.fromEntries(
    Object.keys(TABLES).map((name) => [name, []]),
  ) as unknown as PlanRows;
  readonly objects: SeedObject[] = [];
  readonly products = new Map<string, ProductRef>();
  readonly categories = new Map<string, string>();
  readonly rates = new Map<string, { id: string; title: string; priceMinor: number }>();
  readonly pickups = new Map<string, { id: string; name: string; feeMinor: number }>();
  readonly coupons = new Map<string, { id: string; kind: 'percentage' | 'fixed'; value: number }>();
  readonly parties = new Map<string, PartyRef>();
  readonly orders = new Map<number, { id: string; party: PartyRef; lines: Map<string, string> }>();

  constructor(
    readonly shopId: string,
    readonly now: Date,
  ) {}

  /** `now` moved by a number of days (negative: in the past). */
  at(days: number): Date {
    return new Date(this.now.getTime() + days * DAY_MS);
  }

  /** Stores an object under `<shop_id>/media/<filename>` and returns its media id. */
  addMedia(filename: string, title: string, mimeType: string, body: string | Uint8Array): string {
    const id = randomUUID();
    this.rows.media.push({
      id,
      shopId: this.shopId,
      filename,
      mimeType,
      sizeBytes: byteLength(body),
      title,
      createdAt: this.at(-400),
    });
    this.objects.push({ key: `${this.shopId}/media/${filename}`, contentType: mimeType, body });
    return id;
  }

  product(slug: string): ProductRef {
    const found = this.products.get(slug);
    if (!found) throw new Error(`seed data refers to unknown product "${slug}"`);
    return found;
  }

  category(slug: string): string {
    const found = this.categories.get(slug);
    if (!found) throw new Error(`seed data refers to unknown category "${slug}"`);
    return found;
  }
}

/** Inserts a plan's rows, one multi-row statement per table. */
export async function insertPlan(db: SeedDb, plan: ShopPlan): Promise<void> {
  for (const name of Object.keys(TABLES) as Array<keyof Tables>) {
    const rows = plan.rows[name];
    if (rows.length === 0) continue;
    // The mapped type pairs each table with its own row type; TypeScript cannot follow
    // that pairing through a loop variable, so the pair is passed through one cast.
    await db.insert(TABLES[name] as typeof s.media).values(rows as PlanRows['media']);
  }
}

export const newId = (): string => randomUUID();

/** A UUID derived from a name: the same name gives the same id on every run. */
export function stableUuid(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/** A small deterministic number from a string (FNV-1a), for varied but repeatable data. */
export function hashOf(value: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** URL-safe slug: accents folded ("Crème" → "creme"), everything else to dashes. */
export { slugify } from '../../src/lib/slug';

const encoder = new TextEncoder();
export const byteLength = (body: string | Uint8Array): number =>
  typeof body === 'string' ? encoder.encode(body).length : body.length;
