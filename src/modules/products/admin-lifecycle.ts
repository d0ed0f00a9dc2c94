import { sql } from 'drizzle-orm';
import type { WriteScope } from '../../admin-kit/write';
import { ApiError, type ErrorCode } from '../../errors/index';
import { isUuid } from '../../lib/uuid';
import { emitFromWrite } from '../webhooks/service';
import { refuse } from './admin-plan';
import { MAX_STOCK, type VariantUpdate } from './admin-schemas';
import { applyUpdate, lockCurrent, type ProductWrite } from './admin-service';
import type { StockChange } from './admin-stock-schemas';
import { bumpVersion } from './admin-writes';

const TYPE = 'product' as const;

/** The codes each verb here can raise; routes document them from here. */
export const LIFECYCLE_RAISES = {
  deleteProduct: ['PRODUCT_NOT_FOUND'],
  updateVariant: [
    'PRODUCT_NOT_FOUND',
    'VARIANT_NOT_FOUND',
    'PRODUCT_SLUG_TAKEN',
    'VARIANT_COMBINATION_DUPLICATE',
  ],
  changeStock: [
    'PRODUCT_NOT_FOUND',
    'VARIANT_NOT_FOUND',
    'STOCK_WOULD_BE_NEGATIVE',
    'STOCK_CHANGED',
  ],
} as const satisfies Record<string, readonly ErrorCode[]>;

/**
 * DELETE: a product no order refers to is deleted with its options, variants, links and
 * files. One that orders or downloads refer to is archived instead (hidden from the
 * storefront, kept for the orders' sake), as Shopify asks merchants to archive sold products.
 */
export async function deleteProduct(w: WriteScope, id: string) {
  const current = await lockCurrent(w, id);
  const result = await w.tx.execute(sql`with sold as (
      select exists (select 1 from order_lines l where l.shop_id = ${w.shop.id} and l.product_id = ${id})
        or exists (select 1 from download_grants g where g.shop_id = ${w.shop.id} and g.product_id = ${id})
        as sold)
    delete from products p using sold
    where p.shop_id = ${w.shop.id} and p.id = ${id} and not sold.sold
    returning p.id`);
  if (result.rows.length > 0) {
    await w.audit({
      action: 'delete',
      resourceType: TYPE,
      resourceId: id,
      before: current,
      after: null,
    });
    return { id, object: TYPE, deleted: true, archived: false };
  }
  if (current.status !== 'archived') {
    await w.tx.execute(sql`update products set status = 'archived'
      where shop_id = ${w.shop.id} and id = ${id}`);
    const bumped = await bumpVersion(w.tx, w.shop.id, id);
    const after = {
      ...current,
      status: 'archived' as const,
      version: bumped.version,
      updated_at: bumped.updatedAt.toISOString(),
    };
    await w.audit({ action: 'update', resourceType: TYPE, resourceId: id, before: current, after });
    await emitFromWrite(w, 'product.updated', after);
  }
  return { id, object: TYPE, deleted: false, archived: true };
}

/**
 * PATCH of one variant: the product's update with its variants as they are and this one's
 * fields changed, so every rule of a product write applies and the product's version rises.
 */
export async function updateVariant(
  w: WriteScope,
  id: string,
  variantId: string,
  input: VariantUpdate,
): Promise<ProductWrite> {
  const current = await lockCurrent(w, id);
  if (!current.variants.some((v) => v.id === variantId)) throw new ApiError('VARIANT_NOT_FOUND');
  const variants = current.variants.map((v) =>
    v.id === variantId
      ? { ...input, id: v.id, option_values: v.option_values }
      : { id: v.id, option_values: v.option_values },
  );
  const result = await applyUpdate(w, current, { variants });
  const warnings = result.warnings.filter((warning) =>
    warning.field.startsWith(`variants.${current.variants.findIndex((v) => v.id === variantId)}.`),
  );
  return { ...result.product, warnings };
}

type StockRow = { before: number; after: number; track_stock: boolean };

/**
 * Changes units on hand in one statement that orders serialise with (they take stock with
 * `stock >= wanted` on the same row): `adjust` adds a delta and is refused below zero;
 * `set` writes an absolute value, and with `expected` only while the stock is still that
 * (Shopify's compare quantity), so an order placed in between is never overwritten.
 */
export async function changeStock(w: WriteScope, id: string, input: StockChange) {
  if (!isUuid(id)) throw new ApiError('PRODUCT_NOT_FOUND');
  if ((input.adjust === undefined) === (input.set === undefined)) {
    await lockCurrent(w, id); // an unknown product is 404 before the body is judged
    refuse([{ field: 'adjust', message: 'Give either `adjust` or `set`.' }]);
  }
  if (input.expected !== undefined && input.set === undefined) {
    await lockCurrent(w, id);
    refuse([{ field: 'expected', message: '`expected` goes with `set`.' }]);
  }
  const table = sql.raw(input.variant_id ? 'product_variants' : 'products');
  const target = input.variant_id
    ? sql`t.product_id = ${id} and t.id = ${input.variant_id}
        and exists (select 1 from products p where p.shop_id = ${w.shop.id} and p.id = ${id})`
    : sql`t.id = ${id} and not exists (select 1 from product_variants v
        where v.shop_id = ${w.shop.id} and v.product_id = ${id})`;
  // In bigint, so a sum past the int column's range is refused here rather than failing the cast.
  const sum = sql`t.stock::bigint + ${input.adjust ?? 0}::bigint`;
  const next = input.set === undefined ? sql`(${sum})::int` : sql`${input.set}::int`;
  const guard =
    input.set === undefined
      ? sql`${sum} between 0 and ${MAX_STOCK}`
      : input.expected === undefined
        ? sql`true`
        : sql`t.stock = ${input.expected}`;
  const result = await w.tx.execute(sql`with o as (
      select t.id, t.stock, t.track_stock from ${table} t
      where t.shop_id = ${w.shop.id} and ${target} for update),
    changed as (
      update ${table} t set stock = ${next}, updated_at = now() from o
      where t.shop_id = ${w.shop.id} and t.id = o.id and ${guard}
      returning t.stock)
    select o.stock as before, o.track_stock, (select stock from changed) as after from o`);
  const row = result.rows[0] as (Omit<StockRow, 'after'> & { after: number | null }) | undefined;
  if (!row) await stockTargetMissing(w, id, input.variant_id);
  if (!row) throw new ApiError('PRODUCT_NOT_FOUND');
  if (row.after === null) {
    if (input.set === undefined && row.before + (input.adjust ?? 0) > MAX_STOCK) {
      refuse([
        {
          field: 'adjust',
          message: `${row.before} on hand: stock may be at most ${MAX_STOCK}.`,
        },
      ]);
    }
    throw input.set === undefined
      ? new ApiError('STOCK_WOULD_BE_NEGATIVE', {
          details: [{ field: 'adjust', message: `Only ${row.before} on hand.` }],
        })
      : new ApiError('STOCK_CHANGED', {
          details: [{ field: 'expected', message: `The stock is now ${row.before}.` }],
        });
  }
  const resourceId = input.variant_id ?? id;
  await w.audit({
    action: 'update',
    resourceType: 'stock_level',
    resourceId,
    before: { stock: row.before },
    after: { stock: row.after },
  });
  return {
    object: 'stock_level' as const,
    product_id: id,
    variant_id: input.variant_id ?? null,
    track_stock: row.track_stock,
    stock: row.after,
  };
}

/** Why no stock row matched: no such product, no such variant, or variants not named. */
async function stockTargetMissing(w: WriteScope, id: string, variantId: string | undefined) {
  const current = await lockCurrent(w, id);
  if (variantId) throw new ApiError('VARIANT_NOT_FOUND');
  if (current.variants.length > 0) {
    refuse([{ field: 'variant_id', message: 'This product has variants: name one.' }]);
  }
}
