import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { arrayOf } from '../../db/json';
import {
  productCategories,
  productMedia,
  productOptions,
  productOptionValues,
  productSlugRedirects,
  products,
  productVariants,
  type ShippingDimensions,
  variantMedia,
} from '../../db/schema/index';
import type { PlannedVariant, VariantPlan } from './admin-plan';
import type { Product } from './admin-schemas';

/*
 * The statements of a product write, each filtered by shop. The verbs (service.ts) decide
 * which run; a statement with nothing to do is not sent.
 */

export type ProductValues = Partial<Omit<typeof products.$inferInsert, 'id' | 'shopId'>>;
type ShippingView = NonNullable<Product['shipping']>;

/** Parcel dimensions as stored (camelCase), from the API's shape. */
export const storedShipping = (s: ShippingView | null): ShippingDimensions | null =>
  s && {
    weight: s.weight,
    length: s.length,
    width: s.width,
    height: s.height,
    weightUnit: s.weight_unit,
    measurementUnit: s.measurement_unit,
  };

export async function insertProduct(tx: Tx, shopId: string, values: ProductValues) {
  const [row] = await tx
    .insert(products)
    .values({ title: '', slug: '', ...values, shopId })
    .returning({ id: products.id });
  if (!row) throw new Error('the product was not inserted');
  return row.id;
}

/** Sets the product's own columns, leaving `version` to bumpVersion. */
export async function updateProductRow(tx: Tx, shopId: string, id: string, values: ProductValues) {
  if (Object.keys(values).length === 0) return;
  await tx
    .update(products)
    .set(values)
    .where(and(eq(products.shopId, shopId), eq(products.id, id)));
}

/** Raises the product's version (a change the API shows); returns the new version. */
export async function bumpVersion(tx: Tx, shopId: string, id: string) {
  const [row] = await tx
    .update(products)
    .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(products.shopId, shopId), eq(products.id, id)))
    .returning({ version: products.version, updatedAt: products.updatedAt });
  if (!row) throw new Error('a locked product vanished');
  return row;
}

/** Makes `ids` the product's categories, in this order (one statement). */
export async function replaceCategories(tx: Tx, shopId: string, productId: string, ids: string[]) {
  const rows = JSON.stringify(ids.map((id, position) => ({ id, position })));
  await tx.execute(sql`with gone as (
      delete from product_categories where shop_id = ${shopId} and product_id = ${productId}
        and not (category_id = any(${arrayOf(ids, 'uuid')})))
    insert into ${productCategories} (shop_id, product_id, category_id, position)
    select ${shopId}, ${productId}, r.id, r.position
    from jsonb_to_recordset(${rows}::jsonb) as r(id uuid, position int)
    on conflict (product_id, category_id) do update set position = excluded.position`);
}

export type MediaRef = { media_id: string; position?: number | undefined };
const mediaRows = (refs: MediaRef[]) =>
  JSON.stringify(refs.map((m, i) => ({ id: m.media_id, position: m.position ?? i })));

/** Makes `refs` the product's images (one statement). */
export async function replaceMedia(tx: Tx, shopId: string, productId: string, refs: MediaRef[]) {
  const ids = refs.map((m) => m.media_id);
  await tx.execute(sql`with gone as (
      delete from product_media where shop_id = ${shopId} and product_id = ${productId}
        and not (media_id = any(${arrayOf(ids, 'uuid')})))
    insert into ${productMedia} (shop_id, product_id, media_id, position)
    select ${shopId}, ${productId}, r.id, r.position
    from jsonb_to_recordset(${mediaRows(refs)}::jsonb) as r(id uuid, position int)
    on conflict (product_id, media_id) do update set position = excluded.position`);
}

/**
 * Attaches the shop's digital files `ids` to the product and detaches (deactivates) the
 * product's others: buyers keep their grants, but a detached file is no longer served.
 */
export async function attachFiles(tx: Tx, shopId: string, productId: string, ids: string[]) {
  await tx.execute(sql`update digital_files set product_id = ${productId},
      active = (id = any(${arrayOf(ids, 'uuid')}))
    where shop_id = ${shopId} and (id = any(${arrayOf(ids, 'uuid')}) or product_id = ${productId})`);
}

/**
 * The slug `slug` is now the product's: a redirect of that slug (another product's old
 * one) goes; when `previous` is given, that old slug now redirects to the product.
 */
export async function claimSlug(
  tx: Tx,
  shopId: string,
  productId: string,
  slug: string,
  previous: string | null,
) {
  if (previous === null) {
    await tx
      .delete(productSlugRedirects)
      .where(and(eq(productSlugRedirects.shopId, shopId), eq(productSlugRedirects.slug, slug)));
    return;
  }
  await tx.execute(sql`with gone as (
      delete from product_slug_redirects where shop_id = ${shopId} and slug = ${slug})
    insert into ${productSlugRedirects} (shop_id, slug, product_id)
    values (${shopId}, ${previous}, ${productId})
    on conflict (shop_id, slug) do update set product_id = excluded.product_id,
      created_at = now()`);
}

/** A variant's stored columns, `stock` null to keep what is on hand. */
export type VariantRow = {
  id: string;
  key: string;
  position: number;
  sku: string;
  price_minor: number;
  sale_price_minor: number | null;
  sale_starts_at: string | null;
  sale_ends_at: string | null;
  track_stock: boolean;
  stock: number | null;
  has_shipping: boolean;
  shipping: ShippingDimensions | null;
  active: boolean;
};

async function writeOptions(tx: Tx, shopId: string, productId: string, plan: VariantPlan) {
  const optionIds = plan.options.map((o) => o.id);
  const valueIds = plan.options.flatMap((o) => o.values.map((v) => v.id));
  await tx
    .delete(productOptions)
    .where(
      and(
        eq(productOptions.shopId, shopId),
        eq(productOptions.productId, productId),
        optionIds.length ? notInArray(productOptions.id, optionIds) : undefined,
      ),
    );
  if (optionIds.length === 0) return;
  await tx.execute(sql`delete from product_option_values where shop_id = ${shopId}
    and option_id = any(${arrayOf(optionIds, 'uuid')}) and not (id = any(${arrayOf(valueIds, 'uuid')}))`);
  await tx
    .insert(productOptions)
    .values(
      plan.options.map((o) => ({
        id: o.id,
        shopId,
        productId,
        name: o.name,
        position: o.position,
      })),
    )
    .onConflictDoUpdate({
      target: productOptions.id,
      set: { name: sql`excluded.name`, position: sql`excluded.position` },
    });
  await tx
    .insert(productOptionValues)
    .values(
      plan.options.flatMap((o) =>
        o.values.map((v) => ({
          id: v.id,
          shopId,
          optionId: o.id,
          value: v.value,
          position: v.position,
        })),
      ),
    )
    .onConflictDoUpdate({
      target: productOptionValues.id,
      set: { value: sql`excluded.value`, position: sql`excluded.position` },
    });
}

/** Changes the kept variants (one statement); their stock only where `stock` is given. */
async function updateVariants(tx: Tx, shopId: string, productId: string, rows: VariantRow[]) {
  if (rows.length === 0) return;
  await tx.execute(sql`update product_variants v set key = d.key, position = d.position,
      sku = d.sku, price_minor = d.price_minor, sale_price_minor = d.sale_price_minor,
      sale_starts_at = d.sale_starts_at, sale_ends_at = d.sale_ends_at,
      track_stock = d.track_stock, stock = coalesce(d.stock, v.stock),
      has_shipping = d.has_shipping, shipping = d.shipping, active = d.active, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as d(id uuid, key text,
      position int, sku text, price_minor int, sale_price_minor int,
      sale_starts_at timestamptz, sale_ends_at timestamptz, track_stock boolean, stock int,
      has_shipping boolean, shipping jsonb, active boolean)
    where v.shop_id = ${shopId} and v.product_id = ${productId} and v.id = d.id`);
}

/** Replaces the images of the variants whose request gave `media`. */
async function writeVariantMedia(tx: Tx, shopId: string, variants: PlannedVariant[]) {
  const given = variants.filter((v) => v.input.media !== undefined);
  if (given.length === 0) return;
  const rows = given.flatMap((v) =>
    (v.input.media ?? []).map((m, i) => ({ v: v.id, m: m.media_id, position: m.position ?? i })),
  );
  await tx.execute(sql`with gone as (
      delete from variant_media vm where vm.shop_id = ${shopId}
        and vm.variant_id = any(${arrayOf(
          given.map((v) => v.id),
          'uuid',
        )})
        and not exists (select 1 from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(v uuid, m uuid, position int) where r.v = vm.variant_id and r.m = vm.media_id))
    insert into ${variantMedia} (shop_id, variant_id, media_id, position)
    select ${shopId}, r.v, r.m, r.position
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(v uuid, m uuid, position int)
    on conflict (variant_id, media_id) do update set position = excluded.position`);
}

/**
 * Applies a variant plan: removed variants go, options and values are made what the plan
 * says, kept variants change in place (their ids stay) and new ones are added.
 */
export async function applyVariantPlan(
  tx: Tx,
  shopId: string,
  productId: string,
  plan: VariantPlan,
  rows: VariantRow[],
  currentKeys: Map<string, string>,
) {
  if (plan.removed.length > 0) {
    await tx
      .delete(productVariants)
      .where(and(eq(productVariants.shopId, shopId), inArray(productVariants.id, plan.removed)));
  }
  const rekeyed = rows.filter((r) => currentKeys.has(r.id) && currentKeys.get(r.id) !== r.key);
  if (rekeyed.length > 1) {
    // Keys are unique per product at every row: park the moving ones on their own ids first.
    await tx
      .update(productVariants)
      .set({ key: sql`${productVariants.id}::text` })
      .where(
        and(
          eq(productVariants.shopId, shopId),
          inArray(
            productVariants.id,
            rekeyed.map((r) => r.id),
          ),
        ),
      );
  }
  await writeOptions(tx, shopId, productId, plan);
  await updateVariants(
    tx,
    shopId,
    productId,
    rows.filter((r) => currentKeys.has(r.id)),
  );
  const added = rows.filter((r) => !currentKeys.has(r.id));
  if (added.length > 0) {
    await tx.insert(productVariants).values(
      added.map((r) => ({
        id: r.id,
        shopId,
        productId,
        key: r.key,
        position: r.position,
        sku: r.sku,
        priceMinor: r.price_minor,
        salePriceMinor: r.sale_price_minor,
        saleStartsAt: r.sale_starts_at ? new Date(r.sale_starts_at) : null,
        saleEndsAt: r.sale_ends_at ? new Date(r.sale_ends_at) : null,
        trackStock: r.track_stock,
        stock: r.stock ?? 0,
        hasShipping: r.has_shipping,
        shipping: r.shipping,
        active: r.active,
      })),
    );
  }
  await writeVariantMedia(tx, shopId, plan.variants);
}
