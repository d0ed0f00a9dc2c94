import { unchanged } from '../../admin-kit/audit';
import { type ListParams, listPage } from '../../admin-kit/list';
import type { WriteScope } from '../../admin-kit/write';
import type { ShopContext } from '../../app-env';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { products } from '../../db/schema/index';
import { ApiError, type ErrorCode } from '../../errors/index';
import { defined } from '../../lib/defined';
import { attachFiles } from '../digital-files/queries';
import { emitFromWrite } from '../webhooks/service';
import { checkAgainstShop, slugify } from './admin-checks';
import type { ProductListQuery } from './admin-list-schemas';
import { planVariants, refuse, saleProblems, type VariantPlan } from './admin-plan';
import type { Product, ProductInput, ProductUpdate, Warning } from './admin-schemas';
import { applyVariantPlan, type VariantRow } from './admin-variant-writes';
import { lockProductBySlug, selectProductPage, selectProductView } from './admin-view';
import {
  bumpVersion,
  claimSlug,
  insertProduct,
  type ProductValues,
  replaceCategories,
  replaceMedia,
  storedShipping,
  updateProductRow,
} from './admin-writes';
import { normaliseTags } from './tags';

const TYPE = 'product';

/** The codes each merchant verb can raise; routes document them from here. */
export const RAISES = {
  getProduct: ['PRODUCT_NOT_FOUND'],
  createProduct: [
    'PRODUCT_SLUG_TAKEN',
    'VARIANT_COMBINATION_DUPLICATE',
    'PRODUCT_TAG_INVALID',
    'PRODUCT_TAGS_TOO_MANY',
  ],
  updateProduct: [
    'PRODUCT_NOT_FOUND',
    'PRODUCT_SLUG_TAKEN',
    'VARIANT_COMBINATION_DUPLICATE',
    'PRODUCT_TAG_INVALID',
    'PRODUCT_TAGS_TOO_MANY',
  ],
  deleteProduct: ['PRODUCT_NOT_FOUND'],
} as const satisfies Record<string, readonly ErrorCode[]>;

/** A write's answer: the product after it, and what is worth a look. */
export type ProductWrite = Product & { warnings: Warning[] };

const date = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : new Date(value);

/** The product's own columns a request sets; fields left out are left out. */
const productValues = (input: ProductUpdate): ProductValues =>
  defined({
    title: input.title,
    slug: input.slug,
    description: input.description,
    status: input.status,
    featured: input.featured,
    seoTitle: input.seo_title,
    seoDescription: input.seo_description,
    vendor: input.vendor,
    tags: input.tags === undefined ? undefined : normaliseTags(input.tags),
    primaryCategoryId: input.primary_category_id,
    sku: input.sku,
    priceMinor: input.price,
    salePriceMinor: input.sale_price,
    saleStartsAt: date(input.sale_starts_at),
    saleEndsAt: date(input.sale_ends_at),
    trackStock: input.track_stock,
    stock: input.stock,
    hasShipping: input.has_shipping,
    shipping: input.shipping === undefined ? undefined : storedShipping(input.shipping),
    isDigital: input.is_digital,
  });

const pick = <T>(given: T | undefined, current: T): T => (given === undefined ? current : given);

/** The stored rows of the planned variants: given fields over the current ones. */
function variantRows(plan: VariantPlan, current: Product | null): VariantRow[] {
  return plan.variants.map((v) => {
    const was = current?.variants.find((c) => c.id === v.id);
    const i = v.input;
    const price = pick(i.price, was?.price ?? 0) ?? 0;
    return {
      id: v.id,
      key: v.key,
      position: v.position,
      sku: pick(i.sku, was?.sku ?? ''),
      price_minor: price,
      sale_price_minor: pick(i.sale_price, was?.sale_price ?? null),
      sale_starts_at: pick(i.sale_starts_at, was?.sale_starts_at ?? null),
      sale_ends_at: pick(i.sale_ends_at, was?.sale_ends_at ?? null),
      track_stock: pick(i.track_stock, was?.track_stock ?? true),
      stock: i.stock ?? (was ? null : 0),
      has_shipping: pick(i.has_shipping, was?.has_shipping ?? true),
      shipping: storedShipping(pick(i.shipping, was?.shipping ?? null)),
      active: pick(i.active, was?.active ?? true),
    };
  });
}

/** Sale problems of the request's own sale fields and of each variant it gives. */
function checkSales(input: ProductUpdate, current: Product | null, rows: VariantRow[]) {
  const own = saleProblems(
    {
      price: pick(input.price, current?.price ?? null),
      sale_price: pick(input.sale_price, current?.sale_price ?? null),
      sale_starts_at: pick(input.sale_starts_at, current?.sale_starts_at ?? null),
      sale_ends_at: pick(input.sale_ends_at, current?.sale_ends_at ?? null),
    },
    '',
  );
  const touched = ['price', 'sale_price', 'sale_starts_at', 'sale_ends_at'].some(
    (field) => field in input,
  );
  const variants = rows.flatMap((r, i) =>
    saleProblems(
      {
        price: r.price_minor,
        sale_price: r.sale_price_minor,
        sale_starts_at: r.sale_starts_at,
        sale_ends_at: r.sale_ends_at,
      },
      `variants.${i}.`,
    ),
  );
  refuse([...(touched ? own : []), ...variants]);
}

/** Writes the links, options and variants the request gives (the product row exists). */
async function writeChildren(
  w: WriteScope,
  id: string,
  input: ProductUpdate,
  plan: VariantPlan | null,
  rows: VariantRow[],
  current: Product | null,
) {
  const shopId = w.shop.id;
  if (input.category_ids) await replaceCategories(w.tx, shopId, id, input.category_ids);
  if (input.media) await replaceMedia(w.tx, shopId, id, input.media);
  if (plan) {
    const keys = new Map((current?.variants ?? []).map((v) => [v.id, v.key]));
    await applyVariantPlan(w.tx, shopId, id, plan, rows, keys, stockSeen(w, current));
  }
  if (input.digital_file_ids) await attachFiles(w.tx, shopId, id, input.digital_file_ids);
}

/**
 * The variants' units on hand the request's version showed, when it named one (If-Match):
 * a variant stock it sets is written only while it is still that, so a sale made between the
 * version check and the write is refused (412), never overwritten. (A product without
 * variants needs no such guard: its row, which sales change, is locked by lockCurrent.)
 */
function stockSeen(w: WriteScope, current: Product | null): Map<string, number> | undefined {
  if (!w.versioned || !current) return undefined;
  return new Map(current.variants.map((v) => [v.id, v.stock]));
}

/** Turns the unique slug index refusing a racing write into the same 409 as the check. */
async function slugGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ApiError('PRODUCT_SLUG_TAKEN', {
      details: [{ field: 'slug', message: 'Another product of the shop has this slug.' }],
    });
  }
}

/** Creates a product with its links, options, variants and files, in the write's transaction. */
export async function createProduct(w: WriteScope, input: ProductInput): Promise<ProductWrite> {
  const plan = planVariants(null, input);
  const rows = plan ? variantRows(plan, null) : [];
  checkSales(input, null, rows);
  const checked = await checkAgainstShop(w.tx, w.shop.id, {
    productId: null,
    input,
    slug: input.slug ?? slugify(input.title),
    generated: input.slug === undefined,
  });
  const slug = checked.slug ?? slugify(input.title);
  const id = await slugGuard(() =>
    insertProduct(w.tx, w.shop.id, { ...productValues(input), title: input.title, slug }),
  );
  await writeChildren(w, id, input, plan, rows, null);
  await claimSlug(w.tx, w.shop.id, id, slug, null);
  const product = await selectProductView(w.tx, w.shop.id, id);
  if (!product) throw new Error('a created product vanished');
  await w.audit({
    action: 'create',
    resourceType: TYPE,
    resourceId: id,
    before: null,
    after: product,
  });
  return { ...product, warnings: checked.warnings };
}

/** The product, locked for this write, at the version If-Match names. */
export async function lockCurrent(w: WriteScope, id: string): Promise<Product> {
  const current = await selectProductView(w.tx, w.shop.id, id, { lock: true });
  if (!current) throw new ApiError('PRODUCT_NOT_FOUND');
  w.expectVersion(current.version);
  return current;
}

/**
 * Applies a request to a locked product. A request that changes nothing the API shows
 * raises no version and writes no audit record (`changed: false`).
 */
export async function applyUpdate(w: WriteScope, current: Product, input: ProductUpdate) {
  const plan = planVariants(current, input);
  const rows = plan ? variantRows(plan, current) : [];
  checkSales(input, current, rows);
  const newSlug = input.slug !== undefined && input.slug !== current.slug ? input.slug : null;
  const { warnings } = await checkAgainstShop(w.tx, w.shop.id, {
    productId: current.id,
    input,
    slug: newSlug,
    generated: false,
  });
  await slugGuard(() => updateProductRow(w.tx, w.shop.id, current.id, productValues(input)));
  await writeChildren(w, current.id, input, plan, rows, current);
  if (newSlug) await claimSlug(w.tx, w.shop.id, current.id, newSlug, current.slug);
  const after = await selectProductView(w.tx, w.shop.id, current.id);
  if (!after) throw new Error('a locked product vanished');
  if (unchanged(current, after)) return { product: current, warnings, changed: false };
  const bumped = await bumpVersion(w.tx, w.shop.id, current.id);
  const product = { ...after, version: bumped.version, updated_at: bumped.updatedAt.toISOString() };
  await w.audit({
    action: 'update',
    resourceType: TYPE,
    resourceId: current.id,
    before: current,
    after: product,
  });
  await emitFromWrite(w, 'product.updated', product);
  return { product, warnings, changed: true };
}

/**
 * PATCH: changes the given fields; `options` and `variants`, when given, replace the
 * product's (variants matched by id or option values keep their ids).
 */
export async function updateProduct(
  w: WriteScope,
  id: string,
  input: ProductUpdate,
): Promise<ProductWrite> {
  const result = await applyUpdate(w, await lockCurrent(w, id), input);
  return { ...result.product, warnings: result.warnings };
}

/**
 * The import entry point (Shopify CSV): creates the product whose slug (handle) is
 * `input.slug`, or the title's slug, or updates the product that has it. `unchanged` when
 * the product already is as the input says (no version, no audit record).
 */
export async function upsertProductByHandle(
  w: WriteScope,
  input: ProductInput,
): Promise<{ action: 'created' | 'updated' | 'unchanged'; product: Product; warnings: Warning[] }> {
  const slug = input.slug ?? slugify(input.title);
  const id = await lockProductBySlug(w.tx, w.shop.id, slug);
  if (!id) {
    const { warnings, ...product } = await createProduct(w, { ...input, slug });
    return { action: 'created', product, warnings };
  }
  const result = await applyUpdate(w, await lockCurrent(w, id), { ...input, slug });
  const action = result.changed ? 'updated' : 'unchanged';
  return { action, product: result.product, warnings: result.warnings };
}

export async function getProduct(db: Db, shop: ShopContext, id: string): Promise<Product> {
  const product = await selectProductView(db, shop.id, id);
  if (!product) throw new ApiError('PRODUCT_NOT_FOUND');
  return product;
}

export async function listProducts(db: Db, shop: ShopContext, query: ProductListQuery) {
  const { status, category, tag, query: text, ...params } = query;
  const page = await listPage(db, products, shop.id, params as ListParams, (keyset) =>
    selectProductPage(db, keyset, { shopId: shop.id, status, category, tag, query: text }),
  );
  return { data: page.rows, hasMore: page.hasMore };
}
