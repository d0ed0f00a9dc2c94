import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { arrayOf } from '../../db/json';
import {
  productOptions,
  productOptionValues,
  productVariants,
  type ShippingDimensions,
  variantMedia,
} from '../../db/schema/index';
import type { PlannedVariant, VariantPlan } from './admin-plan';
import { stockMovedSince } from './admin-writes';

/*
 * The statements that make a product's options and variants what a variant plan says, each
 * filtered by shop; kept variants keep their ids.
 */

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

/**
 * Changes the kept variants (one statement); their stock only where `stock` is given, and
 * with `stockSeen` only while it is still what was seen (else 412, nothing written).
 */
async function updateVariants(
  tx: Tx,
  shopId: string,
  productId: string,
  rows: VariantRow[],
  stockSeen?: Map<string, number>,
) {
  if (rows.length === 0) return;
  const data = rows.map((r) => ({ ...r, seen: r.stock === null ? null : stockSeen?.get(r.id) }));
  const result =
    await tx.execute(sql`update product_variants v set key = d.key, position = d.position,
      sku = d.sku, price_minor = d.price_minor, sale_price_minor = d.sale_price_minor,
      sale_starts_at = d.sale_starts_at, sale_ends_at = d.sale_ends_at,
      track_stock = d.track_stock, stock = coalesce(d.stock, v.stock),
      has_shipping = d.has_shipping, shipping = d.shipping, active = d.active, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(data)}::jsonb) as d(id uuid, key text,
      position int, sku text, price_minor int, sale_price_minor int,
      sale_starts_at timestamptz, sale_ends_at timestamptz, track_stock boolean, stock int,
      has_shipping boolean, shipping jsonb, active boolean, seen int)
    where v.shop_id = ${shopId} and v.product_id = ${productId} and v.id = d.id
      and (d.seen is null or v.stock = d.seen)
    returning v.id`);
  if (stockSeen && result.rows.length < rows.length) throw stockMovedSince();
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
 * Deletes variants, carrying their stock moves into the product's own version so the
 * version the API shows never falls (one statement).
 */
async function retireVariants(tx: Tx, shopId: string, productId: string, ids: string[]) {
  await tx.execute(sql`with gone as (
      delete from product_variants where shop_id = ${shopId} and id = any(${arrayOf(ids, 'uuid')})
      returning stock_moves)
    update products set version = version + (select coalesce(sum(stock_moves), 0) from gone)
    where shop_id = ${shopId} and id = ${productId}`);
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
  stockSeen?: Map<string, number>,
) {
  if (plan.removed.length > 0) await retireVariants(tx, shopId, productId, plan.removed);
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
    stockSeen,
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
